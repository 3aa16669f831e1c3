package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.routing.cli.options.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Readers are readers. Before, {@code dump} and {@code verify} changed metadata.cq4t, and on a
 * read-only directory they printed a stack trace. Now every reader opens Chronicle read-only: no
 * byte of any file changes, and a read-only directory reads the same as a writable one.
 */
class ReadersAreReadOnlyTest {
    @TempDir
    Path tmp;

    @Test
    void noReaderChangesAByteOfAnyFile() {
        Faults.Journal3Days j = Faults.journal(tmp);
        Map<String, String> before = Faults.hashes(j.dir());

        for (Cli.Result r : Faults.readers(j.dir())) {
            r.exits(ExitCodes.OK);
            assertEquals("", r.err(), r::toString);
        }

        assertEquals(before, Faults.hashes(j.dir()), "every file, metadata.cq4t and journal.tip included, as it was");
    }

    @Test
    void everyReaderReadsAReadOnlyDirectoryAsAWritableOne() throws Exception {
        Faults.Journal3Days j = Faults.journal(tmp);
        List<Cli.Result> writable = Faults.readers(j.dir());
        Path ro = Files.createDirectory(tmp.resolve("read-only"));
        Mounts.mount("--bind", j.dir().toString(), ro.toString());
        try {
            Mounts.mount("-o", "remount,bind,ro", ro.toString());
            List<Cli.Result> readOnly = Faults.readers(ro);
            for (int i = 0; i < writable.size(); i++) {
                Cli.Result r = readOnly.get(i).exits(ExitCodes.OK);
                assertEquals("", r.err(), r::toString);
                assertEquals(writable.get(i).out().replace(j.dir().toString(), "DIR"), r.out().replace(ro.toString(), "DIR"),
                        () -> "the same answer: " + r);
            }
        } finally {
            Mounts.umount(ro);
        }
    }
}
