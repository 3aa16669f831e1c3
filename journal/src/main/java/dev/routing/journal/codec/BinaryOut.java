package dev.routing.journal.codec;

import dev.routing.journal.bytes.LoneSurrogate;
import dev.routing.journal.bytes.Varint;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Writes the values of one stored entry ({@link RecordBinary}) into a growing buffer. */
final class BinaryOut {
    private byte[] buf;
    private int size;

    BinaryOut(int capacity) {
        buf = new byte[capacity];
    }

    /** Empties the buffer for the next entry; one grown past a megabyte (a checkpoint) is not kept. */
    void reset() {
        size = 0;
        if (buf.length > 1 << 20) buf = new byte[1024];
    }

    byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    private void room(int n) {
        if (size + n > buf.length) buf = Arrays.copyOf(buf, Math.max(size + n, buf.length * 2));
    }

    void u8(int b) {
        room(1);
        buf[size++] = (byte) b;
    }

    void varLong(long v) {
        room(Varint.MAX_BYTES);
        size = Varint.put(buf, size, v);
    }

    void zigzag(long v) {
        varLong((v << 1) ^ (v >> 63));
    }

    void bytes(byte[] b) {
        varLong(b.length);
        room(b.length);
        System.arraycopy(b, 0, buf, size, b.length);
        size += b.length;
    }

    /**
     * UTF-8 text, length first. A lone surrogate has no UTF-8 form (Java would write {@code ?} in its
     * place, changing the words), so text holding one is refused; the strict reader lets none in.
     */
    void text(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        if (utf8.length != s.length() ? LoneSurrogate.at(s) >= 0 : replacedSurrogate(utf8, s)) {
            // the words themselves stay out of the message: they may be what a private surface was told
            throw new BadEntryException(null, "holds a lone surrogate (at character " + LoneSurrogate.at(s)
                    + " of " + s.length() + "), which is not Unicode text: not stored", null);
        }
        bytes(utf8);
    }

    /**
     * For text of one byte per char: whether a {@code ?} in its bytes stands for a lone surrogate.
     * Any other char outside ASCII takes more than one byte, so the text is ASCII but for those.
     */
    private static boolean replacedSurrogate(byte[] utf8, String s) {
        for (int i = 0; i < utf8.length; i++) {
            if (utf8[i] == '?' && s.charAt(i) != '?') return true;
        }
        return false;
    }
}
