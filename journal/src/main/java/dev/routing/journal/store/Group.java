package dev.routing.journal.store;

import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.internal.Excerpt;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * Entries that go to the journal as one excerpt, all or nothing: a fact and its decisions, the
 * opening of a reopened journal, or a state checkpoint alone. Entries are encoded as they are added
 * (the one place the journal calls the entry codec), so a caller can weigh the group before
 * anything is written.
 *
 * <p>A group may carry the host's {@code seq} for its fact ({@link #seq(long)}): it is then written
 * as a numbered excerpt, the seq before the entries. The buffer keeps room for a header and a seq
 * before the entries, so either form is written from it in place.
 */
public final class Group {
    /** Where the entries start in {@link #buffer()}: after room for the header and a seq. */
    private static final int ENTRIES = Excerpt.HEADER_BYTES + Excerpt.SEQ_BYTES;

    private byte[] buf = new byte[1024];
    private int size = ENTRIES;
    private int count;
    private long seq = NO_SEQ;
    private boolean durable;
    private boolean checkpoint;
    private long atMillis = Long.MIN_VALUE;
    private String largestType;
    private int largestBytes;

    private static final String STATE_CHECKPOINT = StateCheckpoint.class.getAnnotation(JsonTypeName.class).value();

    /** A group the host gave no seq. */
    public static final long NO_SEQ = Excerpt.NO_SEQ;

    public Group() {
    }

    public static Group of(List<? extends Entry> entries) {
        Group g = new Group();
        for (Entry e : entries) g.add(e);
        return g;
    }

    /** Empties the group for reuse. */
    public void clear() {
        size = ENTRIES;
        count = 0;
        seq = NO_SEQ;
        durable = false;
        checkpoint = false;
        atMillis = Long.MIN_VALUE;
        largestType = null;
        largestBytes = 0;
    }

    /** Adds an entry and returns its encoded size in bytes. */
    public int add(Entry entry) {
        if (checkpoint || (entry instanceof StateCheckpoint && (count > 0 || seq != NO_SEQ))) {
            throw new IllegalArgumentException("a state checkpoint is a group of its own");
        }
        byte kind = entry instanceof Fact ? Excerpt.FACT : entry instanceof Decision ? Excerpt.DECISION : Excerpt.CHECKPOINT;
        return add(kind, EntryCodec.store(entry), entry.durable(), entry.at().toEpochMilli(), entry.type());
    }

    /**
     * A state checkpoint's group from its stored form ({@link EntryCodec#storeCheckpoint}), for a
     * writer that has its state as JSON already and builds no record to hold it.
     */
    public static Group checkpoint(byte[] stored, Instant at) {
        Group g = new Group();
        g.add(Excerpt.CHECKPOINT, stored, false, at.toEpochMilli(), STATE_CHECKPOINT);
        return g;
    }

    private int add(byte kind, byte[] stored, boolean durable, long atMillis, String type) {
        int needed = size + Excerpt.ENTRY_PREFIX_BYTES + stored.length;
        if (needed > buf.length) buf = Arrays.copyOf(buf, Math.max(needed, buf.length * 2));
        buf[size] = kind;
        Excerpt.u32(buf, size + 1, stored.length);
        System.arraycopy(stored, 0, buf, size + Excerpt.ENTRY_PREFIX_BYTES, stored.length);
        size = needed;
        count++;
        this.durable |= durable;
        checkpoint = kind == Excerpt.CHECKPOINT;
        this.atMillis = Math.max(this.atMillis, atMillis);
        if (stored.length > largestBytes) {
            largestBytes = stored.length;
            largestType = type;
        }
        return stored.length;
    }

    /**
     * Numbers the group with the host's seq for its fact (1 or more), which the journal keeps with
     * it; {@link #NO_SEQ} for none.
     */
    public void seq(long seq) {
        if (seq < NO_SEQ) throw new IllegalArgumentException("a seq is 1 or more, not " + seq);
        if (seq != NO_SEQ && checkpoint) throw new IllegalArgumentException("a state checkpoint carries no seq");
        this.seq = seq;
    }

    public long seq() {
        return seq;
    }

    /** The excerpt's size: header, seq if any, and entries. */
    public int bytes() {
        return Excerpt.HEADER_BYTES + payloadLength();
    }

    /** Where the excerpt's payload starts in {@link #buffer()}: at the seq when there is one, else at the entries. */
    int payloadOffset() {
        return seq == NO_SEQ ? ENTRIES : Excerpt.HEADER_BYTES;
    }

    /** The payload's length: the seq if any, and the entries. */
    int payloadLength() {
        return size - payloadOffset();
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

    /** The excerpt's kind: a checkpoint, a group the host numbered, or a plain group. */
    byte kind() {
        return checkpoint ? Excerpt.CHECKPOINT : seq != NO_SEQ ? Excerpt.NUMBERED : Excerpt.GROUP;
    }

    boolean durable() {
        return durable;
    }

    long atMillis() {
        return atMillis;
    }

    /**
     * The excerpt's bytes: room for the header and the seq, then the entries. The seq, when there
     * is one, is stored here by this call.
     */
    byte[] buffer() {
        if (seq != NO_SEQ) Excerpt.i64(buf, Excerpt.HEADER_BYTES, seq);
        return buf;
    }
}
