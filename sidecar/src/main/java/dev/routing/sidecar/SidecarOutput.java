package dev.routing.sidecar;

import dev.routing.sidecar.answers.Answer;
import dev.routing.sidecar.answers.AnswerWriter;
import dev.routing.sidecar.answers.Ready;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The sidecar's answers, written out on a thread of its own ({@code sidecar-write}): a batch is
 * handed over only once the sync that covers it is done, so nothing here can answer a fact before
 * it is on disk. Batches are written in the order they were handed over; the output is flushed
 * whenever no batch waits, so a host that waits for each answer gets it at once. A host that reads
 * its answers slowly holds the engine back, as a blocking write did: only a few batches wait.
 */
final class SidecarOutput implements AutoCloseable {
    /** The end of the batches: compared by identity, so no batch handed over is taken for it. */
    private static final List<Answer> END = new ArrayList<>(0);
    /** Synced batches waiting to be written, at most: beyond them the engine waits for the host. */
    private static final int WAITING = 32;

    private final OutputStream out;
    private final BlockingQueue<List<Answer>> batches = new ArrayBlockingQueue<>(WAITING + 1);
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 16);
    private final AnswerWriter answers = new AnswerWriter(bytes);
    private final Thread writer;
    /** Why writing stopped: an IOException when the host went away; the sidecar stops at its next batch. */
    private volatile Throwable failed;
    private boolean ended;

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
     * Writes the ready line on the caller's thread, flushed: before any answer, and before the writer
     * starts.
     *
     * @throws IOException when it cannot be written: the host is gone
     */
    static void ready(OutputStream out, Ready ready) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        new AnswerWriter(line).ready(ready);
        line.writeTo(out);
        out.flush();
    }

    /**
     * Hands over a synced batch of answers, in order. Waits while the host is {@link #WAITING} batches
     * behind.
     *
     * @throws IOException when an earlier batch could not be written: the host is gone
     */
    void write(List<Answer> batch) throws IOException {
        try {
            while (!batches.offer(batch, 100, TimeUnit.MILLISECONDS)) {
                rethrow();
                if (!writer.isAlive()) throw new IOException("the answers' writer stopped");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while the answers waited to be written");
        }
        rethrow();
    }

    /** Waits until everything handed over is written, then says why writing failed, if it did. */
    void finish() throws IOException {
        end();
        rethrow();
    }

    /** On every way out of the sidecar: what was handed over (synced) is written before it returns. */
    @Override
    public void close() {
        end();
    }

    private void end() {
        if (ended) return;
        ended = true;
        try {
            // a writer that stopped takes nothing more: the end is for a live one
            while (writer.isAlive() && !batches.offer(END, 100, TimeUnit.MILLISECONDS)) {
                Thread.onSpinWait();
            }
            writer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void rethrow() throws IOException {
        Throwable f = failed;
        if (f == null) return;
        if (f instanceof IOException e) throw e;
        if (f instanceof RuntimeException e) throw e;
        if (f instanceof Error e) throw e;
        throw new IllegalStateException(f);
    }

    private void run() {
        try {
            while (true) {
                List<Answer> batch = batches.take();
                if (batch == END) break;
                for (Answer answer : batch) answers.answer(answer);
                bytes.writeTo(out);
                bytes.reset();
                if (batches.isEmpty()) out.flush();
            }
            out.flush();
        } catch (UncheckedIOException e) {
            failed = e.getCause();
        } catch (Throwable e) {
            // an IOException is the host gone; anything else is a fault the sidecar reports as it is
            failed = e;
        }
        if (failed != null) batches.clear();
    }
}
