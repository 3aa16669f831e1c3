package dev.routing.sidecar;

import dev.routing.sidecar.lines.BadLineException;
import dev.routing.sidecar.lines.FactLine;
import dev.routing.sidecar.lines.LineReader;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;

/**
 * The sidecar's input, read and parsed on a thread of its own ({@code sidecar-read}) while the
 * engine decides the lines before: reading a line and parsing its fact is a third of a sidecar's
 * time for a line, and on a second core it costs the engine nothing. Lines come out in the order
 * they were read; what went wrong reading one (an error included) comes out in its place, so the
 * engine's thread never waits for a reader that is gone.
 */
final class SidecarInput implements AutoCloseable {
    /** One line as read: its text and, when the one-pass reader took it, its fact; or the end, or why reading failed. */
    record Line(int number, String text, FactLine fact, BadLineException bad, Throwable failed) {
        static final Line END = new Line(0, null, null, null, null);

        int chars() {
            return text == null ? 0 : Math.min(text.length(), AHEAD_CHARS);
        }
    }

    /** Lines read ahead at most: enough to keep the engine busy across a pause of the reader. */
    private static final int AHEAD = 2 * Sidecar.BATCH;
    /** Characters read ahead at most, so a host sending long lines cannot fill memory either. */
    private static final int AHEAD_CHARS = 16 << 20;

    private final BlockingQueue<Line> lines = new ArrayBlockingQueue<>(AHEAD);
    private final Semaphore room = new Semaphore(AHEAD_CHARS);
    private final Thread reader;

    private SidecarInput(LineReader in) {
        reader = new Thread(() -> read(in), "sidecar-read");
        // a client replaced on a socket leaves its reader blocked in a read that its close ends
        reader.setDaemon(true);
    }

    static SidecarInput start(LineReader in) {
        SidecarInput input = new SidecarInput(in);
        input.reader.start();
        return input;
    }

    /** Lines read and parsed, waiting for the engine: for the metrics, from any thread. */
    int waiting() {
        return lines.size();
    }

    /** The next line if one is waiting, else null: the sidecar answers what it decided before it waits. */
    Line poll() {
        return taken(lines.poll());
    }

    /** The next line, waiting for it. */
    Line take() throws InterruptedException {
        return taken(lines.take());
    }

    private Line taken(Line line) {
        if (line != null) room.release(line.chars());
        return line;
    }

    private void read(LineReader in) {
        try {
            while (true) {
                Line line;
                try {
                    String text = in.next();
                    if (text == null) break;
                    line = new Line(in.number(), text, text.isBlank() ? null : FactLine.plain(text), null, null);
                } catch (BadLineException bad) {
                    line = new Line(in.number(), "", null, bad, null);
                }
                if (!put(line)) return;
            }
            put(Line.END);
        } catch (Throwable e) {
            // the engine's thread rethrows it in the line's place, as if it had read the line itself
            put(new Line(in.number(), null, null, null, e));
        }
    }

    /** False when the sidecar stopped its reader. */
    private boolean put(Line line) {
        try {
            room.acquire(line.chars());
            lines.put(line);
            return true;
        } catch (InterruptedException stopped) {
            return false;
        }
    }

    /** Stops the reader: a sidecar that ends early reads no more. */
    @Override
    public void close() {
        reader.interrupt();
    }
}
