package dev.routing.journal.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

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

    /** An unsigned LEB128 varint of up to 64 bits. */
    long varLong() {
        if (pos < limit && buf[pos] >= 0) return buf[pos++]; // one byte: most masks, lengths and counts
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos >= limit) throw cut();
            byte b = buf[pos++];
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                if (shift == 63 && (b & 0x7E) != 0) break;
                // the writer never ends a varint on a zero group: one that does is no stored form of ours
                if (b == 0 && shift > 0) throw new BadEntryException(null, "a number of the stored entry is not in its shortest form", null);
                return value;
            }
        }
        throw new BadEntryException(null, "a number of the stored entry is longer than 64 bits", null);
    }

    /** A zigzag varint: small negative numbers stay short. */
    long zigzag() {
        long v = varLong();
        return (v >>> 1) ^ -(v & 1);
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

    /** UTF-8 text, length first. ASCII (nearly all of it) is copied; anything else is decoded strictly. */
    String text() {
        int n = size();
        int from = pos;
        pos += n;
        return ascii(from, n) ? new String(buf, from, n, StandardCharsets.ISO_8859_1) : utf8(from, n);
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

    private String utf8(int from, int n) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(buf, from, n))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new BadEntryException(null, "text that is not UTF-8 (" + e.getMessage() + ")", e);
        }
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
