package dev.routing.sidecar.lines;

import dev.routing.journal.event.Fact;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * A host's lines (a sidecar's standard input or socket, a script's file), read from bytes and decoded
 * as UTF-8 strictly, one line at a time: a line that
 * is not valid UTF-8 is a bad line naming its number, never turned into other characters (a
 * replacement character published in a channel would be words nobody wrote). The lines before it
 * are handed out first, so they run. A UTF-8 byte order mark before the first line is skipped; one
 * before any other line (or a second before the first) is a bad line: which lines a BOM began would
 * otherwise decide what a line's reader makes of it (Jackson skips one at the start of bytes, and
 * not of text). Lines end at LF; a CR before it is dropped.
 *
 * <p>Each line is handed out as soon as its LF arrives: standard input is read as it comes, so a
 * sidecar's host gets each fact's answer before it sends the next.
 *
 * <p>A line longer than {@link #MOST_BYTES} is refused as it comes, its bytes read and dropped up to
 * its LF: a host that never sends one cannot fill the sidecar's memory.
 */
public final class LineReader {
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private final InputStream in;
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final byte[] chunk = new byte[1 << 16];
    private int chunkStart;
    private int chunkEnd;
    /** The line being read: its bytes so far. */
    private byte[] line = new byte[1024];
    private int length;
    private int number;
    private boolean ended;
    /** The line being read has passed {@link #MOST_BYTES}: the rest of it is read and dropped. */
    private boolean tooLong;

    /**
     * The longest line read: sixteen times the largest fact, so a fact too large is still read and
     * refused naming its largest field; past this the line itself is refused unread.
     */
    public static final int MOST_BYTES = 16 * Fact.MAX_BYTES;

    public LineReader(InputStream in) {
        this.in = in;
    }

    /** The number of the line last returned (1 for the first). */
    public int number() {
        return number;
    }

    /**
     * The next line, or null at the end of the input.
     *
     * @throws BadLineException for a line too long, not UTF-8, or begun by a byte order mark: the next
     *         call reads the line after it
     */
    public String next() throws IOException {
        while (true) {
            int lf = -1;
            for (int i = chunkStart; i < chunkEnd; i++) {
                if (chunk[i] == '\n') {
                    lf = i;
                    break;
                }
            }
            keep((lf < 0 ? chunkEnd : lf) - chunkStart);
            if (lf >= 0) {
                chunkStart++;
                break;
            }
            if (ended) {
                if (length == 0) return null;
                break;
            }
            int n = in.read(chunk);
            if (n < 0) {
                ended = true;
                chunkStart = chunkEnd = 0;
            } else {
                chunkStart = 0;
                chunkEnd = n;
            }
        }
        number++;
        int end = length;
        length = 0;
        if (tooLong) {
            tooLong = false;
            throw new BadLineException(number, null, String.format(Locale.ROOT, "a line of more than %,d bytes: refused unread, nothing"
                    + " from it was journaled", MOST_BYTES));
        }
        int start = number == 1 && startsWithBom(0, end) ? BOM.length : 0;
        if (startsWithBom(start, end)) {
            throw new BadLineException(number, null, "a byte order mark (U+FEFF) begins the line: only the first line"
                    + " may begin with one, where it is skipped; nothing from this line was journaled");
        }
        if (end > start && line[end - 1] == '\r') end--;
        return decode(start, end);
    }

    /** Moves the next {@code take} bytes of the chunk onto the line being read. */
    private void keep(int take) {
        if (tooLong || length + take > MOST_BYTES) {
            tooLong = true;
            chunkStart += take;
            return;
        }
        if (length + take > line.length) line = Arrays.copyOf(line, Math.max(line.length * 2, length + take));
        System.arraycopy(chunk, chunkStart, line, length, take);
        length += take;
        chunkStart += take;
    }

    private boolean startsWithBom(int at, int end) {
        return end - at >= BOM.length && line[at] == BOM[0] && line[at + 1] == BOM[1] && line[at + 2] == BOM[2];
    }

    private String decode(int start, int end) {
        try {
            return utf8.reset().decode(ByteBuffer.wrap(line, start, end - start)).toString();
        } catch (CharacterCodingException e) {
            throw new BadLineException(number, null, "not valid UTF-8 (" + badByte(start, end) + "): nothing from it"
                    + " was journaled");
        }
    }

    /** Where the first byte that is not UTF-8 sits, for the error. */
    private String badByte(int start, int end) {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer bytes = ByteBuffer.wrap(line, start, end - start);
        CharBuffer chars = CharBuffer.allocate(end - start + 1);
        var result = d.decode(bytes, chars, true);
        int at = bytes.position() - start;
        if (result.isError() && bytes.position() < end) {
            return String.format(Locale.ROOT, "byte 0x%02X at byte %d of the line", line[bytes.position()] & 0xFF, at + 1);
        }
        return "a sequence cut short at its end";
    }
}
