package dev.routing.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** Mounting file systems for the fault tests that need one (a small tmpfs, a read-only view): root only. */
final class Mounts {
    private Mounts() {}

    /** Runs {@code mount} (or {@code umount}); skips the test, saying why, where it cannot. */
    static void mount(String... args) {
        List<String> command = new java.util.ArrayList<>(List.of("mount"));
        command.addAll(List.of(args));
        String why = run(command);
        Assumptions.assumeTrue(why == null, () -> "cannot " + String.join(" ", command) + " (" + why
                + "): this test needs root and mount; CI runs as root");
    }

    static void umount(Path where) {
        run(List.of("umount", "-l", where.toString()));
    }

    /** Null when the command succeeded, else what it said. */
    private static String run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "it did not finish";
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return p.exitValue() == 0 ? null : "exit " + p.exitValue() + ": " + out;
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
