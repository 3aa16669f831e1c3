package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an operator sees of long work and of temporary journals. Ctrl-C (SIGINT) or SIGTERM left a
 * command's temporary journal behind (250-356 MB for a benchmark's); progress showed only when
 * standard input and output were a terminal too, so {@code audit ... > a.json} was silent.
 */
class TemporaryJournalsAndProgressIT {
    @TempDir
    Path tmp;

    @Test
    void aThrowawayJournalIsRemovedOnSigtermAndOnCtrlC() throws Exception {
        for (String signal : List.of("TERM", "INT")) {
            try (SidecarProcess sidecar = SidecarProcess.of(new ProcessBuilder(SidecarProcess.command("run", "-", "--ephemeral"))
                    .redirectError(tmp.resolve("err-" + signal).toFile()).start())) {
                JsonNode ready = sidecar.ready();
                Path journal = Path.of(ready.path("journal").asText());
                sidecar.send(SidecarIT.numbered(Facts.channel(0, "work"), 1));
                sidecar.answer();
                assertTrue(Files.isDirectory(journal), journal + " is there while the sidecar runs");
                Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(sidecar.process.pid())).start();
                assertTrue(kill.waitFor(30, TimeUnit.SECONDS));
                assertTrue(sidecar.process.waitFor(60, TimeUnit.SECONDS), "the sidecar stops on SIG" + signal);
                assertFalse(Files.exists(journal), () -> journal + " is removed on SIG" + signal);
            }
        }
    }

    /** Progress goes to stderr when it is a terminal, whatever standard output is: util-linux's script gives it one. */
    @Test
    void progressShowsOnATerminalWhileStandardOutputGoesToAFile() throws Exception {
        Path out = tmp.resolve("out.txt");
        Path typescript = tmp.resolve("terminal.log");
        String command = String.join(" ", SidecarProcess.command("simulate", "--journal", tmp.resolve("week").toString(),
                "--days", "1", "--events", "60000")) + " > " + out;
        Process p = new ProcessBuilder("script", "-qec", command, typescript.toString()).redirectErrorStream(true).start();
        p.getOutputStream().close();
        p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        String terminal = Files.readString(typescript, StandardCharsets.UTF_8);
        assertTrue(terminal.contains("simulate: "), () -> "progress on the terminal: " + terminal);
        String file = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(file.startsWith("simulated 1 day(s)") && !file.contains("\r"), () -> "the file holds the output alone: " + file);
    }
}
