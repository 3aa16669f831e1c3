package dev.routing.engine;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.sealed.IdDayLogs;
import dev.routing.engine.sealed.IdDaySealer;
import dev.routing.engine.sealed.KeptSealer;
import dev.routing.engine.sealed.MappedFaults;
import dev.routing.engine.sealed.TurnDaySealer;
import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.store.Group;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import dev.routing.journal.store.faults.JournalFullException;
import dev.routing.journal.store.faults.JournalUnwritableException;
import dev.routing.projections.EngineState;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * The runtime loop: weigh the fact, decide, journal the fact and its decisions as one group (all or
 * nothing), sync, and only then hand the decisions out. Nothing the engine knows lives only in
 * memory (J1): opening a journal rebuilds the state from its newest checkpoint, and the engine
 * writes one as {@link Checkpoints} says. Single-threaded, like the journal it owns. The seq
 * resends are {@link Resends}', and what each stop says is {@link Stop}'s.
 *
 * <p>Deciding folds each decision into the state as it is made, so the state is ahead of the
 * journal until the group is written. A fact whose group would be too large is refused and the
 * state rebuilt from the journal; a {@code decide} that throws, or a journal that cannot take the
 * group, stops the engine for good (as Disruptor's fatal handler does): every later call fails
 * naming the fact, and opening the journal again goes on from what it holds.
 *
 * <p>A host may number its facts ({@code seq}, increasing): the journal keeps the number with the
 * fact's group, and a fact whose seq is not above the last one journaled is answered from the
 * journal, with the decisions it got the first time, and not decided or journaled again. So a host
 * that resends every fact it has no answer for after a crash never has one decided twice.
 */
public final class Engine implements AutoCloseable {
    /**
     * Entries between state checkpoints: a restore reads about this many after the newest, or,
     * for a state of megabytes, about the state's own size in entries (see {@link Checkpoints}).
     */
    public static final int DEFAULT_CHECKPOINT_EVERY = 20_000;
    /** The seq of a fact the host did not number. */
    public static final long NO_SEQ = Group.NO_SEQ;

    /**
     * What accepting a fact came to: its group's journal index, the host's seq for it
     * ({@link #NO_SEQ} for none), its decisions, and whether the journal held it already
     * ({@code again}: answered from the journal, nothing decided or journaled).
     */
    public record Accepted(long index, long seq, List<Decision> decisions, boolean again) {
    }

    private final JournalWriter journal;
    private Core core;
    private final Group group = new Group();
    private final Checkpoints checkpoints;
    private final IdDaySealer sealer;
    private final KeptSealer keptSealer;
    private final TurnDaySealer turnSealer;
    private final IdDayLogs logs;
    private final Resends resends;
    /** The host's seq of the last numbered group in the journal, {@link #NO_SEQ} when none is (J7). */
    private long lastSeq;
    private final Stop stop = new Stop();
    /** A batch host (simulate, bench) syncs once per batch with {@link #commit}: it acts on nothing before. */
    private boolean deferCommits;
    private long lastGroupIndex = -1;
    private final Accepted opening;
    /** The journal's newest group before the one being written (-1 in an empty journal): whose day a roll left. */
    private long previousGroup;
    /** Told of each day whose file rolled ({@link #whenADayRolls}); none by default. */
    private IntConsumer dayRolled = day -> { };

    private Engine(JournalWriter journal, Replay.Result restored, RuleSet rules, int checkpointEvery, Instant openedAt, long seq) {
        EngineState state = restored.state();
        this.journal = journal;
        this.core = new Core(state, rules);
        this.logs = new IdDayLogs(journal);
        this.checkpoints = new Checkpoints(journal, checkpointEvery, restored, logs);
        this.sealer = new IdDaySealer(journal, logs);
        this.keptSealer = new KeptSealer(journal, core.state());
        this.turnSealer = new TurnDaySealer(journal);
        this.previousGroup = journal.lastIndex();
        long tailSeq = journal.lastSeq(restored.checkpointIndex());
        this.resends = new Resends(journal);
        this.lastSeq = tailSeq != NO_SEQ ? tailSeq : restored.checkpointSeq();
        if (seq != NO_SEQ && seq <= lastSeq) {
            throw new IllegalArgumentException("the opening's seq " + seq + " is not above the last seq journaled, "
                    + lastSeq);
        }
        // An opening the host numbered is journaled even in an empty journal, so that its seq is kept.
        if (journal.lastIndex() >= 0 || seq != NO_SEQ) {
            Instant at = openedAt != null ? openedAt : Instant.ofEpochMilli(state.clockMillis);
            List<Decision> decisions = decideAndJournal(List.of(new EngineStarted(at, rules.label(), journal.cut()),
                    new ProcessRestarted(at)), seq);
            this.opening = new Accepted(lastGroupIndex, seq, List.copyOf(decisions), false);
        } else {
            this.opening = new Accepted(-1, NO_SEQ, List.of(), false);
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
        return open(dir, rules, at, checkpointEvery, NO_SEQ);
    }

    /**
     * Opens the journal for a {@code process.restarted} the host numbered {@code seq} (above the
     * journal's last seq: see {@link #journaled}): the opening group carries it.
     */
    public static Engine openAfterRestart(Path dir, RuleSet rules, ProcessRestarted restart, long seq) {
        return open(dir, rules, restart.at(), DEFAULT_CHECKPOINT_EVERY, seq);
    }

    private static Engine open(Path dir, RuleSet rules, Instant at, int checkpointEvery, long seq) {
        JournalWriter journal = Journal.openWriter(dir);
        try {
            return new Engine(journal, Replay.restore(journal), rules, checkpointEvery, at, seq);
        } catch (RuntimeException | InternalError e) {
            // InternalError: the restore read a sealed file cut under it (MappedFaults); the writer's lock is let go all the same
            journal.close();
            throw e;
        }
    }

    /** What opening decided: the restart's decisions on an existing journal, else nothing. */
    public List<Decision> openingDecisions() {
        return opening.decisions();
    }

    /** The opening's group (index -1 when nothing was journaled), its seq and decisions. */
    public Accepted opening() {
        return opening;
    }

    /** The host's seq of the last numbered fact in the journal, {@link #NO_SEQ} when none is. */
    public long lastSeq() {
        return lastSeq;
    }

    /**
     * Decides the fact, journals it with its decisions as one group (synced where J3 asks), and
     * returns them. In a new journal, {@code engine.started} joins the first fact's group.
     *
     * @throws BadEntryException for a fact over {@link Journal#FACT_LIMIT}, one giving a name over
     *         {@link FactNames#LIMIT} characters, or one whose decisions would make a group over
     *         {@link Journal#GROUP_LIMIT}: nothing is journaled, and the engine goes on
     * @throws EngineStoppedException when decide threw (now or before), or the journal's disk is full
     *         (its cause a {@link JournalFullException}): nothing of this fact is journaled (or, if the
     *         disk filled under the write, the next open keeps or cuts it), and the engine stops
     */
    public List<Decision> accept(Fact fact) {
        return accept(fact, NO_SEQ).decisions();
    }

    /**
     * Accepts a fact the host numbered {@code seq} (or {@link #NO_SEQ}): a seq above the last one
     * journaled is decided and journaled with the fact, as {@link #accept(Fact)} does; one that is
     * not is answered from the journal ({@link #journaled}).
     *
     * @throws BadEntryException as {@link #accept(Fact)} does, and naming {@code seq} for a seq the
     *         journal holds for another fact, or one below the last that no fact was journaled under
     */
    public Accepted accept(Fact fact, long seq) {
        Accepted again = journaled(fact, seq);
        if (again != null) return again;
        List<Decision> decisions;
        if (journal.lastIndex() < 0 && !(fact instanceof EngineStarted)) {
            decisions = decideAndJournal(List.of(new EngineStarted(fact.at(), core.rules().label(), journal.cut()), fact), seq);
        } else {
            decisions = decideAndJournal(List.of(fact), seq);
        }
        return new Accepted(lastGroupIndex, seq, decisions, false);
    }

    /**
     * The answer the journal holds for a fact numbered {@code seq} when that seq is not above the last
     * one journaled: the group's index and the decisions the fact got the first time. Null when the
     * seq is above it (or none), so the fact is new.
     *
     * @throws BadEntryException naming {@code seq}, nothing journaled: the journal holds another fact
     *         under it, or (a seq below the last, so the host's seqs went back) no fact at all
     */
    public Accepted journaled(Fact fact, long seq) {
        return seq == NO_SEQ || seq > lastSeq ? null : resends.answer(fact, seq, lastSeq);
    }

    private List<Decision> decideAndJournal(List<Fact> facts, long seq) {
        stop.refuseIfStopped();
        group.clear();
        group.seq(seq);
        List<Decision> decisions = new ArrayList<>();
        Fact last = null;
        for (Fact fact : facts) {
            int bytes;
            try {
                FactNames.check(fact);
                bytes = group.add(fact);
            } catch (BadEntryException e) {
                // a fact the journal cannot hold (given through the API), or naming what no checkpoint could: refused as a bad one
                if (last != null) restore();
                throw e;
            }
            if (bytes > Journal.FACT_LIMIT) {
                if (last != null) restore(); // the facts before it in this group were decided
                throw FactSize.refusal(fact, bytes);
            }
            last = fact;
            List<Decision> made;
            try {
                made = core.accept(fact);
                // a decision the journal cannot hold (a BadEntryException) leaves the state past the journal, as a throw of decide does
                for (Decision d : made) group.add(d);
                // a lookup that read a sealed file cut under the engine faulted, and the JVM may not have said so yet
                MappedFaults.raisePending();
            } catch (RuntimeException | StackOverflowError | InternalError e) {
                // InternalError: a lookup faulted on a sealed day's mapped file cut under the engine (SIGBUS)
                throw stop.decideThrew(fact, e);
            }
            decisions.addAll(made);
        }
        if (group.bytes() > Journal.GROUP_LIMIT) {
            restore();
            throw FactSize.groupRefusal(group);
        }
        try {
            lastGroupIndex = journal.write(group);
            if (seq != NO_SEQ) lastSeq = seq;
            // J3: one sync per fact, before any decision leaves the engine; a batch host defers it.
            if (!deferCommits) journal.commit();
        } catch (JournalUnwritableException e) {
            throw stop.unwritable(last, e);
        } catch (InternalError e) {
            throw stop.faulted(last, e);
        } catch (RuntimeException e) {
            stop.writeFailed(last, e);
            throw e;
        }
        // the group is journaled: the days it closed are sealed before a checkpoint names them
        long before = previousGroup;
        previousGroup = lastGroupIndex;
        sealer.written(core.state(), core.rules().label(), lastGroupIndex);
        keptSealer.written(core.state(), core.rules().label(), lastGroupIndex);
        turnSealer.written(core.state(), core.rules().label(), lastGroupIndex);
        checkpoints.written(group.count(), decisions, last, core.state(), lastSeq);
        if (before >= 0 && Journal.cycleOf(before) != Journal.cycleOf(lastGroupIndex)) dayRolled.accept(Journal.cycleOf(before));
        return decisions;
    }

    /** Deciding moved the state past the journal for a group that was not written: rebuild it from the journal. */
    private void restore() {
        try {
            core = new Core(Replay.restore(journal).state(), core.rules());
        } catch (RuntimeException | InternalError e) {
            // the state stays past the journal: deciding on from it, or checkpointing it, would persist what the journal never held
            throw stop.rebuildFailed(e);
        }
        sealer.restored();
        keptSealer.restored(core.state());
        turnSealer.restored();
    }

    /**
     * For a host that acts on no decision until it commits (a simulator, a benchmark): durable
     * entries are synced at {@link #commit} rather than once per fact. Closing commits.
     */
    public void deferCommits(boolean defer) {
        this.deferCommits = defer;
        if (!defer) journal.commit();
    }

    /**
     * Tells {@code rolled} of each day whose file rolled, with the day ({@link Journal#cycleOf}): once
     * the first group of a later day is journaled, and so the writer has sealed that day's file (or
     * said why not: {@link #persistFailure}). It runs on the deciding thread, after the group: a host
     * that derives something from sealed days (their audits, docs/decisions/0013) hands it on.
     */
    public void whenADayRolls(IntConsumer rolled) {
        this.dayRolled = rolled;
    }

    /** Syncs every durable entry written so far. */
    public void commit() {
        journal.commit();
    }

    /**
     * Syncs every group written so far, durable or not: for a host that acknowledges a fact only once
     * it is on disk (the sidecar, whose host resends what it has no answer for).
     */
    public void sync() {
        journal.sync();
    }

    /** Writes every projection's state into the journal, so a restore starts here. */
    public void checkpoint() {
        checkpoints.write(core.state(), lastSeq);
    }

    public EngineState state() {
        return core.state();
    }

    public JournalWriter journal() {
        return journal;
    }

    public RuleSet rules() {
        return core.rules();
    }

    /** Why the engine stopped for good, or null while it runs. */
    public String stopped() {
        return stop.why();
    }

    /**
     * Why the state could not be persisted as due, or null: the last state checkpoint due, else the
     * last closed day's ids ({@link IdDaySealer}), else the day's seal of kept messages ({@link
     * KeptSealer}), else the closed days' turns ({@link TurnDaySealer}), else the last checkpoint's logs
     * of today's ids ({@link IdDayLogs}), else the journal's seal or marks of the last day it rolled. The engine goes
     * on: nothing it answered is lost, a restore reads the longer tail, a day not sealed stays on the
     * heap and is tried again, ids not logged go into the checkpoint whole, and a day file without its
     * seal is checked whole at every open.
     */
    public String persistFailure() {
        String checkpoint = checkpoints.failure();
        if (checkpoint != null) return checkpoint;
        String ids = sealer.failure();
        if (ids != null) return ids;
        String kept = keptSealer.failure();
        if (kept != null) return kept;
        String turns = turnSealer.failure();
        if (turns != null) return turns;
        String logged = logs.failure();
        return logged != null ? logged : journal.sealFailure();
    }

    /**
     * Closes at a clean stop (a host's session ended), first writing a state checkpoint when the newest
     * is {@code checkpointEvery} entries or more behind ({@link Checkpoints#dueAtStop}), so that the next
     * open folds no tail. Nothing is lost without it: a checkpoint that cannot be written (a full disk)
     * is said, not thrown, and the next open reads the tail as after a crash.
     *
     * @return why the checkpoint due could not be written, or null
     */
    public String closeAtAStop() {
        try {
            if (stop.why() == null && checkpoints.dueAtStop()) checkpoints.write(core.state(), lastSeq);
            return null;
        } catch (RuntimeException | InternalError e) {
            // InternalError: the state read a sealed file cut under the engine (MappedFaults): the checkpoint is not written
            return "the state checkpoint at the stop could not be written (the next open reads the entries since the last): "
                    + e.getMessage();
        } finally {
            close();
        }
    }

    @Override
    public void close() {
        try {
            journal.sync();
        } catch (RuntimeException | InternalError e) {
            if (stop.why() == null) throw e;
            // a stopped engine's journal syncs what it can; what it holds is kept or cut at the next open
        } finally {
            journal.close();
        }
    }
}
