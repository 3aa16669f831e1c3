package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README's command sections run as they stand, in order, in a folder of their own (where the
 * repository's replay-cli/target and replay-cli/samples are linked in): a section that collides with
 * another (one writes week/, the next refuses to simulate into it) fails here. The benchmarks are
 * left out: they are long by design.
 */
class ReadmeCommandsIT {
    @TempDir
    Path tmp;

    @Test
    void tryItAuditAWeekAndInstallRunAsWritten() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
        Path home = Files.createDirectories(tmp.resolve("home"));
        Path work = Files.createDirectories(tmp.resolve("work/replay-cli"));
        Files.createSymbolicLink(work.resolve("target"), SidecarProcess.jar().getParent().toAbsolutePath());
        Files.createSymbolicLink(work.resolve("samples"), Path.of("samples").toAbsolutePath());
        try {
            runSections(readme, home, work);
        } finally {
            Files.delete(work.resolve("target"));
            Files.delete(work.resolve("samples"));
        }
    }

    private static void runSections(String readme, Path home, Path work) throws Exception {
        List<String> lines = new ArrayList<>();
        for (String section : List.of("## Try it", "## Install the command", "## Audit a week", "## Ask why: explain")) lines.addAll(commands(readme, section));
        assertTrue(lines.size() > 15, () -> "README's commands were found: " + lines);
        for (String line : lines) {
            if (line.contains(" bench") || line.startsWith("mvn ")) continue;
            ProcessBuilder p = new ProcessBuilder("bash", "-c", line).directory(work.getParent().toFile()).redirectErrorStream(true);
            p.environment().put("HOME", home.toString());
            p.environment().put("PATH", home.resolve(".local/bin") + ":" + System.getenv("PATH"));
            Process run = p.start();
            run.getOutputStream().close();
            String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(run.waitFor(300, TimeUnit.SECONDS), line);
            assertEquals(0, run.exitValue(), () -> line + "\n" + out);
        }
    }

    /** The lines of the first code block after {@code heading}, each without its trailing comment. */
    private static List<String> commands(String readme, String heading) {
        int at = readme.indexOf("\n" + heading + "\n");
        assertTrue(at >= 0, "README has a section " + heading);
        int start = readme.indexOf("```\n", at) + 4;
        int end = readme.indexOf("```", start);
        List<String> lines = new ArrayList<>();
        for (String line : readme.substring(start, end).split("\n")) {
            int comment = line.indexOf("  #");
            String command = (comment >= 0 ? line.substring(0, comment) : line).strip();
            if (!command.isEmpty()) lines.add(command);
        }
        return lines;
    }
}
