package dev.routing.journal.store.internal;

import dev.routing.journal.codec.EntryCodec;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * The binary header that opens every excerpt (journal formats 2 and 3), drawn in {@code store.Journal}'s
 * class comment and in docs/protocol.md. Little-endian. Format 3 is format 2 with the journal's id
 * ({@link JournalId}) at the start of what the checksum covers: the id is in no excerpt, only in
 * journal.tip, and an excerpt of another journal fails its checksum here. Format 1 (before
 * checksums) began each excerpt with Chronicle Wire's field name {@code v} (byte 0xC1), so the
 * first byte tells the formats apart. This record is the one place that lays the header out: every
 * write and every read of it goes through here.
 */
public record Excerpt(byte kind, int schema, int count, long ordinal, long firstEntry, long prevIndex, long time, int length,
        int crc, byte format) {
    /** Format 2: the checksum covers the header and the payload. Journals before journal ids. */
    static final byte UNBOUND = 2;
    /** Format 3: the checksum covers the journal's id ({@link JournalId}) first, then what format 2's does. */
    static final byte BOUND = 3;
    private static final byte FORMAT_1_FIRST_BYTE = (byte) 0xC1;
    public static final int HEADER_BYTES = 48;
    /** The header's bytes the checksum covers: all but the checksum itself, which follows them. */
    private static final int CHECKED_BYTES = 44;
    public static final int ENTRY_PREFIX_BYTES = 5;
    public static final int SEQ_BYTES = 8;

    public static final byte GROUP = 'G';
    public static final byte NUMBERED = 'N';
    public static final byte CHECKPOINT = 'C';
    static final byte PART_START = 'S';
    static final byte PART = 'P';
    static final byte PART_END = 'E';

    public static final byte FACT = 'F';
    public static final byte DECISION = 'D';

    /** The seq of a group the host did not number: the host's seqs are 1 or more. */
    public static final long NO_SEQ = 0;
    /**
     * The largest excerpt of entries. Chronicle refuses an excerpt over a quarter of its 64 MiB block
     * (16 MiB); a group is kept to half that, so that a fact under the fact limit has room for every
     * decision it can make. A state checkpoint has no limit: it is written in parts.
     */
    public static final int GROUP_LIMIT = 8 << 20;

    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** Whether the checksum covers the journal's id (format 3): the excerpt is this journal's only. */
    boolean bound() {
        return format == BOUND;
    }

    boolean isPart() {
        return kind == PART_START || kind == PART;
    }

    /** Holds a state checkpoint (whole, or the end that completes one). */
    boolean isCheckpoint() {
        return kind == CHECKPOINT || kind == PART_END;
    }

    static boolean knownKind(byte kind) {
        return kind == GROUP || kind == NUMBERED || kind == CHECKPOINT || kind == PART_START || kind == PART || kind == PART_END;
    }

    /**
     * Whether this excerpt's entries are of a schema newer than this build's: they are refused, never
     * misread.
     */
    boolean newerSchema() {
        return schema > EntryCodec.SCHEMA_VERSION;
    }

    /** Whether the excerpt whose first {@code size} bytes are in {@code buf} is of journal format 1. */
    static boolean isFormat1(byte[] buf, int size) {
        return size > 0 && buf[0] == FORMAT_1_FIRST_BYTE;
    }

    /** Where the entries of a group start in its excerpt's bytes. */
    int entriesOffset() {
        return kind == NUMBERED ? HEADER_BYTES + SEQ_BYTES : HEADER_BYTES;
    }

    /** The host's seq of a numbered group whose excerpt is in {@code buf}; {@link #NO_SEQ} for any other excerpt. */
    long seq(byte[] buf) {
        return kind == NUMBERED ? i64(buf, HEADER_BYTES) : NO_SEQ;
    }

    /**
     * Writes the header into {@code buf[at, at + HEADER_BYTES)} for the payload at {@code payload[offset,
     * offset + length)} (which may be {@code buf} itself, right after the header), checksum included;
     * returns the checksum.
     */
    static int writeHeader(byte[] buf, int at, byte kind, int schema, int count, long ordinal, long firstEntry,
            long prevIndex, long time, byte[] payload, int offset, int length, CRC32C crc) {
        return writeHeader(buf, at, null, kind, schema, count, ordinal, firstEntry, prevIndex, time, payload, offset, length, crc);
    }

    /** As above, bound to the journal {@code id} (format 3), or unbound (format 2) when it is null. */
    static int writeHeader(byte[] buf, int at, JournalId id, byte kind, int schema, int count, long ordinal, long firstEntry,
            long prevIndex, long time, byte[] payload, int offset, int length, CRC32C crc) {
        buf[at] = id == null ? UNBOUND : BOUND;
        buf[at + 1] = kind;
        I16.set(buf, at + 2, (short) schema);
        I32.set(buf, at + 4, count);
        I64.set(buf, at + 8, ordinal);
        I64.set(buf, at + 16, firstEntry);
        I64.set(buf, at + 24, prevIndex);
        I64.set(buf, at + 32, time);
        I32.set(buf, at + 40, length);
        int checksum = checksum(id, buf, at, payload, offset, length, crc);
        I32.set(buf, at + CHECKED_BYTES, checksum);
        return checksum;
    }

    /** The CRC32C over the journal's id (when bound), a header's checked bytes (at {@code at} in {@code header}) and its payload. */
    private static int checksum(JournalId id, byte[] header, int at, byte[] payload, int offset, int length, CRC32C crc) {
        crc.reset();
        if (id != null) id.update(crc);
        crc.update(header, at, CHECKED_BYTES);
        crc.update(payload, offset, length);
        return (int) crc.getValue();
    }

    /**
     * The header of an excerpt of {@code size} bytes whose first bytes (the whole excerpt, or at least
     * its header) are in {@code buf}, or null when it is none of format 2 or 3 (too short, another format
     * byte, an unknown kind, a length that does not match the size). The checksum is read, not
     * checked: see {@link #intact}.
     */
    static Excerpt read(byte[] buf, int size) {
        Excerpt e = size < HEADER_BYTES ? null : readHeader(buf);
        return e != null && e.length == size - HEADER_BYTES ? e : null;
    }

    /** The header in {@code buf[0, HEADER_BYTES)}, or null when it is none of format 2 or 3. */
    static Excerpt readHeader(byte[] buf) {
        if (buf.length < HEADER_BYTES || (buf[0] != UNBOUND && buf[0] != BOUND) || !knownKind(buf[1])) return null;
        return new Excerpt(buf[1], Short.toUnsignedInt((short) I16.get(buf, 2)), (int) I32.get(buf, 4),
                (long) I64.get(buf, 8), (long) I64.get(buf, 16), (long) I64.get(buf, 24), (long) I64.get(buf, 32),
                (int) I32.get(buf, 40), (int) I32.get(buf, CHECKED_BYTES), buf[0]);
    }

    /** Whether the unbound excerpt in {@code buf} (whose header this is) matches its checksum. */
    boolean intact(byte[] buf, CRC32C crc) {
        return intact(buf, crc, null);
    }

    /**
     * Whether the excerpt in {@code buf} (whose header this is) matches its checksum: a bound one
     * under the journal {@code id}, which it never matches when null.
     */
    boolean intact(byte[] buf, CRC32C crc, JournalId id) {
        if (bound() && id == null) return false;
        return checksum(bound() ? id : null, buf, 0, buf, HEADER_BYTES, length, crc) == this.crc;
    }

    /** The entries that follow this excerpt's. */
    long nextEntry() {
        return firstEntry + count;
    }

    static int u32(byte[] buf, int at) {
        return (int) I32.get(buf, at);
    }

    public static void u32(byte[] buf, int at, int value) {
        I32.set(buf, at, value);
    }

    static long i64(byte[] buf, int at) {
        return (long) I64.get(buf, at);
    }

    public static void i64(byte[] buf, int at, long value) {
        I64.set(buf, at, value);
    }
}
