package dev.routing.engine;

import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.event.RetentionCheckpoint;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.Group;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalFullException;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The runtime loop: weigh the fact, decide, journal the fact and its decisions as one group (all or
 * nothing), sync, and only then hand the decisions out. Nothing the engine knows lives only in
 * memory (J1): opening a journal rebuilds the state from its newest checkpoint, and the engine
 * writes a checkpoint every {@link #checkpointEvery} entries. Single-threaded, like the journal it
 * owns.
 *
 * <p>Deciding folds each decision into the state as it is made, so the state is ahead of the
 * journal until the group is written. A fact whose group would be too large is refused and the
 * state rebuilt from the journal; a {@code decide} that throws, or a journal that cannot take the
 * group, stops the engine for good (as Disruptor's fatal handler does): every later call fails
 * naming the fact, and opening the journal again goes on from what it holds.
 */
public final class Engine implements AutoCloseable {
    /**
     * Entries between state checkpoints: a restore reads about this many after the newest, or,
     * for a state of megabytes, about the state's own size in entries (see {@link #checkpointPaysOff}).
     */
    public static final int DEFAULT_CHECKPOINT_EVERY = 20_000;
    private static final long UNKNOWN_SIZE = -1;

    private final Journal journal;
    private Core core;
    private final int checkpointEvery;
    private final Group group = new Group();
    private long sinceCheckpoint;
    /** The journal's bytes just after the last state checkpoint, and that checkpoint's own size. */
    private long bytesAtCheckpoint;
    private long checkpointBytes;
    /** A batch host (simulate, bench) syncs once per batch with {@link #commit}: it acts on nothing before. */
    private boolean deferCommits;
    /** Why the engine stopped for good, or null while it runs. */
    private String stopped;
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
            this.opening = List.copyOf(decideAndJournal(List.of(new EngineStarted(at, rules.label(), journal.cut()),
                    new ProcessRestarted(at))));
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

    /**
     * Decides the fact, journals it with its decisions as one group (synced where J3 asks), and
     * returns them. In a new journal, {@code engine.started} joins the first fact's group.
     *
     * @throws BadEntryException for a fact over {@link Journal#FACT_LIMIT}, or one whose decisions
     *         would make a group over {@link Journal#GROUP_LIMIT}: nothing is journaled, and the engine goes on
     * @throws EngineStoppedException when decide threw (now or before), or the journal's disk is full
     *         (its cause a {@link JournalFullException}): nothing of this fact is journaled (or, if the
     *         disk filled under the write, the next open keeps or cuts it), and the engine stops
     */
    public List<Decision> accept(Fact fact) {
        if (journal.lastIndex() < 0 && !(fact instanceof EngineStarted)) {
            return decideAndJournal(List.of(new EngineStarted(fact.at(), core.rules().label(), journal.cut()), fact));
        }
        return decideAndJournal(List.of(fact));
    }

    private List<Decision> decideAndJournal(List<Fact> facts) {
        if (stopped != null) throw new EngineStoppedException(stopped + "; open the journal again to go on from what it holds", null);
        group.clear();
        List<Decision> decisions = new ArrayList<>();
        Fact last = null;
        for (Fact fact : facts) {
            int bytes = group.add(fact);
            if (bytes > Journal.FACT_LIMIT) {
                if (last != null) restore(); // the facts before it in this group were decided
                throw FactSize.refusal(fact, bytes);
            }
            last = fact;
            List<Decision> made;
            try {
                made = core.accept(fact);
            } catch (RuntimeException | StackOverflowError e) {
                stopped = "the engine stopped for good: deciding the " + fact.type() + " at " + fact.at() + " threw " + e;
                throw new EngineStoppedException(stopped + "; nothing of it was journaled, and opening the journal again"
                        + " restores the state from what it holds", e);
            }
            for (Decision d : made) group.add(d);
            decisions.addAll(made);
        }
        if (group.bytes() > Journal.GROUP_LIMIT) {
            restore();
            throw FactSize.groupRefusal(group);
        }
        try {
            journal.write(group);
            // J3: one sync per fact, before any decision leaves the engine; a batch host defers it.
            if (!deferCommits) journal.commit();
        } catch (JournalFullException e) {
            stopped = "the engine stopped: the journal's disk filled at the " + last.type() + " at " + last.at();
            throw new EngineStoppedException(e.getMessage() + ". " + (e.inDoubt() ? "The " + last.type() + " at " + last.at()
                    + " may be on disk torn; nothing after it" : "Nothing of the " + last.type() + " at " + last.at()
                    + " or after it") + " was journaled, and every fact before it was. The engine stopped; once space is"
                    + " freed, opening the journal again continues it", e);
        } catch (InternalError e) {
            // a fault in the mapped file that surfaced past the journal's own guard (SIGBUS: the disk filled under the write)
            stopped = "the engine stopped: the journal's file faulted at the " + last.type() + " at " + last.at();
            throw new EngineStoppedException("the journal's disk is full (a memory-mapped write faulted: " + e.getMessage()
                    + "). The " + last.type() + " at " + last.at() + " may be on disk torn; nothing after it was journaled,"
                    + " and every fact before it was. The engine stopped; once space is freed, opening the journal again"
                    + " cuts what is torn and continues it", e);
        } catch (RuntimeException e) {
            stopped = "the engine stopped: the journal could not take the " + last.type() + " at " + last.at() + " (" + e.getMessage() + ")";
            throw e;
        }
        sinceCheckpoint += group.count();
        if ((sinceCheckpoint >= checkpointEvery || retention(decisions)) && checkpointPaysOff()) {
            try {
                checkpoint();
            } catch (JournalFullException e) {
                // the fact is journaled and answered; the next fact finds the disk full and says so
            }
        }
        return decisions;
    }

    /** Deciding moved the state past the journal for a group that was not written: rebuild it from the journal. */
    private void restore() {
        core = new Core(Replay.restore(journal).state(), core.rules());
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

    /** Why the engine stopped for good, or null while it runs. */
    public String stopped() {
        return stopped;
    }

    @Override
    public void close() {
        try {
            journal.commit();
        } catch (RuntimeException | InternalError e) {
            if (stopped == null) throw e;
            // a stopped engine's journal syncs what it can; what it holds is kept or cut at the next open
        } finally {
            journal.close();
        }
    }
}
