package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Day files swapped (restored from a backup under each other's names): every command says they are out of order. */
class ReorderedDayFilesTest {
    @TempDir
    Path tmp;

    @Test
    void J6_twoDayFilesSwappedAreOutOfOrderForEveryCommand() throws Exception {
        Faults.Journal3Days j = Faults.journal(tmp);
        Path a = j.dir().resolve("20261103F.cq4");
        Path b = j.dir().resolve("20261104F.cq4");
        Path swap = j.dir().resolve("swap");
        Files.move(a, swap);
        Files.move(b, a);
        Files.move(swap, b, StandardCopyOption.ATOMIC_MOVE);

        String error = Faults.assertEveryCommandRefuses(j.dir(), tmp, "20261103F.cq4");

        assertTrue(error.contains("out of order"), error);
        Faults.assertSalvageKeeps(j.dir(), tmp, Faults.before(j.entries(), "2026-11-03"));
    }
}
