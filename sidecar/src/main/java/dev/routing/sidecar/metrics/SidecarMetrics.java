package dev.routing.sidecar.metrics;

import dev.routing.engine.Engine;
import dev.routing.journal.codec.WireShape;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.TurnMadePrivate;
import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntSupplier;
import java.util.stream.Stream;

/**
 * The sidecar's numbers for an operator (docs/operations.md), read by a scrape of the Prometheus
 * endpoint. Everything is counted after the engine decided and journaled it, from what it answered:
 * nothing here is read by the engine, so no number can change a decision or the journal.
 *
 * <p>The engine's thread records facts, decisions and syncs (an uncontended add each: a few
 * nanoseconds against a fact's tenth of a millisecond); what a scrape reads on its own thread is
 * either those counters or something safe to read from any thread (a queue's size, a file's size,
 * the disk's free space, a count the engine's thread last set).
 */
public final class SidecarMetrics {
    /** Sync times, in seconds: from a tenth of a millisecond (a page cache) to seconds (a disk in trouble). */
    private static final double[] SYNC_SECONDS = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
            1, 2.5, 5, 10};
    /** Answers per sync, up to the sidecar's batch of 512. */
    private static final double[] BATCH = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512};

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Counter facts;
    private final Counter decisions;
    private final Counter again;
    private final Counter rejected;
    private final Counter privateTurns;
    private final Counter bounces;
    private final Counter draftsHeld;
    private final Counter written;
    /** The journal's bytes written as its writer last said: engine's thread only. */
    private long writtenBefore;
    private final Histogram syncSeconds;
    private final Histogram syncBatch;
    /** Each entry type's counter, found once per type rather than by its label on every fact. */
    private final ClassValue<CounterDataPoint> byType = new ClassValue<>() {
        @Override
        protected CounterDataPoint computeValue(Class<?> type) {
            String name = WireShape.typeName(type.asSubclass(Entry.class));
            return (Fact.class.isAssignableFrom(type) ? facts : decisions).labelValues(name);
        }
    };
    /** Set by the engine's thread after each batch; read by a scrape. */
    private volatile long draftsWaiting;
    /** The lines read and waiting for the engine: the connection being served's reader, or none. */
    private volatile IntSupplier linesWaiting = () -> 0;

    public SidecarMetrics(Path journal) {
        facts = Counter.builder().name("routing_facts").help("Facts decided and journaled, by type (a resend answered from the journal"
                + " is not counted again)").labelNames("type").withoutExemplars().register(registry);
        decisions = Counter.builder().name("routing_decisions").help("Decisions the engine made and journaled, by type")
                .labelNames("type").withoutExemplars().register(registry);
        again = Counter.builder().name("routing_facts_answered_again").help("Facts resent under a seq the journal holds, answered"
                + " from the journal without deciding them again").withoutExemplars().register(registry);
        rejected = Counter.builder().name("routing_lines_rejected").help("Lines answered with fact.rejected: nothing of them journaled")
                .withoutExemplars().register(registry);
        privateTurns = Counter.builder().name("routing_private_turns").help("Turns made private (turn.madePrivate), at their start"
                + " or at a tool boundary").withoutExemplars().register(registry);
        bounces = Counter.builder().name("routing_bounces").help("Segments of plain speech bounced back to their resident"
                + " (speech.routed, route bounced)").withoutExemplars().register(registry);
        draftsHeld = Counter.builder().name("routing_drafts_held").help("Drafts held (draft.held): words kept for the resident to resend")
                .withoutExemplars().register(registry);
        written = Counter.builder().name("routing_journal_written").unit(Unit.BYTES).help("Bytes of entries the sidecar appended to"
                + " the journal: how fast it grows").withoutExemplars().register(registry);
        syncSeconds = Histogram.builder().name("routing_sync").unit(Unit.SECONDS).help("Each sync (msync) of the journal before a batch"
                + " of answers may go out").classicOnly().classicUpperBounds(SYNC_SECONDS).withoutExemplars().register(registry);
        syncBatch = Histogram.builder().name("routing_sync_batch_answers").help("Answers each sync let out (a batch: at most 512)")
                .classicOnly().classicUpperBounds(BATCH).withoutExemplars().register(registry);
        GaugeWithCallback.builder().name("routing_lines_waiting").help("Lines read and parsed, waiting for the engine (at most 1024)")
                .callback(c -> c.call(linesWaiting.getAsInt())).register(registry);
        GaugeWithCallback.builder().name("routing_drafts_waiting").help("Drafts held now, neither delivered nor dismissed: words"
                + " waiting on their resident").callback(c -> c.call(draftsWaiting)).register(registry);
        GaugeWithCallback.builder().name("routing_journal_files").unit(Unit.BYTES).help("The journal folder's files, their sizes added"
                + " up: the room Chronicle's day files reserve, sparse (a disk holds only what was written; see the free space)")
                .callback(c -> c.call(bytesIn(journal))).register(registry);
        GaugeWithCallback.builder().name("routing_journal_free").unit(Unit.BYTES).help("Space left for the journal on its disk; the"
                + " journal refuses a fact that would leave less than 1 MiB").callback(c -> c.call(free(journal))).register(registry);
    }

    public PrometheusRegistry registry() {
        return registry;
    }

    /** A line's fact and its answer: counted by type, with the decisions the engine made for it. */
    public void accepted(Fact fact, Engine.Accepted accepted) {
        if (accepted.again()) {
            again.inc();
            return;
        }
        if (fact != null) byType.get(fact.getClass()).inc();
        decided(accepted.decisions());
    }

    /** Decisions no line asked for (the opening of a journal): counted as decisions. */
    public void decided(List<Decision> made) {
        for (Decision d : made) {
            byType.get(d.getClass()).inc();
            if (d instanceof TurnMadePrivate) privateTurns.inc();
            else if (d instanceof DraftHeld) draftsHeld.inc();
            else if (d instanceof SpeechRouted s && "bounced".equals(s.route().kind())) bounces.inc();
        }
    }

    public void rejected() {
        rejected.inc();
    }

    /** A sync that took {@code nanos} and let {@code answers} out. */
    public void synced(int answers, long nanos) {
        syncSeconds.observe(nanos / 1e9);
        syncBatch.observe(answers);
    }

    /** The engine after a synced batch, on the engine's thread: what a scrape may not read itself. */
    public void after(Engine engine) {
        long[] waiting = {0};
        engine.state().drafts.drafts.forEach((agent, drafts) -> drafts.values().forEach(d -> {
            if (!d.delivered && !d.dismissed) waiting[0]++;
        }));
        draftsWaiting = waiting[0];
        // a writer counts from its open: a host's process.restarted opens the journal again, from 0
        long bytes = engine.journal().bytesWritten();
        written.inc(bytes >= writtenBefore ? bytes - writtenBefore : bytes);
        writtenBefore = bytes;
    }

    /** Where the lines waiting are counted from: the reader of the connection being served. */
    public void reading(IntSupplier waiting) {
        linesWaiting = waiting;
    }

    private static double bytesIn(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(SidecarMetrics::size).sum();
        } catch (IOException | UncheckedIOException gone) {
            return Double.NaN;
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException gone) {
            return 0; // a file removed while it was counted (a view the reader deleted)
        }
    }

    private static double free(Path dir) {
        try {
            return Files.getFileStore(dir).getUsableSpace();
        } catch (IOException gone) {
            return Double.NaN;
        }
    }
}
