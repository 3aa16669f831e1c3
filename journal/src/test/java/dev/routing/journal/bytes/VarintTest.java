package dev.routing.journal.bytes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The one varint: every number written reads back, by the strict read and unchecked, in as many
 * bytes as its size says; the strict read names a form cut short, past 64 bits or not the
 * shortest, and reads nothing past its limit.
 */
public class VarintTest {
    /** Values of every bit width, and around each power of 128 where a varint grows a byte (BinaryInTest reads them too). */
    public static List<Long> values() {
        List<Long> values = new ArrayList<>(List.of(0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE));
        for (int bit = 0; bit < 64; bit++) {
            values.add(1L << bit);
            values.add((1L << bit) - 1);
            values.add((1L << bit) + 1);
        }
        Random random = new Random(32);
        for (int i = 0; i < 2000; i++) values.add(random.nextLong() >>> random.nextInt(64));
        return values;
    }

    private static final class Refused extends RuntimeException {
        final Varint.Fault fault;

        Refused(Varint.Fault fault) {
            this.fault = fault;
        }
    }

    private static final Varint.Refusal REFUSED = Refused::new;

    @Test
    void everyNumberReadsBackInTheBytesItsSizeSays() {
        for (long v : values()) {
            byte[] buf = new byte[2 + Varint.MAX_BYTES];
            int end = Varint.put(buf, 2, v);
            assertEquals(Varint.size(v), end - 2, () -> v + ": size");
            assertEquals(Varint.size(v), Varint.sizeAt(buf, 2), () -> v + ": size at");
            assertEquals(v, Varint.get(buf, 2), () -> v + ": unchecked");
            assertEquals(v, Varint.read(buf, 2, end, REFUSED), () -> v + ": strict");
        }
    }

    @Test
    void aFormCutShortPast64BitsOrNotTheShortestIsRefusedByName() {
        byte[] buf = new byte[Varint.MAX_BYTES];
        int end = Varint.put(buf, 0, 300);
        for (int limit = 0; limit < end; limit++) {
            int cut = limit;
            assertEquals(Varint.Fault.CUT, assertThrows(Refused.class, () -> Varint.read(buf, 0, cut, REFUSED)).fault);
        }
        byte[] eleven = new byte[11];
        Arrays.fill(eleven, (byte) 0x80);
        eleven[10] = 0x01;
        assertEquals(Varint.Fault.OVER_64_BITS, assertThrows(Refused.class, () -> Varint.read(eleven, 0, 11, REFUSED)).fault);
        byte[] tenthTooLarge = new byte[10];
        Arrays.fill(tenthTooLarge, (byte) 0xFF);
        tenthTooLarge[9] = 0x02;
        assertEquals(Varint.Fault.OVER_64_BITS, assertThrows(Refused.class, () -> Varint.read(tenthTooLarge, 0, 10, REFUSED)).fault);
        byte[] zeroLast = {(byte) 0x85, 0x00};
        assertEquals(Varint.Fault.NOT_SHORTEST, assertThrows(Refused.class, () -> Varint.read(zeroLast, 0, 2, REFUSED)).fault);
        assertEquals(0, Varint.read(new byte[] {0x00}, 0, 1, REFUSED), "zero is one zero byte");
    }
}
