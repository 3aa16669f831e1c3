package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.cli.options.Version;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The installable command the build leaves in replay-cli/target/dist, used as README installs it:
 * its launcher linked from a bin folder and run from another folder, its bash completion sourced,
 * its man pages read by man.
 */
class DistributionIT {
    @TempDir
    Path tmp;

    private static Path dist() {
        return SidecarProcess.jar().resolveSibling("dist");
    }

    private record Ran(int exit, String out) {
    }

    private Ran sh(String script) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", script).directory(tmp.toFile()).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), script);
        return new Ran(p.exitValue(), out);
    }

    @Test
    void theLauncherRunsFromAnyFolderThroughALinkOnPath() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("routing-engine"), dist().resolve("bin/routing-engine"));
        Ran help = sh("PATH=" + bin + ":$PATH routing-engine --help");
        assertEquals(0, help.exit(), help.out());
        assertTrue(help.out().startsWith("Usage: routing-engine [-hV] [COMMAND]"), help.out());
        Ran version = sh("PATH=" + bin + ":$PATH routing-engine --version");
        assertTrue(version.out().startsWith("routing-engine " + Version.NUMBER + "\ncommit "), version.out());
        Ran run = sh("PATH=" + bin + ":$PATH routing-engine run - --ephemeral < /dev/null");
        assertEquals(0, run.exit(), run.out());
        assertTrue(run.out().contains("\"type\":\"sidecar.ready\""), run.out());
        Ran noJava = sh("JAVA_HOME=/nowhere " + bin.resolve("routing-engine") + " --help");
        assertEquals(1, noJava.exit(), noJava.out());
        assertTrue(noJava.out().contains("set JAVA_HOME"), noJava.out());
        Files.delete(bin.resolve("routing-engine"));
    }

    @Test
    void itsCompletionCompletesCommandsAndOptions() throws Exception {
        Path completion = dist().resolve("completion/routing-engine");
        Ran commands = sh("source " + completion + "; COMP_WORDS=(routing-engine au); COMP_CWORD=1; COMP_LINE='routing-engine au';"
                + " COMP_POINT=${#COMP_LINE}; _complete_routing-engine 2>/dev/null; echo \"${COMPREPLY[@]}\"");
        assertEquals("audit audit-days", commands.out().strip(), commands.out());
        Ran options = sh("source " + completion + "; COMP_WORDS=(routing-engine run --jo); COMP_CWORD=2; COMP_LINE='routing-engine run --jo';"
                + " COMP_POINT=${#COMP_LINE}; _complete_routing-engine 2>/dev/null; echo \"${COMPREPLY[@]}\"");
        assertEquals("--journal", options.out().strip(), options.out());
    }

    @Test
    void everyCommandHasAManPageThatManReadsWithoutAWarning() throws Exception {
        Path man = dist().resolve("man/man1");
        List<String> pages;
        try (Stream<Path> files = Files.list(man)) {
            pages = files.map(p -> p.getFileName().toString()).sorted().toList();
        }
        for (String command : List.of("routing-engine.1", "routing-engine-run.1", "routing-engine-serve.1", "routing-engine-audit.1",
                "routing-engine-bench-sidecar.1")) {
            assertTrue(pages.contains(command), () -> command + " in " + pages);
        }
        for (String page : pages) {
            Ran rendered = sh("groff -ww -man -Tutf8 " + man.resolve(page) + " > /dev/null");
            assertEquals("", rendered.out(), page + ": groff's warnings");
            Ran read = sh("MANWIDTH=100 man -M " + dist().resolve("man") + " " + page.replace(".1", "") + " | head -5");
            assertTrue(read.out().contains("NAME"), () -> page + ": " + read.out());
        }
    }
}
