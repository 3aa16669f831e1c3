package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.cli.options.ExitCodes;
import dev.routing.journal.store.ForkedJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reader beside a live writer. Before, {@code verify} read on while the writer appended and
 * reported a false divergence ("/nextTurn: 273 vs 269"), or never finished. Now each reader reads
 * to the last excerpt it found at its open: one consistent journal, which verifies.
 */
class ReaderBesideALiveWriterTest {
    @TempDir
    Path tmp;

    @Test
    void verifyBesideALiveWriterIsTrueOfTheJournalItFoundAtItsOpen() throws Exception {
        Path dir = tmp.resolve("journal");
        Process writer = ForkedJvm.of(Main.class, "simulate", "--journal", dir.toString(), "--days", "7", "--events", "200000")
                .redirectErrorStream(true).redirectOutput(tmp.resolve("simulate.out").toFile()).start();
        List<Long> verifiedWhileWriting = new ArrayList<>();
        try {
            for (int i = 0; i < 100 && !Files.isRegularFile(dir.resolve("journal.tip")); i++) Thread.sleep(100);
            while (writer.isAlive() && verifiedWhileWriting.size() < 6) {
                Cli.Result verify = Faults.bounded("verify", "--journal", dir.toString());
                if (verify.exit() == ExitCodes.BAD_INPUT) continue; // the writer has not created the journal yet
                boolean stillWriting = writer.isAlive();
                verify.exits(ExitCodes.OK);
                assertTrue(verify.out().startsWith("ok: "), verify::toString);
                Faults.assertNoStackTrace(verify);
                if (stillWriting) verifiedWhileWriting.add(entries(verify));
            }
        } finally {
            writer.waitFor(120, TimeUnit.SECONDS);
            writer.destroyForcibly();
        }
        assertFalse(verifiedWhileWriting.isEmpty(), () -> "verify ran beside the writer: " + read(tmp.resolve("simulate.out")));
        long all = entries(Cli.run("verify", "--journal", dir.toString()).exits(ExitCodes.OK));
        assertTrue(verifiedWhileWriting.get(0) < all, () -> "verify answered for the journal it found at its open ("
                + verifiedWhileWriting + " entries), not for one that grew under it (" + all + ")");
    }

    private static long entries(Cli.Result verify) {
        Matcher m = Pattern.compile("ok: (\\d+) entries").matcher(verify.out());
        assertTrue(m.find(), verify::toString);
        return Long.parseLong(m.group(1));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
