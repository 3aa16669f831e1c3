package dev.routing.engine;

import dev.routing.engine.context.RuleSet;
import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.event.RetentionCheckpoint;
import dev.routing.journal.store.Group;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import dev.routing.journal.store.JournalFullException;
import dev.routing.journal.store.JournalUnwritableException;
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
 *
 * <p>A host may number its facts ({@code seq}, increasing): the journal keeps the number with the
 * fact's group, and a fact whose seq is not above the last one journaled is answered from the
 * journal, with the decisions it got the first time, and not decided or journaled again. So a host
 * that resends every fact it has no answer for after a crash never has one decided twice.
 */
public final class Engine implements AutoCloseable {
    /**
     * Entries between state checkpoints: a restore reads about this many after the newest, or,
     * for a state of megabytes, about the state's own size in entries (see {@link #checkpointPaysOff}).
     */
    public static final int DEFAULT_CHECKPOINT_EVERY = 20_000;
    private static final long UNKNOWN_SIZE = -1;
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
    /** Why the last state checkpoint could not be written, or null when it was (or none was due). */
    private String checkpointFailure;
    /** The host's seq of the last numbered group in the journal, {@link #NO_SEQ} when none is. */
    private long lastSeq;
    /** The group the last fact answered from the journal was found in: a resend goes on from there. */
    private long resentIndex = -1;
    private long resentSeq = NO_SEQ;
    private long lastGroupIndex = -1;
    private final Accepted opening;

    private Engine(JournalWriter journal, Replay.Result restored, RuleSet rules, int checkpointEvery, Instant openedAt, long seq) {
        EngineState state = restored.state();
        this.journal = journal;
        this.core = new Core(state, rules);
        this.checkpointEvery = checkpointEvery;
        this.sinceCheckpoint = restored.entriesRead();
        // What opening read counts as written since the checkpoint.
        this.bytesAtCheckpoint = -restored.bytesRead();
        this.checkpointBytes = UNKNOWN_SIZE;
        long tailSeq = journal.lastSeq(restored.checkpointIndex());
        this.lastSeq = tailSeq != NO_SEQ ? tailSeq : restored.checkpointSeq();
        if (seq != NO_SEQ && seq <= lastSeq) {
            throw new IllegalArgumentException("the opening's seq " + seq + " is not above the last seq journaled, " + lastSeq);
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
        } catch (RuntimeException e) {
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
     * @throws BadEntryException for a fact over {@link Journal#FACT_LIMIT}, or one whose decisions
     *         would make a group over {@link Journal#GROUP_LIMIT}: nothing is journaled, and the engine goes on
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
        if (seq == NO_SEQ || seq > lastSeq) return null;
        // Forward from the last fact resent; else from whichever end the seq is nearer (a host
        // resending from seq 1 after a crash would otherwise read the whole journal back to it).
        long from = resentSeq != NO_SEQ && resentSeq < seq ? resentIndex : seq <= lastSeq / 2 ? journal.firstIndex() : -1;
        long index = journal.indexOfSeq(seq, from);
        List<Entry> entries = new ArrayList<>();
        if (index >= 0) {
            journal.read(index, index + 1, r -> {
                if (r.seq() == seq) entries.add(r.entry());
            });
        }
        if (entries.isEmpty()) {
            throw new BadEntryException("seq", "seq " + seq + " is not above the last seq journaled (" + lastSeq + "), and no"
                    + " fact was journaled under it: a host's seqs increase, so this one went back. Nothing was journaled", null);
        }
        // The numbered fact is its group's last: after engine.started in a journal's first group, and in an opening.
        Fact numbered = null;
        List<Decision> decisions = new ArrayList<>();
        for (Entry e : entries) {
            if (e instanceof Fact f) numbered = f;
            else if (e instanceof Decision d) decisions.add(d);
        }
        if (numbered == null) throw new IllegalStateException("the group numbered " + seq + " holds no fact");
        if (!fact.equals(numbered)) {
            throw new BadEntryException("seq", "seq " + seq + " was journaled for another fact, the " + numbered.type() + " at "
                    + numbered.at() + " (index 0x" + Long.toHexString(index) + "): a seq names one fact, so this "
                    + fact.type() + " was not journaled", null);
        }
        resentIndex = index;
        resentSeq = seq;
        return new Accepted(index, seq, List.copyOf(decisions), true);
    }

    private List<Decision> decideAndJournal(List<Fact> facts, long seq) {
        if (stopped != null) throw new EngineStoppedException(stopped + "; open the journal again to go on from what it holds", null);
        group.clear();
        group.seq(seq);
        List<Decision> decisions = new ArrayList<>();
        Fact last = null;
        for (Fact fact : facts) {
            int bytes;
            try {
                bytes = group.add(fact);
            } catch (BadEntryException e) {
                if (last != null) restore(); // a fact the journal cannot hold (given through the API): refused as a bad one
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
            } catch (RuntimeException | StackOverflowError e) {
                stopped = "the engine stopped for good: deciding the " + fact.type() + " at " + fact.at() + " threw " + e;
                throw new EngineStoppedException(stopped + "; nothing of it was journaled, and opening the journal again"
                        + " restores the state from what it holds", e);
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
            stopped = "the engine stopped: the journal could not take the " + last.type() + " at " + last.at()
                    + (e instanceof JournalFullException ? " (its disk filled)" : " (" + e.getMessage() + ")");
            throw new EngineStoppedException(e.getMessage() + ". " + (e.inDoubt() ? "The " + last.type() + " at " + last.at()
                    + " may be on disk torn; nothing after it" : "Nothing of the " + last.type() + " at " + last.at()
                    + " or after it") + " was journaled, and every fact before it was. The engine stopped; once " + e.remedy()
                    + ", opening the journal again continues it", e);
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
                checkpointFailure = null;
            } catch (JournalUnwritableException e) {
                // the fact is journaled and answered; the next fact finds the journal unwritable and says so
            } catch (RuntimeException e) {
                // The fact is journaled: a checkpoint that could not be written must not fail its answer.
                // A restore reads a longer tail until one is; the next try waits another checkpointEvery entries.
                checkpointFailure = "a state checkpoint after the " + facts.get(facts.size() - 1).type() + " at "
                        + facts.get(facts.size() - 1).at() + " could not be written: " + e;
                sinceCheckpoint = 0;
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

    /**
     * Syncs every group written so far, durable or not: for a host that acknowledges a fact only once
     * it is on disk (the sidecar, whose host resends what it has no answer for).
     */
    public void sync() {
        journal.sync();
    }

    /** Writes every projection's state into the journal, so a restore starts here. */
    public void checkpoint() {
        EngineState state = core.state();
        long through = journal.lastIndex();
        long before = journal.bytesWritten();
        // the state written as JSON once, straight into the checkpoint: no tree built to be written out again
        Instant at = Instant.ofEpochMilli(state.clockMillis);
        journal.append(Group.checkpoint(EntryCodec.storeCheckpoint(at, through, state.entries, StateCodec.toBytes(state),
                lastSeq == NO_SEQ ? null : lastSeq), at));
        bytesAtCheckpoint = journal.bytesWritten();
        checkpointBytes = bytesAtCheckpoint - before;
        sinceCheckpoint = 0;
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
        return stopped;
    }

    /**
     * Why the last state checkpoint due could not be written (the engine goes on: nothing it answered
     * is lost, and a restore reads the longer tail), or null.
     */
    public String checkpointFailure() {
        return checkpointFailure;
    }

    @Override
    public void close() {
        try {
            journal.sync();
        } catch (RuntimeException | InternalError e) {
            if (stopped == null) throw e;
            // a stopped engine's journal syncs what it can; what it holds is kept or cut at the next open
        } finally {
            journal.close();
        }
    }
}
