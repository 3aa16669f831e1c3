package dev.routing.projections.turns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.projections.packed.PackedOut;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * P13: the turn ledger's checkpoint form read back as written, and, fail closed, a form no writer
 * could have written (a name twice, days out of order, a day's first turn outside the turns kept, a
 * name index past the names, bytes after its end) refused with an error that says what, never read as another ledger.
 */
class TurnLedgerFormTest {
    /** A form: the names, the first id, the days (day, first id), the turns (agent, channel). */
    private static List<String> form(List<String> names, long first, long[][] days, int[][] turns) {
        PackedOut out = new PackedOut(64);
        out.varLong(names.size());
        for (String name : names) {
            byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
            out.varLong(utf8.length).bytes(utf8, 0, utf8.length);
        }
        out.varLong(first).varLong(days.length);
        for (long[] day : days) out.varLong(day[0]).varLong(day[1]);
        out.varLong(turns.length);
        for (int[] turn : turns) out.varLong(turn[0]).varLong(turn[1]);
        return out.chunks();
    }

    private static String refusal(List<String> form) {
        return assertThrows(IllegalArgumentException.class, () -> TurnLedger.fromJson(form)).getMessage();
    }

    @Test
    void P13_aLedgerIsReadAsItsFormSaysAndWritesItBack() {
        List<String> form = form(List.of("qa", "work"), 5, new long[][] {{20_000, 5}, {20_002, 7}},
                new int[][] {{1, 2}, {1, 0}, {1, 2}});
        TurnLedger ledger = TurnLedger.fromJson(form);
        assertEquals(3, ledger.size());
        assertEquals("qa", ledger.owner(5, 20_000));
        assertEquals("work", ledger.channel(5, 20_000));
        assertNull(ledger.channel(6, 20_000), "ended with no channel");
        assertNull(ledger.owner(6, 20_001), "opened on day 20,000");
        assertEquals("qa", ledger.owner(7, 20_002));
        assertNull(ledger.owner(4, Long.MIN_VALUE), "below the first id kept");
        assertNull(ledger.owner(8, Long.MIN_VALUE), "past the last");
        assertEquals(form, ledger.json());
    }

    @Test
    void P13_bytesAfterTheFormsEndAreRefused() {
        List<String> form = form(List.of("qa"), 5, new long[][] {{20_000, 5}}, new int[][] {{1, 0}});
        byte[] bytes = Base64.getDecoder().decode(form.get(0));
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        assertTrue(refusal(List.of(Base64.getEncoder().encodeToString(longer))).contains("1 bytes after the end"));
    }

    @Test
    void P13_aNameTwiceIsRefused() {
        assertTrue(refusal(form(List.of("qa", "qa"), 1, new long[][] {{20_000, 1}}, new int[][] {{1, 0}})).contains("twice"));
    }

    @Test
    void P13_daysOutOfOrderAreRefused() {
        assertTrue(refusal(form(List.of("qa"), 1, new long[][] {{20_001, 1}, {20_000, 2}}, new int[][] {{1, 0}, {1, 0}}))
                .contains("days out of order"));
        assertTrue(refusal(form(List.of("qa"), 1, new long[][] {{20_000, 1}, {20_000, 2}}, new int[][] {{1, 0}, {1, 0}}))
                .contains("days out of order"), "the same day twice");
        assertTrue(refusal(form(List.of("qa"), 1, new long[][] {{20_000, 2}, {20_001, 1}}, new int[][] {{1, 0}, {1, 0}}))
                .contains("days out of order"), "a later day whose first turn comes before the earlier day's");
    }

    @Test
    void P13_twoDaysMayShareAFirstTurn() {
        // a day that opened no turn it still keeps starts where the next one does
        TurnLedger ledger = TurnLedger.fromJson(form(List.of("qa"), 1, new long[][] {{20_000, 2}, {20_001, 2}}, new int[][] {{1, 0}, {1, 0}}));
        assertEquals("qa", ledger.owner(2, 20_001));
    }

    @Test
    void P13_aDaysFirstTurnOutsideTheTurnsKeptIsRefused() {
        assertTrue(refusal(form(List.of("qa"), 5, new long[][] {{20_000, 4}}, new int[][] {{1, 0}})).contains("outside"), "before the first");
        assertTrue(refusal(form(List.of("qa"), 5, new long[][] {{20_000, 5}, {20_001, 7}}, new int[][] {{1, 0}, {1, 0}})).contains("outside"),
                "past the last");
        // the last turn kept may open a day
        TurnLedger ledger = TurnLedger.fromJson(form(List.of("qa"), 5, new long[][] {{20_000, 5}, {20_001, 6}}, new int[][] {{1, 0}, {1, 0}}));
        assertEquals("qa", ledger.owner(6, 20_001));
        // a ledger that keeps no turn may still name the day it starts at
        assertEquals(0, TurnLedger.fromJson(form(List.of(), 5, new long[][] {{20_000, 5}}, new int[][] {})).size());
    }

    @Test
    void P13_aNameIndexPastTheNamesIsRefused() {
        assertTrue(refusal(form(List.of("qa"), 1, new long[][] {{20_000, 1}}, new int[][] {{2, 0}})).contains("name 2 of 2"));
        assertTrue(refusal(form(List.of("qa"), 1, new long[][] {{20_000, 1}}, new int[][] {{1, 2}})).contains("name 2 of 2"));
        assertEquals("qa", TurnLedger.fromJson(form(List.of("qa"), 1, new long[][] {{20_000, 1}}, new int[][] {{1, 1}})).channel(1, 20_000));
    }
}
