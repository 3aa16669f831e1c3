package dev.routing.journal.codec;

import dev.routing.journal.bytes.Varint;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * Reads the values of one stored entry ({@link RecordBinary}) from a slice of bytes. Every read
 * checks what it reads: a length past the slice's end, a varint longer than its type, a flag byte
 * other than 0 or 1, text that is not UTF-8: each is a {@link BadEntryException}, never a guess.
 */
final class BinaryIn {
    final byte[] buf;
    int pos;
    final int limit;

    BinaryIn(byte[] buf, int offset, int length) {
        this.buf = buf;
        this.pos = offset;
        this.limit = offset + length;
    }

    boolean atEnd() {
        return pos == limit;
    }

    int u8() {
        if (pos >= limit) throw cut();
        return buf[pos++] & 0xFF;
    }

    /** An unsigned LEB128 varint of up to 64 bits ({@link Varint}). */
    long varLong() {
        int p = pos;
        if (p < limit) {
            byte first = buf[p];
            if (first >= 0) { // one byte: most masks, lengths and counts
                pos = p + 1;
                return first;
            }
        }
        return longerVarLong();
    }

    /**
     * A varint of more than one byte (an instant's second and nano): kept apart so that the one-byte
     * case inlines. Up to eight bytes of it are read as one word when the slice holds eight more;
     * any other form is read, and judged, by {@link Varint#read}.
     */
    private long longerVarLong() {
        int p = pos;
        if (limit - p >= 8) {
            long w = (long) I64.get(buf, p);
            long ends = ~w & HIGH_BITS; // the first byte with its top bit clear is the varint's last
            if (ends != 0) {
                int bits = Long.numberOfTrailingZeros(ends) + 1; // 8 per byte of the varint
                long groups = w & (bits == 64 ? -1L : (1L << bits) - 1) & 0x7F7F_7F7F_7F7F_7F7FL;
                if (groups >>> (bits - 8) != 0) { // a zero last group is no shortest form: Varint.read names it
                    pos = p + (bits >>> 3);
                    // the seven-bit groups packed together: pairs of bytes, then of pairs, then of those
                    groups = (groups & 0x007F_007F_007F_007FL) | ((groups & 0x7F00_7F00_7F00_7F00L) >>> 1);
                    groups = (groups & 0x0000_3FFF_0000_3FFFL) | ((groups & 0x3FFF_0000_3FFF_0000L) >>> 2);
                    return (groups & 0x0000_0000_0FFF_FFFFL) | ((groups & 0x0FFF_FFFF_0000_0000L) >>> 4);
                }
            }
        }
        long value = Varint.read(buf, p, limit, DAMAGED);
        pos = p + Varint.size(value);
        return value;
    }

    /** A varint of the stored entry that cannot be read, in the words every fault of an entry has. */
    private static final Varint.Refusal DAMAGED = fault -> switch (fault) {
        case CUT -> cut();
        case OVER_64_BITS -> new BadEntryException(null, "a number of the stored entry is longer than 64 bits", null);
        case NOT_SHORTEST -> new BadEntryException(null, "a number of the stored entry is not in its shortest form", null);
    };

    /** A zigzag varint: small negative numbers stay short. */
    long zigzag() {
        long v = varLong();
        return (v >>> 1) ^ -(v & 1);
    }

    /** A zigzag varint that must fit an int. */
    int int32() {
        long v = zigzag();
        if (v != (int) v) throw new BadEntryException(null, v + " is too large for this field (an int)", null);
        return (int) v;
    }

    /** Epoch second (zigzag) then nano of second, within the journal's years. */
    Instant instant() {
        long second = zigzag();
        long nano = varLong();
        if (nano < 0 || nano > 999_999_999L) throw new BadEntryException(null, "an instant's nano of second is " + nano, null);
        if (!IsoInstant.inJournalYears(second)) {
            throw new BadEntryException(null, "epoch second " + second + " is outside the years 1970 to 9999, which are"
                    + " the journal's days", null);
        }
        return Instant.ofEpochSecond(second, nano);
    }

    /** A length or count: at most what is left of the slice. */
    int size() {
        long n = varLong();
        if (n < 0 || n > limit - pos) throw cut();
        return (int) n;
    }

    boolean flag() {
        int b = u8();
        if (b > 1) throw new BadEntryException(null, "a flag is stored as " + b + ", not 0 or 1", null);
        return b == 1;
    }

    /** UTF-8 text, length first. ASCII (nearly all of it) is copied; anything else is checked strictly, then decoded. */
    String text() {
        int n = size();
        int from = pos;
        pos += n;
        return n == 0 ? "" : decode(from, n);
    }

    private String decode(int from, int n) {
        if (ascii(from, n)) return new String(buf, from, n, StandardCharsets.ISO_8859_1);
        int bad = StrictUtf8.malformedAt(buf, from, n);
        if (bad >= 0) throw new BadEntryException(null, "text that is not UTF-8 (a malformed sequence at byte " + bad + " of " + n + ")", null);
        return new String(buf, from, n, StandardCharsets.UTF_8);
    }

    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080_8080_8080_8080L;

    /** Whether {@code buf[from, from + n)} is all ASCII: eight bytes at a time, as the JDK checks its own strings. */
    private boolean ascii(int from, int n) {
        int i = from;
        int end = from + n;
        for (; i + 8 <= end; i += 8) {
            if (((long) I64.get(buf, i) & HIGH_BITS) != 0) return false;
        }
        for (; i < end; i++) {
            if (buf[i] < 0) return false;
        }
        return true;
    }

    /** The next {@code n} bytes as text, for an error message that quotes them. */
    String textOf(int n) {
        String s = new String(buf, pos, n, StandardCharsets.UTF_8);
        pos += n;
        return s;
    }

    /** Whether the next {@code n} bytes equal {@code expected}; they are consumed either way. */
    boolean matches(byte[] expected, int n) {
        int from = pos;
        pos += n;
        return java.util.Arrays.equals(buf, from, from + n, expected, 0, expected.length);
    }

    private static BadEntryException cut() {
        return new BadEntryException(null, "the stored entry ends inside a value (it is cut short)", null);
    }
}
