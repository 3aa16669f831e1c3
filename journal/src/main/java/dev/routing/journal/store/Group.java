package dev.routing.journal.store;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.StateCheckpoint;
import java.util.Arrays;
import java.util.List;

/**
 * Entries that go to the journal as one excerpt, all or nothing: a fact and its decisions, the
 * opening of a reopened journal, or a state checkpoint alone. Entries are encoded as they are added
 * (the one place the journal calls the entry codec), so a caller can weigh the group before
 * anything is written.
 */
public final class Group {
    private byte[] buf = new byte[1024];
    private int size = Excerpt.HEADER_BYTES;
    private int count;
    private boolean durable;
    private boolean checkpoint;
    private long atMillis = Long.MIN_VALUE;
    private String largestType;
    private int largestBytes;

    public Group() {
    }

    public static Group of(List<? extends Entry> entries) {
        Group g = new Group();
        for (Entry e : entries) g.add(e);
        return g;
    }

    /** Empties the group for reuse. */
    public void clear() {
        size = Excerpt.HEADER_BYTES;
        count = 0;
        durable = false;
        checkpoint = false;
        atMillis = Long.MIN_VALUE;
        largestType = null;
        largestBytes = 0;
    }

    /** Adds an entry and returns its encoded size in bytes. */
    public int add(Entry entry) {
        if (checkpoint || (entry instanceof StateCheckpoint && count > 0)) {
            throw new IllegalArgumentException("a state checkpoint is a group of its own");
        }
        byte[] json = EntryCodec.encode(entry);
        byte kind = entry instanceof Fact ? Excerpt.FACT : entry instanceof Decision ? Excerpt.DECISION : Excerpt.CHECKPOINT;
        int needed = size + Excerpt.ENTRY_PREFIX_BYTES + json.length;
        if (needed > buf.length) buf = Arrays.copyOf(buf, Math.max(needed, buf.length * 2));
        buf[size] = kind;
        Excerpt.u32(buf, size + 1, json.length);
        System.arraycopy(json, 0, buf, size + Excerpt.ENTRY_PREFIX_BYTES, json.length);
        size = needed;
        count++;
        durable |= entry.durable();
        checkpoint = entry instanceof StateCheckpoint;
        atMillis = Math.max(atMillis, entry.at().toEpochMilli());
        if (json.length > largestBytes) {
            largestBytes = json.length;
            largestType = entry.type();
        }
        return json.length;
    }

    /** The excerpt's size: header and entries. */
    public int bytes() {
        return size;
    }

    public int count() {
        return count;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    /** The type of the largest entry, and its size: what to name when the group is refused. */
    public String largestType() {
        return largestType;
    }

    public int largestBytes() {
        return largestBytes;
    }

    boolean durable() {
        return durable;
    }

    boolean isCheckpoint() {
        return checkpoint;
    }

    long atMillis() {
        return atMillis;
    }

    /** The excerpt's bytes: the header's room, then the entries. */
    byte[] buffer() {
        return buf;
    }
}
