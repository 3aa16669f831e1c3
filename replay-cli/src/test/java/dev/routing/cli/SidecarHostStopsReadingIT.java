package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import dev.routing.journal.store.JournalRecord;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host that closes the reading end of the sidecar's standard output (it crashed half-way, or a
 * shell pipe's reader ended). Before, {@code run -} read and journaled all 20,000 facts it was sent,
 * dropped every answer and never exited, holding the journal's writer lock against the host's
 * restart. Now it stops at the broken pipe, says why on stderr and exits 1; what it journaled is
 * kept, and a restarted sidecar answers the host's resend of it from the journal.
 */
class SidecarHostStopsReadingIT {
    @TempDir
    Path tmp;

    @Test
    void aHostThatClosesTheSidecarsOutputStopsItAndARestartAnswersTheResendOnce() throws Exception {
        Path journal = tmp.resolve("journal");
        List<String> facts = new ArrayList<>();
        for (int i = 1; i <= 20_000; i++) facts.add(SidecarIT.numbered(Facts.channel(i, "room-" + i), i));
        Path err = tmp.resolve("err");
        Process sidecar = new ProcessBuilder(SidecarProcess.command("run", "-", "--journal", journal.toString()))
                .redirectError(err.toFile()).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(sidecar.getInputStream(), StandardCharsets.UTF_8));
        assertTrue(out.readLine().contains("sidecar.ready"));
        out.close();
        Thread pipe = new Thread(() -> {
            try (OutputStream in = sidecar.getOutputStream()) {
                for (String f : facts) in.write((f + "\n").getBytes(StandardCharsets.UTF_8));
            } catch (IOException stopped) {
                // the sidecar stopped reading: it is gone
            }
        });
        pipe.setDaemon(true);
        pipe.start();

        assertTrue(sidecar.waitFor(60, TimeUnit.SECONDS), "the sidecar stops at the broken pipe");
        String said = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(ExitCodes.FAILURE, sidecar.exitValue(), said);
        assertTrue(said.startsWith("error: the host closed the sidecar's standard output"), said);
        assertFalse(said.contains("\tat ") || said.contains("Exception"), said);

        Map<Long, Integer> journaled = new HashMap<>();
        for (JournalRecord r : SidecarIT.facts(journal)) journaled.merge(r.seq(), 1, Integer::sum);
        assertTrue(journaled.size() < facts.size(), "it stopped before taking every fact: " + journaled.size());
        try (SidecarProcess again = SidecarProcess.run(journal, tmp.resolve("err-again"))) {
            JsonNode ready = again.ready();
            assertEquals(journaled.size(), ready.path("lastSeq").asLong(), "the writer lock was let go, and every fact kept");
            List<String> resent = facts.subList(0, journaled.size() + 10);
            again.sendAll(resent);
            for (int i = 0; i < resent.size(); i++) {
                List<JsonNode> answer = again.answer();
                assertEquals("fact.accepted", answer.get(answer.size() - 1).path("type").asText(), answer::toString);
            }
            again.closeInput();
            assertEquals(ExitCodes.OK, again.waitFor());
        }
        journaled.clear();
        for (JournalRecord r : SidecarIT.facts(journal)) journaled.merge(r.seq(), 1, Integer::sum);
        assertTrue(journaled.values().stream().allMatch(n -> n == 1), "each fact journaled once");
        Cli.assertVerifies(journal);
    }

    @Test
    void runOfAFileWhoseOutputsReaderGoesAwayStopsSayingSo() throws Exception {
        // turns whose decisions fill the pipe long before the script ends
        Path script = Facts.write(tmp.resolve("facts.jsonl"), SidecarIT.morning(4_000));
        Path err = tmp.resolve("err");
        Process run = new ProcessBuilder(SidecarProcess.command("run", script.toString(), "--journal", tmp.resolve("journal").toString()))
                .redirectError(err.toFile()).start();
        run.getInputStream().close();
        assertTrue(run.waitFor(60, TimeUnit.SECONDS), "run stops at the broken pipe");
        String said = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(ExitCodes.FAILURE, run.exitValue(), said);
        assertTrue(said.contains("standard output was closed by its reader"), said);
        Cli.assertVerifies(tmp.resolve("journal"));
    }
}
