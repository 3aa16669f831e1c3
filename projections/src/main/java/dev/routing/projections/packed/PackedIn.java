package dev.routing.projections.packed;

import dev.routing.journal.bytes.Varint;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * Reads a record's checkpoint form ({@link PackedOut}) strictly: base64 as the writer spells it,
 * every varint in its shortest form and at most 64 bits, every count no larger than the bytes left
 * could hold, nothing after the end.
 * A damaged form is refused with an {@link IllegalArgumentException} that says what and where,
 * never read as something else and never allocated for from a count it cannot hold.
 */
public final class PackedIn {
    private final String what;
    private final byte[] bytes;
    private int at;
    /** A varint that cannot be read, named by where it starts. */
    private final Varint.Refusal damaged = fault -> refused(switch (fault) {
        case CUT -> "the bytes end inside a number at byte " + at;
        case OVER_64_BITS -> "a number over 64 bits at byte " + at;
        case NOT_SHORTEST -> "a number not in its shortest form at byte " + at;
    });

    /** Bytes held raw, not as base64 chunks (a log's entries, whose checksum the caller checked). */
    public PackedIn(String what, byte[] bytes) {
        this.what = what;
        this.bytes = bytes;
    }

    public PackedIn(String what, List<String> chunks) {
        this.what = what;
        if (chunks == null || chunks.isEmpty()) throw refused("no chunks");
        Base64.Decoder decoder = Base64.getDecoder();
        int total = 0;
        byte[][] parts = new byte[chunks.size()][];
        for (int i = 0; i < parts.length; i++) {
            String chunk = chunks.get(i);
            if (chunk == null) throw refused("chunk " + i + " is null");
            // an empty record is one empty chunk; a form of exactly one whole chunk has none after it
            if (chunk.isEmpty() && parts.length > 1) throw refused("chunk " + i + " is empty");
            // Only the last chunk may be short: a cut in the middle would shift everything after it.
            if (i < parts.length - 1 && chunk.length() != PackedOut.CHUNK_CHARS) throw refused("chunk " + i + " is cut short");
            try {
                parts[i] = decoder.decode(chunk);
            } catch (IllegalArgumentException e) {
                throw refused("chunk " + i + " is not base64 (" + e.getMessage() + ")");
            }
            if (!asWritten(chunk, parts[i], i == parts.length - 1)) throw refused("chunk " + i + " is not base64 as written");
            total += parts[i].length;
        }
        bytes = new byte[total];
        int to = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, bytes, to, part.length);
            to += part.length;
        }
    }

    /**
     * Whether {@code chunk}, which decoded to {@code decoded}, is spelled as {@link PackedOut} spells
     * those bytes: the decoder also takes base64 without its padding, or with bits set in it, as the
     * same bytes, spellings no writer writes. Padded to whole quads, padded only at the form's end
     * (earlier chunks are whole 3-byte groups), its last quad the encoding of the bytes it holds.
     */
    private static boolean asWritten(String chunk, byte[] decoded, boolean last) {
        int spare = decoded.length % 3;
        if (chunk.length() % 4 != 0) return false;
        if (spare == 0) return true;
        String quad = Base64.getEncoder().encodeToString(Arrays.copyOfRange(decoded, decoded.length - spare, decoded.length));
        return last && chunk.endsWith(quad);
    }

    /** A varint ({@link Varint}), checked. */
    public long varLong() {
        long v = Varint.read(bytes, at, bytes.length, damaged);
        at += Varint.size(v);
        return v;
    }

    /** A count of things each at least {@code minBytes} long, so no larger than the bytes left allow. */
    public int count(String of, int minBytes) {
        long v = varLong();
        if (v < 0 || v > (long) remaining() / Math.max(1, minBytes)) {
            throw refused(v + " " + of + " cannot fit in the " + remaining() + " bytes left");
        }
        return (int) v;
    }

    /**
     * A string written by {@link PackedOut#string}: its UTF-8 length and bytes, refused unless valid
     * UTF-8. {@code what} and {@code n} name it in a refusal (joined only then: this runs for every id).
     */
    public String string(String what, int n) {
        long length = varLong();
        if (length < 0 || length > remaining()) throw refused(what + " " + n + " takes " + length + " bytes, " + remaining() + " left");
        int from = skip((int) length);
        int end = from + (int) length;
        boolean ascii = true;
        for (int i = from; i < end && ascii; i++) ascii = bytes[i] >= 0;
        if (ascii) return new String(bytes, from, end - from, StandardCharsets.ISO_8859_1);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, from, end - from)).toString();
        } catch (CharacterCodingException e) {
            throw refused(what + " " + n + " is not UTF-8");
        }
    }

    /** The next {@code n} bytes' offset in {@link #bytes()}, moving past them. */
    public int skip(int n) {
        if (n < 0 || n > remaining()) throw refused(n + " bytes asked, " + remaining() + " left");
        int from = at;
        at += n;
        return from;
    }

    /** The whole form's bytes, for a reader that copies runs out of it. */
    public byte[] bytes() {
        return bytes;
    }

    public int position() {
        return at;
    }

    public int remaining() {
        return bytes.length - at;
    }

    public void end() {
        if (at != bytes.length) throw refused((bytes.length - at) + " bytes after the end");
    }

    public IllegalArgumentException refused(String why) {
        return new IllegalArgumentException(what + ": " + why);
    }
}
