package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * One writer per journal, held by the OS. Before, the lock was on {@code writer.lock} alone: an
 * operator who deleted it under a live writer ("a stale file") let a second writer ({@code run
 * FILE}) write beside the first, exit 0, and the journal was damaged (ordinal 19 after 20), the
 * acknowledged groups after that point unreadable. Now the writer also locks {@code journal.tip},
 * which no one can delete or replace without damaging the journal anyway: deleting or replacing
 * either file under a live writer admits no second writer, and a file left by a writer that is gone
 * blocks no one.
 */
class SecondWriterTest {
    @TempDir
    Path tmp;

    /** What an operator clearing "stale" files does to one of the journal's lock files. */
    enum Clearing {
        DELETE_WRITER_LOCK("writer.lock", false),
        REPLACE_WRITER_LOCK("writer.lock", true),
        REPLACE_TIP_WITH_A_COPY("journal.tip", true);

        final String file;
        final boolean replace;

        Clearing(String file, boolean replace) {
            this.file = file;
            this.replace = replace;
        }

        void on(Path journal) throws IOException {
            Path f = journal.resolve(file);
            Path copy = f.resolveSibling(file + ".copy");
            Files.copy(f, copy);
            Files.delete(f);
            if (replace) Files.move(copy, f, StandardCopyOption.ATOMIC_MOVE);
            else Files.delete(copy);
        }
    }

    private static List<String> firstDay() {
        return Faults.script().subList(0, 2 + 5 * 4);
    }

    private static List<String> secondDay() {
        return Faults.script().subList(2 + 5 * 4, 2 + 5 * 8);
    }

    @ParameterizedTest
    @EnumSource(Clearing.class)
    void aLockFileClearedUnderALiveWriterAdmitsNoSecondWriter(Clearing clearing) throws Exception {
        Path journal = tmp.resolve("journal");
        try (LiveWriter live = new LiveWriter(journal, tmp.resolve("live.err"))) {
            assertEquals(firstDay().size(), live.send(firstDay()).size());
            clearing.on(journal);
            Map<String, String> before = Faults.hashes(journal);

            Path other = Facts.write(tmp.resolve("other.jsonl"), Faults.script().subList(0, 12));
            Cli.Result second = Faults.bounded("run", other.toString(), "--journal", journal.toString());

            second.exits(ExitCodes.FAILURE);
            assertTrue(Faults.errorLine(second).contains("is already open for writing by another engine"), second::toString);
            Faults.assertNoStackTrace(second);
            assertEquals(before, Faults.hashes(journal), "the refused writer changed no byte");
            assertEquals(secondDay().size(), live.send(secondDay()).size(), "the live writer goes on");
            live.in.close();
            assertTrue(live.process.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, live.process.exitValue(), () -> "the live writer ends well: " + read(live.err));
            assertNothingAcknowledgedLost(journal, live.decisions);
        }
    }

    @Test
    void lockFilesLeftByAWriterKilledWithSigkillBlockNoOne() throws Exception {
        Path journal = tmp.resolve("journal");
        List<String> acknowledged = new ArrayList<>();
        try (LiveWriter live = new LiveWriter(journal, tmp.resolve("live.err"))) {
            assertEquals(firstDay().size(), live.send(firstDay()).size());
            acknowledged.addAll(live.decisions);
            live.process.destroyForcibly().waitFor();
        }
        assertTrue(Files.exists(journal.resolve("writer.lock")) && Files.exists(journal.resolve("journal.tip")));

        Path rest = Facts.write(tmp.resolve("rest.jsonl"), secondDay());
        Cli.Result run = Faults.bounded("run", rest.toString(), "--journal", journal.toString()).exits(ExitCodes.OK);
        acknowledged.addAll(run.lines());
        assertNothingAcknowledgedLost(journal, acknowledged);
    }

    private static void assertNothingAcknowledgedLost(Path journal, List<String> acknowledged) {
        Cli.assertVerifies(journal);
        for (Cli.Result r : Faults.readers(journal)) r.exits(ExitCodes.OK);
        List<String> entries = Cli.dump(journal).stream().map(JsonNode::toString).toList();
        int at = 0;
        for (String line : acknowledged) {
            JsonNode node = Cli.parse(line, "acknowledged");
            if (!Cli.isDecisionLine(node)) continue;
            String d = node.toString();
            while (at < entries.size() && !entries.get(at).equals(d)) at++;
            assertTrue(at < entries.size(), () -> "acknowledged decision lost: " + d);
            at++;
        }
        assertFalse(entries.stream().filter(e -> e.contains("\"type\":\"engine.started\"")).count() > 2,
                "one writer's opening, and the restart's at most");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
