package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** P10: every private turn id is kept exactly, however many private turns came after it. */
class PrivateTurnsTest {
    @Test
    void P10_anOldPublicTurnStaysPublicAfterManyPrivateOnes() {
        PrivateTurns turns = new PrivateTurns();
        for (long id = 10; id < 10 + 100_000; id++) turns.add(id);
        assertTrue(turns.contains(10));
        assertFalse(turns.contains(3), "a public turn below every private one stays public");
        assertFalse(turns.contains(100_010));
        assertEquals(100_000, turns.size());
    }

    @Test
    void P10_theRecordAnswersAsASetAndACheckpointWritesItAsItIs() {
        for (int seed = 0; seed < 100; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            PrivateTurns turns = new PrivateTurns();
            TreeSet<Long> model = new TreeSet<>();
            int bound = 1 + random.nextInt(50_000);
            for (int i = 0; i < random.nextInt(2_000); i++) {
                long id = 1 + random.nextInt(bound);
                assertEquals(model.add(id), turns.add(id));
            }
            PrivateTurns restored = PrivateTurns.fromJson(turns.json());
            assertEquals(model.size(), restored.size(), "seed " + seed);
            assertEquals(turns.json(), restored.json());
            for (long id = 0; id <= bound + 64; id += 1 + random.nextInt(40)) assertEquals(model.contains(id), restored.contains(id));
        }
    }

    @Test
    void P2_anIdTooLargeToHoldCountsAsPrivateAndTurnZeroIsNoTurn() {
        PrivateTurns turns = new PrivateTurns();
        assertTrue(turns.contains(PrivateTurns.HIGHEST + 1));
        assertFalse(turns.add(0));
        assertFalse(turns.contains(0), "the record holds no bit for 0; PrivacyRecord counts it private");
        assertTrue(new PrivacyRecord().isPrivateTurn(0));
        assertThrows(IllegalArgumentException.class, () -> PrivateTurns.fromJson(List.of("AQAAAAAAAAA=")), "a bit for turn 0");
        assertThrows(IllegalArgumentException.class, () -> PrivateTurns.fromJson(List.of("AQAA")), "not whole words");
    }

    @Test
    void P10_anEarlierBuildsFloorMarksEveryTurnUpToItAndNoFurtherThanTheJournalsTurns() {
        for (long floor : new long[] {0, 1, 62, 63, 64, 65, 127, 128, 1_000, 5_000_000}) {
            PrivateTurns turns = PrivateTurns.fromEarlierForm(List.of(floor + 3, 9_000_000L), floor, 6_000_000);
            long upTo = Math.min(floor, 5_999_999);
            for (long id : new long[] {1, 2, 62, 63, 64, 65, 127, 128, 129, 999, 1_000, 1_001, upTo, upTo + 1}) {
                assertEquals((id >= 1 && id <= upTo) || id == floor + 3, turns.contains(id), "floor " + floor + ", id " + id);
            }
            assertFalse(turns.contains(0));
            assertFalse(turns.contains(9_000_000), "an id the journal never assigned is not kept");
            assertEquals(upTo + (floor + 3 < 6_000_000 ? 1 : 0), turns.size(), "floor " + floor);
        }
    }
}
