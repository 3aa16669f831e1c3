package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.cli.options.ExitCodes;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench restore}: what it reports of a journal's restore, never how fast (STYLE: no timed assertions in unit tests). */
class BenchRestoreCommandTest {
    private static final Pattern RESTORE = Pattern.compile("restore {10}[0-9.]+ s \\(newest checkpoint \\+ ([0-9,]+) entries\\)");
    private static final Pattern CRASHED = Pattern.compile("restore {10}[0-9.]+ s \\(the checkpoint before the newest \\+ ([0-9,]+) entries\\)");
    private static final Pattern HEAP = Pattern.compile("state on heap {4}([0-9,]+) bytes after a restore");

    @TempDir
    Path tmp;

    @Test
    void eachRestoreFoldsTheSameTailAsBenchIdsAfterTheNewestCheckpointAndTheStateIsWeighed() {
        Path journal = tmp.resolve("ids");
        Cli.Result ids = Cli.run("bench", "ids", "--messages", "20000", "--agents", "5", "--dir", journal.toString()).exits(ExitCodes.OK);
        // bench ids ends with a clean stop (an engine opened and closed on the journal): its journal is the one after it
        String tail = ids.lines().stream().map(l -> Pattern.compile("after a stop +restore [0-9.]+ s \\(newest checkpoint \\+ ([0-9,]+) entries\\).*").matcher(l))
                .filter(Matcher::matches).map(m -> m.group(1)).findFirst().orElseThrow(() -> new AssertionError("bench ids restored after a stop: " + ids));

        Cli.Result bench = Cli.run("bench", "restore", "--journal", journal.toString(), "--times", "2").exits(ExitCodes.OK);
        List<String> lines = bench.lines();
        assertEquals(3, lines.size(), bench::toString);
        for (String line : lines.subList(0, 2)) {
            Matcher m = RESTORE.matcher(line);
            assertTrue(m.matches(), () -> line + " in " + bench);
            assertEquals(tail, m.group(1), "the tail after the same newest checkpoint");
        }
        Matcher heap = HEAP.matcher(lines.get(2));
        assertTrue(heap.matches(), bench::toString);
        // after the stop's checkpoint the closed days are in files and today's ids logged: what is left on the heap is small, but not nothing
        assertTrue(Long.parseLong(heap.group(1).replace(",", "")) > 20_000, () -> "the state of 20,000 messages weighs something: " + bench);
    }

    @Test
    void crashedRestoresFromTheCheckpointBeforeTheNewestAndFoldsTheTailUpToIt() {
        Path journal = tmp.resolve("ids");
        Cli.run("bench", "ids", "--messages", "50000", "--agents", "5", "--dir", journal.toString()).exits(ExitCodes.OK);
        long newest = folded(Cli.run("bench", "restore", "--journal", journal.toString()).exits(ExitCodes.OK), RESTORE);
        Cli.Result crash = Cli.run("bench", "restore", "--journal", journal.toString(), "--crashed").exits(ExitCodes.OK);
        Matcher m = CRASHED.matcher(crash.lines().get(0));
        assertTrue(m.matches(), crash::toString);
        long crashed = Long.parseLong(m.group(1).replace(",", ""));
        assertTrue(crashed > newest, "a checkpoint earlier, so a longer tail: " + crashed + " against " + newest);

        Path none = tmp.resolve("none");
        Cli.withStdin("", "run", "-", "--journal", none.toString()).exits(ExitCodes.OK);
        Cli.Result refused = Cli.run("bench", "restore", "--journal", none.toString(), "--crashed").exits(ExitCodes.BAD_INPUT);
        assertTrue(refused.err().contains("--crashed: the journal at " + none + " holds no state checkpoint"), refused::toString);
    }

    @Test
    void aTailGivenStopsThatManyEntriesAfterTheCheckpointBeforeTheNewest() {
        Path journal = tmp.resolve("ids");
        Cli.run("bench", "ids", "--messages", "50000", "--agents", "5", "--dir", journal.toString()).exits(ExitCodes.OK);
        long whole = folded(Cli.run("bench", "restore", "--journal", journal.toString(), "--crashed").exits(ExitCodes.OK), CRASHED);
        assertTrue(whole > 1_000, "the journal's crash leaves a tail longer than the one asked: " + whole);

        // the restore ends between groups: at the first group that starts at or past the count
        long some = folded(Cli.run("bench", "restore", "--journal", journal.toString(), "--crashed", "--tail", "1000").exits(ExitCodes.OK), CRASHED);
        assertTrue(some >= 1_000 && some < 1_000 + 20, "1,000 entries and the rest of the group they end in: " + some);
        assertEquals(0, folded(Cli.run("bench", "restore", "--journal", journal.toString(), "--crashed", "--tail", "0").exits(ExitCodes.OK), CRASHED));
        assertEquals(whole, folded(Cli.run("bench", "restore", "--journal", journal.toString(), "--crashed", "--tail", "100000000").exits(ExitCodes.OK), CRASHED),
                "a tail past the newest checkpoint stops there, as --crashed alone does");

        Cli.Result alone = Cli.run("bench", "restore", "--journal", journal.toString(), "--tail", "1000").exits(ExitCodes.BAD_INPUT);
        assertTrue(alone.err().contains("--tail is the tail of a crash: give it with --crashed"), alone::toString);
        Cli.Result negative = Cli.run("bench", "restore", "--journal", journal.toString(), "--crashed", "--tail", "-1").exits(ExitCodes.BAD_INPUT);
        assertTrue(negative.err().contains("--tail must be at least 0"), negative::toString);
    }

    @Test
    void aTailStopsAtAGroupsEndNotAtAFactInsideIt() {
        Path one = tmp.resolve("one");
        // no checkpoint before the newest (5,000 messages: no periodic checkpoint, and the stop's is the
        // only one): the tail starts at the journal's first group, which holds two facts (the engine's
        // start and the host's first)
        Cli.run("bench", "ids", "--messages", "5000", "--agents", "5", "--dir", one.toString()).exits(ExitCodes.OK);
        Cli.Result crash = Cli.run("bench", "restore", "--journal", one.toString(), "--crashed", "--tail", "1").exits(ExitCodes.OK);
        Matcher m = Pattern.compile("restore {10}[0-9.]+ s \\(the journal's first entry, no checkpoint before the newest \\+ ([0-9,]+) entries\\)")
                .matcher(crash.lines().get(0));
        assertTrue(m.matches(), crash::toString);
        long folded = Long.parseLong(m.group(1).replace(",", ""));
        assertTrue(folded >= 1 && folded < 20, "one entry asked, its whole group folded: " + folded);
    }

    @Test
    void crashedWhereNoCheckpointComesBeforeTheNewestFoldsFromTheFirstEntryAndSaysSo() {
        Path one = tmp.resolve("one");
        // 5,000 messages: no periodic checkpoint, and the stop's is the only one
        Cli.run("bench", "ids", "--messages", "5000", "--agents", "5", "--dir", one.toString()).exits(ExitCodes.OK);
        Cli.Result crash = Cli.run("bench", "restore", "--journal", one.toString(), "--crashed").exits(ExitCodes.OK);
        assertTrue(crash.lines().get(0).matches("restore {10}[0-9.]+ s \\(the journal's first entry, no checkpoint before the newest \\+ [0-9,]+ entries\\)"),
                crash::toString);
    }

    /** The entries the first restore folded after its checkpoint, read from its line, which must be {@code line}. */
    private static long folded(Cli.Result bench, Pattern line) {
        Matcher m = line.matcher(bench.lines().get(0));
        assertTrue(m.matches(), bench::toString);
        return Long.parseLong(m.group(1).replace(",", ""));
    }

    @Test
    void noRestoreAtAllAndNoJournalAreRefusedByName() {
        Cli.Result none = Cli.run("bench", "restore", "--journal", tmp.toString(), "--times", "0").exits(ExitCodes.BAD_INPUT);
        assertTrue(none.err().contains("--times must be at least 1"), none::toString);
        Cli.Result missing = Cli.run("bench", "restore", "--journal", tmp.resolve("nothing").toString()).exits(ExitCodes.BAD_INPUT);
        assertTrue(missing.err().contains("no journal at"), missing::toString);
    }
}
