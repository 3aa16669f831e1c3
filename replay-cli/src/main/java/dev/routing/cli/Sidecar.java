package dev.routing.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.cli.metrics.SidecarMetrics;
import dev.routing.engine.Engine;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The sidecar protocol (docs/sidecar.md), over standard input or a socket: a {@code sidecar.ready}
 * line first, then, for each line read, the fact's decisions and a {@code fact.accepted}, or one
 * {@code fact.rejected} naming the line and field (nothing journaled for it, and the sidecar reads
 * on).
 *
 * <p>Group commit: the facts waiting on the input are decided and journaled in order, then one
 * sync covers them all, and only then are their answers written. No answer leaves before the sync
 * that covers it, so whatever a host was answered is on disk, and a host that resends what it has
 * no answer for (with its {@code seq}) loses nothing and has nothing decided twice.
 *
 * <p>Three threads, one line after another: {@link SidecarInput} reads and parses the lines ahead,
 * the caller's thread decides, journals and syncs them, and {@link SidecarOutput} writes the synced
 * answers; on two cores a piped host's line costs the engine only its deciding and journaling.
 */
final class Sidecar {
    /** Facts one sync may cover at most, so a host piping a day in gets answers as it goes. */
    static final int BATCH = 512;

    private final ScriptRunner runner;
    private final Path journal;
    /**
     * Null, or where each sync is told with the count of answers it lets out, before they are handed
     * to the writer: one write a tracer sees between the msync and the answers (GroupCommitIT).
     */
    private final PrintStream syncs;
    /**
     * The operator's numbers, or null when none are served: counted on this thread from what the
     * engine answered, after it answered (docs/operations.md).
     */
    private final SidecarMetrics metrics;
    private long answersSynced;

    Sidecar(ScriptRunner runner, Path journal, PrintStream syncs, SidecarMetrics metrics) {
        this.runner = runner;
        this.journal = journal;
        this.syncs = syncs;
        this.metrics = metrics;
    }

    /**
     * Answers every line of {@code lines} on {@code out} until the input ends; the ready line first,
     * with {@code opening} (the decisions opening the journal made, which no line asked for).
     *
     * @throws IOException when the input or output fails (a socket's client went away): what was
     *         journaled and not answered is answered from the journal when the host resends it
     * @throws IllegalStateException when the engine stopped for good, after answering every fact
     *         before it that a sync could still cover
     */
    void serve(ScriptLines lines, OutputStream out, List<Decision> opening) throws IOException {
        runner.sync();
        out.write(line(ready(opening)));
        out.flush();
        if (metrics != null) metrics.decided(opening);
        try (SidecarInput input = SidecarInput.start(lines); SidecarOutput output = SidecarOutput.start(out)) {
            if (metrics != null) metrics.reading(input::waiting);
            List<Object> batch = new ArrayList<>();
            try {
                while (true) {
                    SidecarInput.Line line = input.poll();
                    if (line == null) {
                        // no line waits: what was decided is answered before the sidecar waits for more
                        batch = commit(batch, output);
                        line = take(input);
                    }
                    if (line == SidecarInput.Line.END) break;
                    if (line.failed() != null) throw readFailed(line.failed());
                    if (line.bad() != null) {
                        batch.add(rejected(line.bad()));
                    } else {
                        try {
                            Engine.Accepted accepted = runner.feed(line.number(), line.text(), line.read());
                            if (accepted != null) {
                                batch.add(accepted);
                                if (metrics != null) metrics.accepted(runner.fed(), accepted);
                            }
                        } catch (BadInputException bad) {
                            batch.add(rejected(bad));
                        }
                    }
                    if (batch.size() >= BATCH) batch = commit(batch, output);
                }
            } catch (IllegalStateException stopped) {
                try {
                    commit(batch, output);
                } catch (RuntimeException | IOException cannot) {
                    // the journal cannot sync: what it holds unsynced was never answered, and is kept or cut at the next open
                }
                throw stopped; // closing the output writes every batch synced before
            }
            commit(batch, output);
            output.finish();
        } finally {
            // a reader that is gone has nothing waiting (serve's next client brings its own)
            if (metrics != null) metrics.reading(() -> 0);
        }
    }

    /** What stopped the reader, thrown on the engine's thread as if it had read the line itself. */
    private static IOException readFailed(Throwable failed) {
        if (failed instanceof IOException e) return e;
        if (failed instanceof RuntimeException e) throw e;
        if (failed instanceof Error e) throw e;
        return new IOException("the sidecar's input failed: " + failed, failed);
    }

    private static SidecarInput.Line take(SidecarInput input) throws IOException {
        try {
            return input.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("the sidecar was stopped while it waited for a line");
        }
    }

    /** Syncs every group journaled so far, then hands their answers to the writer; a new batch to fill. */
    private List<Object> commit(List<Object> batch, SidecarOutput output) throws IOException {
        if (batch.isEmpty()) return batch;
        long start = metrics == null ? 0 : System.nanoTime();
        runner.sync();
        if (metrics != null) {
            metrics.synced(batch.size(), System.nanoTime() - start);
            metrics.after(runner.engine());
        }
        answersSynced += batch.size();
        if (syncs != null) syncs.println("sidecar: synced, " + answersSynced + " answers may go out");
        output.write(batch);
        return new ArrayList<>(BATCH);
    }

    private ObjectNode ready(List<Decision> opening) {
        Engine engine = runner.engine();
        ObjectNode r = EntryCodec.mapper().createObjectNode();
        r.put("type", "sidecar.ready");
        r.put("journal", journal.toAbsolutePath().toString());
        putIndex(r, "lastIndex", engine.journal().lastIndex());
        putSeq(r, "lastSeq", engine.lastSeq());
        r.put("rules", engine.rules().label());
        r.put("version", Version.NUMBER);
        ArrayNode decisions = r.putArray("opening");
        try {
            for (Decision d : opening) decisions.add(EntryCodec.mapper().readTree(EntryCodec.toJson(d)));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        return r;
    }

    /** A {@code fact.rejected} line, counted. */
    private byte[] rejected(BadInputException e) {
        if (metrics != null) metrics.rejected();
        return line(rejectedLine(e));
    }

    private static ObjectNode rejectedLine(BadInputException e) {
        ObjectNode r = EntryCodec.mapper().createObjectNode();
        r.put("type", "fact.rejected");
        r.put("line", e.line());
        r.put("field", e.field());
        r.put("error", e.detail());
        return r;
    }

    private static void putIndex(ObjectNode node, String name, long index) {
        if (index < 0) node.putNull(name);
        else node.put(name, index);
    }

    private static void putSeq(ObjectNode node, String name, long seq) {
        if (seq == Engine.NO_SEQ) node.putNull(name);
        else node.put(name, seq);
    }

    private static byte[] line(ObjectNode node) {
        try {
            return (EntryCodec.mapper().writeValueAsString(node) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
