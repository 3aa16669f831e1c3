package dev.routing.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.routing.engine.Engine;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The sidecar's answers, written out on a thread of its own ({@code sidecar-write}): a batch is
 * handed over only once the sync that covers it is done, so nothing here can answer a fact before
 * it is on disk. Batches are written in the order they were handed over; the output is flushed
 * whenever no batch waits, so a host that waits for each answer gets it at once.
 */
final class SidecarOutput implements AutoCloseable {
    private static final List<Object> END = List.of();

    private final OutputStream out;
    private final LinkedBlockingQueue<List<Object>> batches = new LinkedBlockingQueue<>();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 16);
    private final EntryCodec.JsonLines lines = EntryCodec.jsonLines(bytes);
    private final Thread writer;
    /** Why writing stopped (the host went away): the sidecar stops at its next batch. */
    private volatile IOException failed;

    private SidecarOutput(OutputStream out) {
        this.out = out;
        writer = new Thread(this::run, "sidecar-write");
        writer.setDaemon(true);
    }

    static SidecarOutput start(OutputStream out) {
        SidecarOutput output = new SidecarOutput(out);
        output.writer.start();
        return output;
    }

    /**
     * Hands over a synced batch, in order: each item an {@link Engine.Accepted} (its decisions, then
     * its {@code fact.accepted}) or a line's bytes (a {@code fact.rejected}).
     *
     * @throws IOException when an earlier batch could not be written: the host is gone
     */
    void write(List<Object> batch) throws IOException {
        if (failed != null) throw failed;
        batches.add(batch);
    }

    /** Waits until everything handed over is written. */
    void finish() throws IOException {
        batches.add(END);
        try {
            writer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the answers were written", e);
        }
        if (failed != null) throw failed;
    }

    private void run() {
        try {
            while (true) {
                List<Object> batch = batches.take();
                if (batch == END) return;
                for (Object item : batch) {
                    if (item instanceof Engine.Accepted accepted) answer(accepted);
                    else bytes.writeBytes((byte[]) item);
                }
                bytes.writeTo(out);
                bytes.reset();
                if (batches.isEmpty()) out.flush();
            }
        } catch (IOException e) {
            failed = e;
        } catch (java.io.UncheckedIOException e) {
            failed = e.getCause();
        } catch (RuntimeException e) {
            failed = new IOException("the answers could not be written: " + e, e);
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
        }
    }

    /** The decisions' lines, then {@code fact.accepted}: the bytes the mapper writes for that object. */
    private void answer(Engine.Accepted accepted) throws IOException {
        for (Decision d : accepted.decisions()) lines.entry(d);
        JsonGenerator g = lines.generator();
        g.writeStartObject();
        g.writeStringField("type", "fact.accepted");
        if (accepted.index() < 0) g.writeNullField("index");
        else g.writeNumberField("index", accepted.index());
        if (accepted.seq() == Engine.NO_SEQ) g.writeNullField("seq");
        else g.writeNumberField("seq", accepted.seq());
        g.writeNumberField("decisions", accepted.decisions().size());
        g.writeEndObject();
        lines.endLine();
    }

    /** Stops the writer where it is: a sidecar that stopped writes nothing more. */
    @Override
    public void close() {
        writer.interrupt();
    }
}
