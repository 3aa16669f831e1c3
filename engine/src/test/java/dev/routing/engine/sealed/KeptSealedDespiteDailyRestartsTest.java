package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.Action.Kind;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.StreamHost;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A host that restarts the engine at each day's start (a daily job, a nightly deploy) still gets its kept messages sealed: a day closed before the open is due. */
class KeptSealedDespiteDailyRestartsTest {
    @TempDir
    Path dir;

    @Test
    void anEngineRestartedAtEachDaysStartStillSealsItsKeptMessages() {
        Path journal = dir.resolve("journal");
        List<Action> actions = new ArrayList<>();
        for (int day = 0; day < 4; day++) {
            actions.add(new Action(Kind.LONG_HISTORY, day % 3, day, 0));
            actions.add(new Action(Kind.CLOCK_JUMP, 0, 3, 0)); // a day later
            actions.add(new Action(Kind.RESTART, 0, 0, 0));
        }
        actions.add(new Action(Kind.CHANNEL_MESSAGE, 0, 1, 1));
        try (JournalSink sink = JournalSink.batched(journal, RuleSet.CURRENT, 2_000)) {
            StreamHost.play(sink, actions);
            // four closed days of kept messages (~20,000 messages), none sealed: every checkpoint packs them all
            assertFalse(SealedKeptOfAJournalTest.keptFiles(journal, KeptFile.Of.PART).isEmpty(),
                    "no seal in 4 days; seal " + sink.engine().state().privacy.messages.seal());
        }
    }
}
