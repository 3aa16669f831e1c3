package dev.routing.journal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.bytes.VarintTest;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Varints read back as written at every length, whether the slice holds eight more bytes (read as a
 * word) or fewer (read byte by byte); a varint ending on a zero group, cut short or past 64 bits is
 * refused either way, and nothing past the slice is read.
 */
class BinaryInTest {
    private static List<Long> values() {
        return VarintTest.values();
    }

    private static byte[] varint(long v) {
        BinaryOut out = new BinaryOut(16);
        out.varLong(v);
        return out.toByteArray();
    }

    /** {@code run} at offset 3 of a larger array, the slice ending with it, then {@code after} bytes of 0xFF (continuation bits). */
    private static BinaryIn slice(byte[] run, int after) {
        byte[] buf = new byte[3 + run.length + after];
        Arrays.fill(buf, (byte) 0xFF);
        System.arraycopy(run, 0, buf, 3, run.length);
        return new BinaryIn(buf, 3, run.length);
    }

    @Test
    void everyValueReadsBackWithAndWithoutEightBytesToSpare() {
        for (long v : values()) {
            byte[] run = varint(v);
            for (int spare : new int[] {0, 1, 7, 8, 12}) {
                byte[] withSpare = Arrays.copyOf(run, run.length + spare); // zero bytes after the varint, inside the slice
                BinaryIn in = new BinaryIn(withSpare, 0, withSpare.length);
                assertEquals(v, in.varLong(), () -> v + " with " + spare + " bytes to spare");
                assertEquals(run.length, in.pos, () -> v + " consumed");
                BinaryIn cut = slice(run, 16); // the slice ends at the varint: what follows it is not read
                assertEquals(v, cut.varLong());
                assertTrue(cut.atEnd());
            }
        }
    }

    @Test
    void aVarintEndingOnAZeroGroupIsRefusedAtEveryLength() {
        for (int length = 2; length <= 10; length++) {
            byte[] run = new byte[length];
            Arrays.fill(run, 0, length - 1, (byte) 0x81);
            run[length - 1] = 0;
            for (int spare : new int[] {0, 8}) {
                byte[] withSpare = Arrays.copyOf(run, length + spare);
                int n = length;
                BadEntryException e = assertThrows(BadEntryException.class,
                        () -> new BinaryIn(withSpare, 0, withSpare.length).varLong(), () -> n + " bytes");
                assertTrue(e.getMessage().contains("shortest form"), e.getMessage());
            }
        }
    }

    @Test
    void aVarintCutShortOrPast64BitsIsRefused() {
        for (int length = 1; length <= 12; length++) {
            byte[] continuing = new byte[length];
            Arrays.fill(continuing, (byte) 0x80);
            continuing[0] = (byte) 0x81;
            int n = length;
            // the slice ends while the varint continues, though the array holds more bytes after it
            byte[] buf = Arrays.copyOf(continuing, length + 16);
            assertThrows(BadEntryException.class, () -> new BinaryIn(buf, 0, n).varLong(), () -> "cut at " + n);
        }
        byte[] tooLong = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80,
            (byte) 0x80, 0x02, 0, 0, 0, 0, 0, 0, 0, 0};
        BadEntryException e = assertThrows(BadEntryException.class, () -> new BinaryIn(tooLong, 0, tooLong.length).varLong());
        assertTrue(e.getMessage().contains("longer than 64 bits"), e.getMessage());
    }
}
