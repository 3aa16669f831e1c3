package dev.routing.engine.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.Replay;
import dev.routing.engine.Verify;
import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;

/** Two states of one stream's journal (a fold from the first entry, a restore) answer alike. */
public final class SameAnswers {
    private SameAnswers() {}

    /** Every agent's every message id answers alike, and the two states are the same, byte for byte. */
    public static void check(EngineState reference, EngineState restored) {
        long today = dev.routing.projections.retention.Retention.day(reference.clockMillis);
        for (String agent : StreamHost.AGENTS) {
            for (int id = 1; id < 40_000; id++) {
                assertEquals(reference.privacy.forgottenLookup(agent, "m" + id, today), restored.privacy.forgottenLookup(agent, "m" + id, today),
                        agent + " m" + id);
            }
        }
        assertArrayEquals(StateCodec.toBytes(reference), StateCodec.toBytes(restored));
    }

    /**
     * The journal's newest checkpoint, restored, answers as its fold from the first entry does, and
     * verify passes over every checkpoint; what the two said on stderr.
     */
    public static String restoredAndVerified(Journal j) {
        return Stderr.of(() -> {
            check(Replay.full(j).state(), Replay.restore(j).state());
            Verify.Report report = Verify.run(j, n -> { });
            assertTrue(report.ok(), report::divergence);
            return null;
        });
    }
}
