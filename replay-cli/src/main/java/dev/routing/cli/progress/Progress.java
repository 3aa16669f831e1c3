package dev.routing.cli.progress;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongConsumer;

/**
 * Progress of long work on stderr: done/total, rate and ETA, redrawn at most a few times a second,
 * whenever stderr is a terminal (standard output may go to a file: {@code audit ... > a.json}).
 * When stderr is piped it prints nothing, so errors are never buried.
 */
public final class Progress implements LongConsumer {
    private final PrintStream err = System.err;
    private final String what;
    private final long total;
    private final boolean enabled;
    private final long startNanos = System.nanoTime();
    private long lastDraw;
    private boolean drawn;

    public Progress(String what, long total) {
        this.what = what;
        this.total = total;
        this.enabled = Terminal.isStandardError();
    }

    @Override
    public void accept(long done) {
        if (!enabled) return;
        long now = System.nanoTime();
        if (now - lastDraw < 200_000_000L) return;
        lastDraw = now;
        double seconds = Math.max(1e-9, (now - startNanos) / 1e9);
        double rate = done / seconds;
        String eta = total > 0 && rate > 0 ? String.format(Locale.ROOT, " ETA %.0fs", (total - done) / rate) : "";
        String of = total > 0 ? "/" + total : "";
        err.printf(Locale.ROOT, "\r%s: %d%s entries, %.0f/s%s   ", what, done, of, rate, eta);
        drawn = true;
    }

    /** Clears the line so that what follows starts clean. */
    public void done() {
        if (enabled && drawn) err.print("\r\033[K");
    }
}
