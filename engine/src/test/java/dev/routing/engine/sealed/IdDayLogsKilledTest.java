package dev.routing.engine.sealed;

import static dev.routing.engine.sealed.SealedDaysOfAJournalTest.answersAlike;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.Replay;
import dev.routing.engine.Verify;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.Stderr;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.store.ForkedJvm;
import dev.routing.journal.store.Journal;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of an engine whose checkpoints append to today's logs (docs/decisions/0012), at moments
 * spread through three days of long histories (mid append, mid checkpoint, mid seal): every
 * checkpoint the journal holds restores through the logs and tables as they were left, answering as
 * the journal's full fold, and verify compares every one; an engine opened on what was left goes on.
 */
class IdDayLogsKilledTest {
    @Test
    void anEngineKilledAtAnyMomentLeavesLogsEveryJournaledCheckpointReadsThrough(@TempDir Path dir) throws Exception {
        for (int kill = 0; kill < 4; kill++) {
            Path journal = dir.resolve("j" + kill);
            Process child = ForkedJvm.of(PlaysThreeDays.class, journal.toString()).redirectErrorStream(true).start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                do {
                    line = out.readLine();
                } while (line != null && !line.startsWith("playing"));
                assertTrue(line != null, "the child never started");
                Thread.sleep(400L + 600L * kill); // later into the days each time
                child.toHandle().destroyForcibly();
                assertTrue(child.waitFor(30, TimeUnit.SECONDS));
            }
            try (JournalSink reopened = new JournalSink(journal, RuleSet.CURRENT, 500)) {
                reopened.engine().checkpoint(); // the engine goes on from what the kill left, and logs on
            }
            try (Journal j = Journal.openReader(journal)) {
                String err = Stderr.of(() -> {
                    answersAlike(Replay.full(j).state(), Replay.restore(j).state());
                    Verify.Report report = Verify.run(j, n -> { });
                    assertTrue(report.ok(), report::divergence);
                    return null;
                });
                assertFalse(err.contains("not read"), "kill " + kill + ": " + err);
            }
        }
    }

    /** The child: three days of long histories through an engine that checkpoints often, until it is killed. */
    public static final class PlaysThreeDays {
        public static void main(String[] args) {
            try (JournalSink sink = JournalSink.batched(Path.of(args[0]), RuleSet.CURRENT, 500)) {
                System.out.println("playing");
                System.out.flush();
                StreamHost.play(sink, LoggedDaysOfAJournalTest.stream());
            }
        }
    }
}
