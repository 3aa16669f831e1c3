package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.bytes.Varint;
import dev.routing.projections.packed.PackedOut;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Fail closed: a checkpoint's forgotten ids that no writer could have written (days out of order, an
 * entry marked dead, a number whose length its header misstates) are refused with an error that says
 * what, never read as some other record; the forms a writer does write are read back as they were.
 */
class ForgottenIdsDamagedFormTest {
    private static final int READER = 1;
    private static final int DEAD = 2;
    private static final int DECIMAL = 4;

    /** A form of the given days (each with one entry, the given bytes). */
    private static List<String> form(long[] days, byte[][] entries) {
        PackedOut out = new PackedOut(64);
        out.varLong(days.length);
        for (long day : days) out.varLong(day).varLong(1);
        for (byte[] entry : entries) out.bytes(entry, 0, entry.length);
        return out.chunks();
    }

    /** An entry of an id of ASCII letters, its header holding {@code flags}. */
    private static byte[] word(String id, int flags) {
        byte[] utf8 = id.getBytes(StandardCharsets.UTF_8);
        PackedOut out = new PackedOut(16);
        out.varLong((long) utf8.length << 3 | flags).bytes(utf8, 0, utf8.length);
        return decoded(out.chunks());
    }

    /** An entry of a number whose header says it takes {@code length} bytes. */
    private static byte[] number(long value, int length) {
        PackedOut out = new PackedOut(16);
        out.varLong((long) length << 3 | DECIMAL).varLong(value);
        return decoded(out.chunks());
    }

    private static byte[] decoded(List<String> chunks) {
        return java.util.Base64.getDecoder().decode(chunks.get(0));
    }

    private static String refusal(List<String> form) {
        return assertThrows(IllegalArgumentException.class, () -> ForgottenIds.fromJson(form)).getMessage();
    }

    @Test
    void aWellFormedFormOfTwoDaysIsReadAsWritten() {
        List<String> form = form(new long[] {20_000, 20_001}, new byte[][] {word("m1", 0), number(300, 2)});
        ForgottenIds ids = ForgottenIds.fromJson(form);
        assertEquals(2, ids.size());
        assertTrue(ids.holds("m1", 20_000));
        assertEquals(ForgottenIds.NOT_HELD, ids.lookup("m1", 20_001), "m1 was let go on day 20,000");
        assertEquals(ForgottenIds.NO_READER, ids.lookup("300", 20_001));
        assertEquals(form, ids.json());
    }

    /**
     * The numbers at the edges of the one canonical spelling (0, the first of 19 digits, the largest
     * long) are kept by value in the form an earlier process wrote, so this one finds them there.
     */
    @Test
    void P2_numbersAtTheEdgesOfTheCanonicalSpellingAreKeptByValue() {
        long[] values = {0, 1_000_000_000_000_000_000L, Long.MAX_VALUE};
        byte[][] entries = new byte[values.length][];
        for (int i = 0; i < values.length; i++) entries[i] = number(values[i], Varint.size(values[i]));
        List<String> form = form(new long[] {20_000, 20_001, 20_002}, entries);
        ForgottenIds ids = ForgottenIds.fromJson(form);
        for (long value : values) assertTrue(ids.holds(Long.toString(value), 20_000), Long.toString(value));
        assertFalse(ids.holds("00", 20_000));
        ForgottenIds written = new ForgottenIds();
        for (int i = 0; i < values.length; i++) written.add(Long.toString(values[i]), null, 20_000 + i);
        assertEquals(form, written.json());
    }

    @Test
    void daysOutOfOrderOrTwiceAreRefused() {
        assertTrue(refusal(form(new long[] {20_001, 20_000}, new byte[][] {word("m1", 0), word("m2", 0)})).contains("days out of order"));
        assertTrue(refusal(form(new long[] {20_000, 20_000}, new byte[][] {word("m1", 0), word("m2", 0)})).contains("days out of order"));
    }

    /** A form naming sealed and logged days before its heap's chunks. */
    private static List<String> named(List<String> names, List<String> heap) {
        List<String> form = new java.util.ArrayList<>(names);
        form.addAll(heap);
        return form;
    }

    @Test
    void sealedOrLoggedDaysTwiceOrOverlappingAreRefused() {
        List<String> none = new PackedOut(1).varLong(0).chunks();
        assertTrue(refusal(named(List.of("log 20001 10 5", "log 20001 12 6"), none)).contains("the logged day 20001 out of order"));
        assertTrue(refusal(named(List.of("sealed 20001 1 2 3 0.30.0", "log 20001 10 5"), none))
                .contains("the logged day 20001 is not after the sealed days"));
        assertTrue(refusal(named(List.of("sealed 20000 1 2 3 0.30.0", "sealed 20000 4 5 6 0.30.0"), none))
                .contains("the sealed day 20000 out of order"));
        List<String> heapOf20000 = form(new long[] {20_000}, new byte[][] {word("m1", 0)});
        assertTrue(refusal(named(List.of("sealed 20000 1 2 3 0.30.0"), heapOf20000)).contains("the sealed day 20000 out of order"));
        // a day apart, each is read
        assertEquals(3, ForgottenIds.fromJson(named(List.of("sealed 19999 1 2 3 0.30.0"), heapOf20000)).sealedDays().get(0).count());
    }

    @Test
    void anEntryMarkedDeadIsRefused() {
        assertTrue(refusal(form(new long[] {20_000}, new byte[][] {word("m1", DEAD)})).contains("bad entry header"));
    }

    @Test
    void aHeaderPastAnIntIsRefused() {
        PackedOut out = new PackedOut(16);
        out.varLong(1).varLong(20_000).varLong(1).varLong(1L << 31);
        assertTrue(refusal(out.chunks()).contains("bad entry header"));
    }

    @Test
    void aNumberWhoseLengthItsHeaderMisstatesIsRefused() {
        assertTrue(refusal(form(new long[] {20_000}, new byte[][] {number(300, 1)})).contains("bad number"));
        assertTrue(refusal(form(new long[] {20_000}, new byte[][] {number(3, 2)})).contains("bad number"));
    }

    @Test
    void aNumberPastALongIsRefused() {
        // 2^63 as a varint: ten bytes, its value negative as a long
        assertTrue(refusal(form(new long[] {20_000}, new byte[][] {number(Long.MIN_VALUE, 10)})).contains("bad number"));
    }

    @Test
    void anEntrysReaderIsReadWithIt() {
        PackedOut entry = new PackedOut(16);
        entry.varLong(2L << 3 | READER).bytes("m1".getBytes(StandardCharsets.UTF_8), 0, 2).varLong(77);
        ForgottenIds ids = ForgottenIds.fromJson(form(new long[] {20_000}, new byte[][] {decoded(entry.chunks())}));
        assertEquals(77, ids.lookup("m1", 20_000));
    }
}
