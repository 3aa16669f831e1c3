package dev.routing.journal.store;

import dev.routing.journal.event.Entry;

/**
 * An entry as read back: its group's journal index ({@code cycle << 32 | sequence}), which every
 * entry of the group shares, and its position in the group (0 for the fact).
 */
public record JournalRecord(long index, int position, Entry entry) {
}
