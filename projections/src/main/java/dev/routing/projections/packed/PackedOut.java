package dev.routing.projections.packed;

import dev.routing.journal.bytes.LoneSurrogate;
import dev.routing.journal.bytes.Varint;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * Writes a record kept as bytes (varints and raw runs) into its checkpoint form: base64 in chunks of
 * at most {@link #CHUNK_CHARS} characters, each well within the longest string a JSON reader takes
 * as one value (Jackson's default is 20 million characters), however many ids the record holds.
 */
public final class PackedOut {
    /** Base64 characters per chunk: 1 MiB, from 786,432 bytes (a multiple of 3, so no chunk is padded but the last). */
    public static final int CHUNK_CHARS = 1 << 20;
    private static final int CHUNK_BYTES = CHUNK_CHARS / 4 * 3;

    private byte[] buf;
    private int size;

    public PackedOut(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    public PackedOut varLong(long v) {
        room(Varint.MAX_BYTES);
        size = Varint.put(buf, size, v);
        return this;
    }

    public PackedOut bytes(byte[] from, int offset, int length) {
        room(length);
        System.arraycopy(from, offset, buf, size, length);
        size += length;
        return this;
    }

    /**
     * A string as its UTF-8 length and bytes. One holding a lone surrogate, which UTF-8 cannot hold,
     * is refused ({@code whose} names it): packing it would write a question mark in its place.
     */
    public PackedOut string(String s, String whose) {
        byte[] utf8 = utf8(s, whose);
        return varLong(utf8.length).bytes(utf8, 0, utf8.length);
    }

    /** A string's UTF-8, refusing one with a lone surrogate (the journal takes none in): {@code whose} names it. */
    public static byte[] utf8(String s, String whose) {
        if (LoneSurrogate.at(s) >= 0) throw new IllegalStateException(whose + " names a lone surrogate: it cannot be packed");
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The bytes written, raw: for a file whose checksum its header holds. */
    public byte[] toBytes() {
        return Arrays.copyOf(buf, size);
    }

    /** The chunks: an empty record is one empty chunk, so that every form holds at least one. */
    public List<String> chunks() {
        List<String> chunks = new ArrayList<>(size / CHUNK_BYTES + 1);
        Base64.Encoder encoder = Base64.getEncoder();
        int at = 0;
        do {
            int n = Math.min(CHUNK_BYTES, size - at);
            chunks.add(encoder.encodeToString(Arrays.copyOfRange(buf, at, at + n)));
            at += n;
        } while (at < size);
        return chunks;
    }

    private void room(int n) {
        if (size + n > buf.length) buf = Arrays.copyOf(buf, Math.max(size + n, buf.length * 2));
    }
}
