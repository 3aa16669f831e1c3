package dev.routing.cli;

import dev.routing.journal.codec.EntryCodec;
import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * The sidecar's input, read and parsed on a thread of its own ({@code sidecar-read}) while the
 * engine decides the lines before: reading a line and parsing its fact is a third of a sidecar's
 * time for a line, and on a second core it costs the engine nothing. Lines come out in the order
 * they were read; what went wrong reading one comes out in its place.
 */
final class SidecarInput implements AutoCloseable {
    /** One line as read: its text and, when the one-pass reader took it, its fact; or the end, or why reading failed. */
    record Line(int number, String text, EntryCodec.NumberedFact read, BadInputException bad, Exception failed) {
        static final Line END = new Line(0, null, null, null, null);
    }

    /** Enough to keep the engine busy across a pause of the reader, bounded so a fast host cannot fill memory. */
    private static final int AHEAD = 2 * Sidecar.BATCH;

    private final BlockingQueue<Line> lines = new ArrayBlockingQueue<>(AHEAD);
    private final Thread reader;

    private SidecarInput(ScriptLines in) {
        reader = new Thread(() -> read(in), "sidecar-read");
        // a client replaced on a socket leaves its reader blocked in a read that its close ends
        reader.setDaemon(true);
    }

    static SidecarInput start(ScriptLines in) {
        SidecarInput input = new SidecarInput(in);
        input.reader.start();
        return input;
    }

    /** The next line if one is waiting, else null: the sidecar answers what it decided before it waits. */
    Line poll() {
        return lines.poll();
    }

    /** The next line, waiting for it. */
    Line take() throws InterruptedException {
        return lines.take();
    }

    private void read(ScriptLines in) {
        try {
            while (true) {
                String text;
                Line line;
                try {
                    text = in.next();
                    if (text == null) break;
                    line = new Line(in.number(), text, text.isBlank() ? null : ScriptRunner.plain(text), null, null);
                } catch (BadInputException bytes) {
                    line = new Line(in.number(), "", null, bytes, null);
                }
                if (!put(line)) return;
            }
            put(Line.END);
        } catch (IOException | RuntimeException e) {
            // the engine side rethrows it in the line's place, as if it had read the line itself
            put(new Line(in.number(), null, null, null, e));
        }
    }

    /** False when the sidecar stopped its reader. */
    private boolean put(Line line) {
        try {
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
