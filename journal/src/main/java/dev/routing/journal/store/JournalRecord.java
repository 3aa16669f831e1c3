package dev.routing.journal.store;

import dev.routing.journal.event.Entry;

/**
 * An entry as read back: its group's journal index ({@code cycle << 32 | sequence}), which every
 * entry of the group shares, its position in the group (0 for the fact), and the host's seq for the
 * group's fact ({@link Group#NO_SEQ} when the host gave none).
 */
public record JournalRecord(long index, int position, Entry entry, long seq) {
    public JournalRecord(long index, int position, Entry entry) {
        this(index, position, entry, Group.NO_SEQ);
    }
}
