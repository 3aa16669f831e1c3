package dev.routing.cli.progress;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether standard error is a terminal. Java tells only whether the process has a console, which on
 * Java 17 needs standard input and output to be terminals too: {@code audit > report.json} would
 * show no progress. Linux names each open descriptor in /proc; elsewhere the console is asked.
 */
final class Terminal {
    private Terminal() {}

    static boolean isStandardError() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
        } catch (IOException | UnsupportedOperationException | SecurityException noProc) {
            return System.console() != null;
        }
    }
}
