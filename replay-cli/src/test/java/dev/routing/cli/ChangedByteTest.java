package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One byte of an entry changed on disk. Before, {@code dump}, {@code state}, {@code audit} and
 * {@code diff} read the changed words as if they had been written, and {@code verify} blamed a
 * checkpoint. Now each excerpt's CRC32C catches it, and every command that reads it refuses,
 * naming the file, index and ordinal.
 */
class ChangedByteTest {
    @TempDir
    Path tmp;

    @Test
    void J6_aChangedByteInAnEntryIsRefusedByEveryCommandNamingWhereItIs() {
        Faults.Journal3Days j = Faults.journal(tmp);
        Path middle = j.dir().resolve("20261103F.cq4");
        long at = Faults.find(middle, "day 1, turn 2", 0);
        Faults.write(middle, at, "dab".getBytes(java.nio.charset.StandardCharsets.US_ASCII));

        String error = Faults.assertEveryCommandRefuses(j.dir(), tmp, "20261103F.cq4", "index 0x", "ordinal ");

        assertTrue(error.contains("fails its checksum"), error);
        Faults.assertSalvageKeeps(j.dir(), tmp, Faults.before(j.entries(), "2026-11-03"), j.entries());
    }
}
