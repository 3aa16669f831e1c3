package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * P10 at the record's edges: the highest id a bit holds is public until marked, any id past it
 * counts as private and is never held; a turn far past every bit is kept; an empty record writes
 * an empty form and reads it back; an earlier build's floor marks nothing when no turn lies under it.
 */
class PrivateTurnsEdgesTest {
    @Test
    void P10_theHighestIdABitHoldsIsPublicUntilMarkedAndAnyIdPastItCountsAsPrivate() {
        PrivateTurns turns = new PrivateTurns();
        assertFalse(turns.contains(PrivateTurns.HIGHEST));
        assertTrue(turns.contains(PrivateTurns.HIGHEST + 1));
        assertFalse(turns.add(PrivateTurns.HIGHEST + 1), "no bit holds it");
        assertFalse(turns.add(-5));
        assertFalse(turns.add(0), "0 is no turn");
        assertEquals(0, turns.size());
        assertEquals(List.of(""), turns.json());
        assertFalse(turns.contains(-5));
    }

    @Test
    void P10_aTurnFarPastEveryBitIsKeptAndTheTurnsBesideItAreNot() {
        PrivateTurns turns = new PrivateTurns();
        long far = 1L << 24;
        assertTrue(turns.add(far));
        assertTrue(turns.contains(far));
        assertFalse(turns.contains(far - 1));
        assertFalse(turns.contains(far + 1));
        assertFalse(turns.contains(64 * 16), "the first id past the record's first words");
        assertTrue(turns.add(64 * 16));
        assertTrue(turns.contains(64 * 16));
        assertFalse(turns.add(far), "marked already");
        assertEquals(2, turns.size());
        PrivateTurns restored = PrivateTurns.fromJson(turns.json());
        assertTrue(restored.contains(far));
        assertEquals(2, restored.size());
        assertEquals(turns.json(), restored.json());
    }

    @Test
    void P10_anEmptyRecordWritesAnEmptyFormAndReadsItBack() {
        PrivateTurns empty = new PrivateTurns();
        assertEquals(List.of(""), empty.json());
        PrivateTurns restored = PrivateTurns.fromJson(empty.json());
        assertEquals(0, restored.size());
        assertFalse(restored.contains(1));
        assertTrue(restored.add(1));
        assertEquals(List.of("AgAAAAAAAAA="), restored.json(), "turn 1: bit 1 of the first word");
    }

    @Test
    void P10_anEarlierBuildsIdOfATurnNeverGivenIsNotKept() {
        PrivateTurns turns = PrivateTurns.fromEarlierForm(List.of(3L, 5L), 0, 5);
        assertTrue(turns.contains(3));
        assertFalse(turns.contains(5), "turn 5 was the next to give");
        assertEquals(1, turns.size());
    }

    @Test
    void P10_anEarlierBuildsFloorMarksNothingWhenNoTurnLiesUnderIt() {
        PrivateTurns none = PrivateTurns.fromEarlierForm(List.of(), 50, 1);
        assertEquals(0, none.size(), "the journal assigned no turn");
        assertFalse(none.contains(1));
        PrivateTurns one = PrivateTurns.fromEarlierForm(List.of(), 50, 2);
        assertEquals(1, one.size());
        assertTrue(one.contains(1));
        assertFalse(one.contains(2));
        PrivateTurns wide = PrivateTurns.fromEarlierForm(List.of(), 10_000, 20_000);
        assertEquals(10_000, wide.size());
        assertTrue(wide.contains(10_000));
        assertFalse(wide.contains(10_001));
        assertEquals(wide.json(), PrivateTurns.fromJson(wide.json()).json());
        assertFalse(wide.add(5_000));
        assertTrue(wide.add(15_000));
    }
}
