package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A day file of 0 bytes (a copy that failed, a file system that lost its blocks). Before, every
 * command but {@code state} waited on it without end, saying nothing. Now it is found before
 * Chronicle touches it, and every command refuses at once, naming it.
 */
class EmptyDayFileTest {
    @TempDir
    Path tmp;

    @Test
    void J6_anEmptyMiddleDayFileIsNamedByEveryCommandWithoutWaiting() {
        Faults.Journal3Days j = Faults.journal(tmp);
        Faults.truncate(j.dir().resolve("20261103F.cq4"), 0);

        String error = Faults.assertEveryCommandRefuses(j.dir(), tmp, "20261103F.cq4");

        assertTrue(error.contains("empty (0 bytes)"), error);
        Faults.assertSalvageKeeps(j.dir(), tmp, Faults.before(j.entries(), "2026-11-03"));
    }

    @Test
    void J6_anEmptyLastDayFileIsNamedByEveryCommandWithoutWaiting() {
        Faults.Journal3Days j = Faults.journal(tmp);
        Faults.truncate(j.dir().resolve("20261104F.cq4"), 0);

        String error = Faults.assertEveryCommandRefuses(j.dir(), tmp, "20261104F.cq4");

        assertTrue(error.contains("empty (0 bytes)"), error);
        Faults.assertSalvageKeeps(j.dir(), tmp, Faults.before(j.entries(), "2026-11-04"));
    }
}
