package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A day file cut short (a truncated copy, a disk that lost the end of a file). Before, {@code verify}
 * said "ok", {@code dump} and {@code state} exited 0 with entries missing and {@code run} appended to
 * it. Now every command refuses, naming the file, and {@code salvage} keeps every entry before it.
 */
class TruncatedDayFileTest {
    @TempDir
    Path tmp;

    @Test
    void J6_aMiddleDayFileCutInTheMiddleIsRefusedByEveryCommandNamingIt() {
        Faults.Journal3Days j = Faults.journal(tmp);
        Path middle = j.dir().resolve("20261103F.cq4");
        Faults.truncate(middle, Faults.usedBytes(middle) / 2);

        String error = Faults.assertEveryCommandRefuses(j.dir(), tmp, "20261103F.cq4");

        assertTrue(error.contains("cut short"), error);
        Faults.assertSalvageKeeps(j.dir(), tmp, Faults.before(j.entries(), "2026-11-03"));
    }

    @Test
    void J6_theLastDayFileCutInTheMiddleIsRefusedByEveryCommandNamingIt() {
        Faults.Journal3Days j = Faults.journal(tmp);
        Path last = j.dir().resolve("20261104F.cq4");
        Faults.truncate(last, Faults.usedBytes(last) / 2);

        String error = Faults.assertEveryCommandRefuses(j.dir(), tmp, "20261104F.cq4");

        assertTrue(error.contains("cut short"), error);
        Faults.assertSalvageKeeps(j.dir(), tmp, Faults.before(j.entries(), "2026-11-04"), j.entries());
    }

    /** A cut that keeps the file's size: its end zeroed, as pages that never reached the disk. */
    @Test
    void J6_theLastDayFilesAcknowledgedEndZeroedIsACutAtTheEndNotAJournalThatEndsThere() {
        Faults.Journal3Days j = Faults.journal(tmp);
        Path last = j.dir().resolve("20261104F.cq4");
        long used = Faults.usedBytes(last);
        long lastTurn = Faults.find(last, "day 2, turn 3", 0);
        Faults.zero(last, lastTurn - 200, (int) (used - lastTurn + 200));

        String error = Faults.assertEveryCommandRefuses(j.dir(), tmp, "20261104F.cq4");

        assertTrue(error.contains("acknowledged"), error);
    }
}
