package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A day file deleted. Before, {@code dump} and {@code state} exited 0 without its entries,
 * {@code run} appended, and {@code verify} reported an unrelated divergence. Now each day file's
 * first excerpt names the index before it, so every command refuses, naming the missing file.
 */
class DeletedDayFileTest {
    @TempDir
    Path tmp;

    @Test
    void J6_aMiddleDayFileDeletedIsNamedByEveryCommand() throws Exception {
        Faults.Journal3Days j = Faults.journal(tmp);
        Files.delete(j.dir().resolve("20261103F.cq4"));

        String error = Faults.assertEveryCommandRefuses(j.dir(), tmp, "20261103F.cq4");

        assertTrue(error.contains("is missing"), error);
        Faults.assertSalvageKeeps(j.dir(), tmp, Faults.before(j.entries(), "2026-11-03"));
    }

    @Test
    void J6_theFirstDayFileDeletedIsNamedByEveryCommand() throws Exception {
        Faults.Journal3Days j = Faults.journal(tmp);
        Files.delete(j.dir().resolve("20261102F.cq4"));

        String error = Faults.assertEveryCommandRefuses(j.dir(), tmp, "20261102F.cq4");

        assertTrue(error.contains("missing"), error);
    }

    @Test
    void J6_theLastDayFileDeletedIsACutAtTheEndThatTheTipTellsFromAnEnd() throws Exception {
        Faults.Journal3Days j = Faults.journal(tmp);
        Files.delete(j.dir().resolve("20261104F.cq4"));

        String error = Faults.assertEveryCommandRefuses(j.dir(), tmp, "20261104F.cq4");

        assertTrue(error.contains("acknowledged"), error);
        Faults.assertSalvageKeeps(j.dir(), tmp, Faults.before(j.entries(), "2026-11-04"));
    }
}
