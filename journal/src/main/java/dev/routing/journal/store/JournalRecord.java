package dev.routing.journal.store;

import dev.routing.journal.event.Entry;

/** An entry as read back, with its journal index ({@code cycle << 32 | sequence}). */
public record JournalRecord(long index, Entry entry) {
}
