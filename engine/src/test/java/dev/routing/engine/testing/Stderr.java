package dev.routing.engine.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/** What a piece of a test says on stderr, where the engine notes what it read around (a file it rebuilt from the journal). */
public final class Stderr {
    private Stderr() {}

    /** Runs {@code run} with stderr captured; returns what it said. One at a time: stderr is the process's. */
    public static synchronized String of(Supplier<Void> run) {
        PrintStream was = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            run.get();
        } finally {
            System.setErr(was);
        }
        return err.toString(StandardCharsets.UTF_8);
    }
}
