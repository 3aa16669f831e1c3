package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
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
            List<Long> walked = new ArrayList<>();
            restored.forEach(walked::add);
            assertEquals(new ArrayList<>(model), walked, "seed " + seed);
            assertEquals(turns.json(), restored.json());
            assertEquals(model.isEmpty() ? 0 : model.first(), restored.lowest());
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
        assertThrows(IllegalArgumentException.class, () -> PrivateTurns.fromJson("AQAAAAAAAAA="), "a bit for turn 0");
        assertThrows(IllegalArgumentException.class, () -> PrivateTurns.fromJson("AQAA"), "not whole words");
    }
}
