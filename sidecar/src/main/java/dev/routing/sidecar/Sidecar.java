package dev.routing.sidecar;

import dev.routing.engine.Engine;
import dev.routing.journal.event.Decision;
import dev.routing.sidecar.answers.Answer;
import dev.routing.sidecar.answers.Ready;
import dev.routing.sidecar.lines.BadLineException;
import dev.routing.sidecar.lines.FactLine;
import dev.routing.sidecar.lines.LineReader;
import dev.routing.sidecar.metrics.SidecarMetrics;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.PrintStream;
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
public final class Sidecar {
    /** Facts one sync may cover at most, so a host piping a day in gets answers as it goes. */
    static final int BATCH = 512;

    private final HostSession session;
    /** The build, as the ready line names it. */
    private final String version;
    /**
     * The operator's numbers, or null when none are served: counted on this thread from what the
     * engine answered, after it answered (docs/operations.md).
     */
    private final SidecarMetrics metrics;
    /**
     * Null, or where each sync is told with the count of answers it lets out, before they are handed
     * to the writer: one write a tracer sees between the msync and the answers (GroupCommitIT).
     */
    private final PrintStream syncs;
    private long answersSynced;

    public Sidecar(HostSession session, String version, SidecarMetrics metrics, PrintStream syncs) {
        this.session = session;
        this.version = version;
        this.metrics = metrics;
        this.syncs = syncs;
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
    public void serve(LineReader lines, OutputStream out, List<Decision> opening) throws IOException {
        session.engine().sync();
        SidecarOutput.ready(out, ready(opening));
        if (metrics != null) metrics.decided(opening);
        try (SidecarInput input = SidecarInput.start(lines); SidecarOutput output = SidecarOutput.start(out)) {
            if (metrics != null) metrics.reading(input::waiting);
            List<Answer> batch = new ArrayList<>();
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
                    Answer answer = answer(line);
                    if (answer != null) batch.add(answer);
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

    /** The line's answer, its fact journaled (not yet synced); null for a blank line. */
    private Answer answer(SidecarInput.Line line) {
        if (line.bad() != null) return rejected(line.bad());
        if (line.text().isBlank()) return null;
        try {
            FactLine fact = line.fact() != null ? line.fact() : FactLine.read(line.number(), line.text(), session.heldDrafts());
            Engine.Accepted accepted = session.accept(line.number(), fact);
            if (metrics != null) metrics.accepted(fact.fact(), accepted);
            return Answer.Accepted.of(accepted);
        } catch (BadLineException bad) {
            return rejected(bad);
        }
    }

    /** A {@code fact.rejected}, counted. */
    private Answer rejected(BadLineException bad) {
        if (metrics != null) metrics.rejected();
        return Answer.Rejected.of(bad);
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
            throw new InterruptedIOException("the sidecar was stopped while it waited for a line");
        }
    }

    /** Syncs every group journaled so far, then hands their answers to the writer; a new batch to fill. */
    private List<Answer> commit(List<Answer> batch, SidecarOutput output) throws IOException {
        if (batch.isEmpty()) return batch;
        long start = metrics == null ? 0 : System.nanoTime();
        Engine engine = session.engine();
        engine.sync();
        if (metrics != null) {
            metrics.synced(batch.size(), System.nanoTime() - start);
            metrics.after(engine);
        }
        answersSynced += batch.size();
        if (syncs != null) syncs.println("sidecar: synced, " + answersSynced + " answers may go out");
        output.write(batch);
        return new ArrayList<>(BATCH);
    }

    private Ready ready(List<Decision> opening) {
        Engine engine = session.engine();
        return new Ready(session.dir().toAbsolutePath().toString(), engine.journal().lastIndex(), engine.lastSeq(), engine.rules().label(),
                version, opening);
    }
}
