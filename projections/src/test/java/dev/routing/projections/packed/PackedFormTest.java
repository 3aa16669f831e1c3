package dev.routing.projections.packed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A record's packed checkpoint form: whatever a writer was sized for, what it writes reads back
 * whole; a reader refuses, saying what, a count the bytes left cannot hold, bytes after the end, and
 * base64 in any form but the one a writer writes.
 */
class PackedFormTest {
    private static byte[] run(int n) {
        byte[] run = new byte[n];
        for (int i = 0; i < n; i++) run[i] = (byte) (i * 7);
        return run;
    }

    private static String refusal(Runnable read) {
        return assertThrows(IllegalArgumentException.class, read::run).getMessage();
    }

    @Test
    void aWriterSizedForLittleWritesALongRunWhole() {
        byte[] written = run(1000);
        List<String> chunks = new PackedOut(1).varLong(1000).bytes(written, 0, 1000).varLong(Long.MAX_VALUE).chunks();
        PackedIn in = new PackedIn("test", chunks);
        assertEquals(1000, in.count("bytes", 1));
        int from = in.skip(1000);
        byte[] read = Arrays.copyOfRange(in.bytes(), from, from + 1000);
        assertArrayEquals(written, read);
        assertEquals(Long.MAX_VALUE, in.varLong());
        assertEquals(0, in.remaining());
        in.end();
    }

    @Test
    void aCountTheBytesLeftCannotHoldIsRefused() {
        List<String> chunks = new PackedOut(16).varLong(3).bytes(run(4), 0, 4).chunks();
        assertEquals("test: 3 ids cannot fit in the 4 bytes left", refusal(() -> new PackedIn("test", chunks).count("ids", 2)));
        PackedIn fits = new PackedIn("test", chunks);
        assertEquals(3, fits.count("ids", 1), "three ids of a byte each fit in four");
        assertEquals(4, fits.remaining());
    }

    @Test
    void bytesAfterTheEndAreRefused() {
        List<String> chunks = new PackedOut(16).varLong(1).bytes(run(2), 0, 2).chunks();
        PackedIn in = new PackedIn("test", chunks);
        in.varLong();
        assertEquals("test: 2 bytes after the end", refusal(in::end));
        assertEquals("test: 3 bytes asked, 2 left", refusal(() -> in.skip(3)));
    }

    /**
     * Java's decoder takes base64 without its padding, and with bits set in the padding, as the same
     * bytes: spellings no writer writes (a damaged chunk), which a strict reader refuses.
     */
    @Test
    void base64NoWriterWritesIsRefused() {
        List<String> written = new PackedOut(16).varLong(0).varLong(0).chunks();
        assertEquals(List.of("AAA="), written);
        assertEquals(0, new PackedIn("test", written).varLong());
        for (String unwritten : List.of("AAA", "AAB=", "AAC=", "AR==")) {
            assertEquals("test: chunk 0 is not base64 as written", refusal(() -> new PackedIn("test", List.of(unwritten))));
        }
        String full = new PackedOut(16).bytes(run(PackedOut.CHUNK_CHARS / 4 * 3 + 1), 0, PackedOut.CHUNK_CHARS / 4 * 3 + 1).chunks().get(0);
        String padded = full.substring(0, full.length() - 4) + "AA==";
        assertEquals(PackedOut.CHUNK_CHARS, padded.length());
        assertEquals("test: chunk 0 is not base64 as written", refusal(() -> new PackedIn("test", List.of(padded, "AA=="))));
    }

    /**
     * A form of exactly one whole chunk is that chunk alone: no writer adds an empty chunk after it
     * (found by a review; the decoder took it as the same bytes).
     */
    @Test
    void anEmptyChunkAfterAWholeOneIsRefused() {
        int whole = PackedOut.CHUNK_CHARS / 4 * 3;
        List<String> written = new PackedOut(16).bytes(run(whole), 0, whole).chunks();
        assertEquals(1, written.size());
        assertEquals(whole, new PackedIn("test", written).remaining());
        assertEquals("test: chunk 1 is empty", refusal(() -> new PackedIn("test", List.of(written.get(0), ""))));
        assertEquals(0, new PackedIn("test", List.of("")).remaining());
    }
}
