package dev.routing.engine;

import dev.routing.journal.event.Decision;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.event.RetentionCheckpoint;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The runtime loop: append the fact, decide, append each decision, fold. Nothing the engine knows
 * lives only in memory (J1): opening a journal rebuilds the state from its newest checkpoint, and
 * the engine writes a checkpoint every {@link #checkpointEvery} entries. Single-threaded, like the
 * journal it owns.
 */
public final class Engine implements AutoCloseable {
    /**
     * Entries between state checkpoints: a restore reads about this many after the newest, or,
     * for a state of megabytes, about the state's own size in entries (see {@link #checkpointPaysOff}).
     */
    public static final int DEFAULT_CHECKPOINT_EVERY = 20_000;
    private static final long UNKNOWN_SIZE = -1;

    private final Journal journal;
    private final Core core;
    private final int checkpointEvery;
    private long sinceCheckpoint;
    /** The journal's bytes just after the last state checkpoint, and that checkpoint's own size. */
    private long bytesAtCheckpoint;
    private long checkpointBytes;
    /** A batch host (simulate, bench) syncs once per batch with {@link #commit}: it acts on nothing before. */
    private boolean deferCommits;
    /** A new journal's engine.started waits for the first fact, so that it carries real time. */
    private boolean started;
    private final List<Decision> opening;

    private Engine(Journal journal, Replay.Result restored, RuleSet rules, int checkpointEvery, Instant openedAt) {
        EngineState state = restored.state();
        this.journal = journal;
        this.core = new Core(state, rules);
        this.checkpointEvery = checkpointEvery;
        this.sinceCheckpoint = restored.entriesRead();
        // What opening read counts as written since the checkpoint.
        this.bytesAtCheckpoint = -restored.bytesRead();
        this.checkpointBytes = UNKNOWN_SIZE;
        if (journal.lastIndex() >= 0) {
            Instant at = openedAt != null ? openedAt : Instant.ofEpochMilli(state.clockMillis);
            List<Decision> decisions = new ArrayList<>(accept(new EngineStarted(at, rules.label())));
            decisions.addAll(accept(new ProcessRestarted(at)));
            this.opening = List.copyOf(decisions);
        } else {
            this.opening = List.of();
        }
    }

    /**
     * Opens (or creates) the journal in {@code dir} as its one writer. On an existing journal the
     * state is restored and {@code process.restarted} is appended and decided, at {@code at} (the
     * journal's newest time when null).
     */
    public static Engine open(Path dir, RuleSet rules, Instant at) {
        return open(dir, rules, at, DEFAULT_CHECKPOINT_EVERY);
    }

    public static Engine open(Path dir, RuleSet rules, Instant at, int checkpointEvery) {
        Journal journal = Journal.openWriter(dir);
        try {
            return new Engine(journal, Replay.restore(journal), rules, checkpointEvery, at);
        } catch (RuntimeException e) {
            journal.close();
            throw e;
        }
    }

    /** What opening decided: the restart's decisions on an existing journal, else nothing. */
    public List<Decision> openingDecisions() {
        return opening;
    }

    /** Journals the fact, decides, journals the decisions (synced where J3 asks), and returns them. */
    public List<Decision> accept(Fact fact) {
        if (!started) {
            started = true;
            if (!(fact instanceof EngineStarted) && journal.lastIndex() < 0) {
                List<Decision> first = accept(new EngineStarted(fact.at(), core.rules().label()));
                if (!first.isEmpty()) throw new IllegalStateException("engine.started decided something in a new journal");
            }
        }
        journal.write(fact);
        List<Decision> decisions = core.accept(fact);
        for (Decision d : decisions) journal.write(d);
        // J3: one sync per fact, before any decision leaves the engine; a batch host defers it.
        if (!deferCommits) journal.commit();
        sinceCheckpoint += 1 + decisions.size();
        if ((sinceCheckpoint >= checkpointEvery || retention(decisions)) && checkpointPaysOff()) checkpoint();
        return decisions;
    }

    /** T3: a retention checkpoint is where a restore starts, so the state is written beside it. */
    private static boolean retention(List<Decision> decisions) {
        for (Decision d : decisions) {
            if (d instanceof RetentionCheckpoint) return true;
        }
        return false;
    }

    /**
     * Whether the journal has grown by at least the last state checkpoint's size since it: a state
     * holding thousands of recent drafts is megabytes, and rewriting it every 500 draft entries (or
     * every 20,000 small entries) would make checkpoints outweigh the journal. So each checkpoint
     * follows at least its predecessor's size in entries, and opening reads after the newest one
     * no more than the larger of {@link #checkpointEvery} entries and about its own size in bytes.
     */
    private boolean checkpointPaysOff() {
        // After an open, the state stands in for the restored checkpoint's size, measured only when needed.
        if (checkpointBytes == UNKNOWN_SIZE) checkpointBytes = StateCodec.toBytes(core.state()).length;
        return journal.bytesWritten() - bytesAtCheckpoint >= checkpointBytes;
    }

    /**
     * For a host that acts on no decision until it commits (a simulator, a benchmark): durable
     * entries are synced at {@link #commit} rather than once per fact. Closing commits.
     */
    public void deferCommits(boolean defer) {
        this.deferCommits = defer;
        if (!defer) journal.commit();
    }

    /** Syncs every durable entry written so far. */
    public void commit() {
        journal.commit();
    }

    /** Writes every projection's state into the journal, so a restore starts here. */
    public void checkpoint() {
        EngineState state = core.state();
        long through = journal.lastIndex();
        long before = journal.bytesWritten();
        journal.append(new StateCheckpoint(Instant.ofEpochMilli(state.clockMillis), through, state.entries,
                StateCodec.toTree(state)));
        bytesAtCheckpoint = journal.bytesWritten();
        checkpointBytes = bytesAtCheckpoint - before;
        sinceCheckpoint = 0;
    }

    public EngineState state() {
        return core.state();
    }

    public Journal journal() {
        return journal;
    }

    public RuleSet rules() {
        return core.rules();
    }

    @Override
    public void close() {
        journal.commit();
        journal.close();
    }
}
