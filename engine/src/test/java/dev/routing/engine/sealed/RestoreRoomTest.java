package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.Replay;
import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.Fold;
import dev.routing.projections.privacy.ForgottenIds;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RULES P2 at a restart after a crash: the restore gives today's remembered ids room for the tail
 * before folding it, so a tail longer than a rebuilt table's room grows no table or arena by steps;
 * the same state folded from the same checkpoint without that room holds more, and answers the same.
 */
class RestoreRoomTest {
    private static final int BEFORE = 800;
    private static final int TAIL = 300;

    @TempDir
    Path dir;

    @Test
    void P2_aRestoreFoldsItsTailIntoRoomMadeOnceAndAnswersAsAFold() {
        try (ReadingHost host = new ReadingHost(dir, 1_000_000)) {
            for (int i = 0; i < BEFORE; i++) host.read("a0", "m-" + i);
            host.engine.checkpoint();
            for (int i = BEFORE; i < BEFORE + TAIL; i++) host.read("a0", "m-" + i); // then a crash: no checkpoint at the stop
        }
        try (Journal journal = Journal.openReader(dir)) {
            long checkpoint = journal.newestCheckpointJson(Long.MAX_VALUE).index();
            EngineState grown = Replay.startAt(journal, checkpoint).state();
            Fold fold = new Fold(grown);
            journal.read(checkpoint + 1, Long.MAX_VALUE, r -> fold.accept(r.entry()));
            EngineState restored = Replay.restore(journal).state();
            ForgottenIds room = restored.privacy.forgotten.get("a0");
            ForgottenIds steps = grown.privacy.forgotten.get("a0");
            assertEquals(BEFORE + TAIL, room.size());
            assertTrue(room.footprint() < steps.footprint(), "room made once: " + room.footprint() + " bytes, grown by steps: "
                    + steps.footprint());
            for (int i = 0; i < BEFORE + TAIL; i += 7) {
                assertEquals(steps.lookup("m-" + i, Long.MIN_VALUE), room.lookup("m-" + i, Long.MIN_VALUE), "m-" + i);
            }
        }
    }
}
