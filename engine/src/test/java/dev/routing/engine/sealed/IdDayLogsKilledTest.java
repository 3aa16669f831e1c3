package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.SameAnswers;
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
    /** The child's lines after which each kill comes: in the first day, the second, after the restart, in the third. */
    private static final String[] AFTER = {"playing", "acted 1", "acted 3", "acted 4"};

    @Test
    void anEngineKilledAtAnyMomentLeavesLogsEveryJournaledCheckpointReadsThrough(@TempDir Path dir) throws Exception {
        for (int kill = 0; kill < 4; kill++) {
            Path journal = dir.resolve("j" + kill);
            Process child = ForkedJvm.of(PlaysThreeDays.class, journal.toString()).redirectErrorStream(true).start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                String after = AFTER[kill];
                do {
                    line = out.readLine();
                } while (line != null && !line.equals(after));
                assertTrue(line != null, "the child never said " + after);
                Thread.sleep(40); // into the next action: a long history's appends and checkpoints, a day's seal
                child.toHandle().destroyForcibly();
                assertTrue(child.waitFor(30, TimeUnit.SECONDS));
                StringBuilder rest = new StringBuilder();
                while ((line = out.readLine()) != null) rest.append(line).append('\n');
                assertFalse(rest.toString().contains("played"), "kill " + kill + " came after the days were played: " + rest);
            }
            try (JournalSink reopened = new JournalSink(journal, RuleSet.CURRENT, 500)) {
                reopened.engine().checkpoint(); // the engine goes on from what the kill left, and logs on
            }
            try (Journal j = Journal.openReader(journal)) {
                String err = SameAnswers.restoredAndVerified(j);
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
                StreamHost.play(sink, dev.routing.engine.testing.StreamGenerator.threeLongDaysEndingInTheThird(), k -> {
                    System.out.println("acted " + k);
                    System.out.flush();
                });
            }
            System.out.println("played");
        }
    }
}
