package dev.routing.sidecar;

import dev.routing.engine.Engine;
import dev.routing.engine.EngineStoppedException;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.dayaudit.DayAuditor;
import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.store.Journal;
import dev.routing.sidecar.lines.BadLineException;
import dev.routing.sidecar.lines.FactLine;
import dev.routing.sidecar.lines.HeldDrafts;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A host's session with the engine on its journal, as PROTOCOL.md's "Running a script" and
 * docs/sidecar.md say: opened on the journal, fed one line's fact at a time, synced by its caller, and
 * closed. A fact's {@code seq} (the host's number for it) goes to the engine, which answers a seq it
 * has journaled already from the journal; {@code process.restarted} closes the engine and opens it
 * again from the journal alone; the drafts held are kept for the lines' {@code @N} references. Not
 * thread-safe: the engine, its journal and Chronicle's appender belong to the thread that opened it.
 */
public final class HostSession implements AutoCloseable {
    private final Path dir;
    private final RuleSet rules;
    /** A sidecar syncs once per batch of facts, before it answers any of them, rather than per fact. */
    private final boolean batched;
    /** Told of each open of the journal, the first and each restart's: what the open cut or noted. */
    private final Consumer<Journal> opened;
    private final HeldDrafts heldDrafts = new HeldDrafts(() -> engine().journal());
    /** Persists the audit of each day the journal rolls, off the deciding thread (docs/decisions/0013); null for a journal not kept. */
    private final DayAuditor dayAudits;
    private Engine engine;
    /** The msyncs of the engines this session closed (one per {@code process.restarted}). */
    private long closedSyncs;
    /** The checkpoint failure last warned of, so that one failure is said once. */
    private String warned;

    public HostSession(Path dir, RuleSet rules, boolean batched, Consumer<Journal> opened) {
        this(dir, rules, batched, opened, true);
    }

    /** @param auditDays whether each sealed day's audit is persisted: not for a journal removed at exit (--ephemeral, a benchmark's) */
    public HostSession(Path dir, RuleSet rules, boolean batched, Consumer<Journal> opened, boolean auditDays) {
        this.dir = dir;
        this.rules = rules;
        this.batched = batched;
        this.opened = opened;
        this.dayAudits = auditDays ? new DayAuditor(dir, failure -> System.err.println("warning: " + failure)) : null;
        try {
            open(Engine.open(dir, rules, null));
        } catch (RuntimeException e) {
            if (dayAudits != null) dayAudits.close();
            throw e;
        }
    }

    private void open(Engine e) {
        engine = e;
        opened.accept(e.journal());
        if (dayAudits != null) {
            // the days this open or one before it rolled with no audit persisted (a stop over a roll), then each day it rolls
            if (e.journal().lastIndex() >= 0) dayAudits.catchUp(Journal.cycleOf(e.journal().lastIndex()));
            e.whenADayRolls(dayAudits::rolled);
        }
        if (batched) e.deferCommits(true);
        heldDrafts.track(e.opening());
    }

    /** The engine now: a {@code process.restarted} line opens another. */
    public Engine engine() {
        return engine;
    }

    /** The journal's folder. */
    public Path dir() {
        return dir;
    }

    /** Every draft held in the journal, oldest first, for {@link FactLine#read}. */
    public Supplier<List<String>> heldDrafts() {
        return heldDrafts;
    }

    /**
     * Feeds line {@code number}, read here: its fact's group (or, for a seq the journal holds, the group
     * it was journaled in) and decisions; null for a blank line.
     *
     * @throws BadLineException naming the line and field, nothing journaled for it
     * @throws IllegalStateException naming the line when the engine stopped for good
     */
    public Engine.Accepted feed(int number, String line) {
        return line.isBlank() ? null : accept(number, FactLine.read(number, line, heldDrafts));
    }

    /**
     * Feeds the fact of line {@code number}, read already.
     *
     * @throws BadLineException naming the line and field, nothing journaled for it
     * @throws IllegalStateException naming the line when the engine stopped for good (a full disk, a
     *         decide that threw)
     */
    public Engine.Accepted accept(int number, FactLine line) {
        long seq = line.seq();
        try {
            Engine.Accepted accepted;
            if (line.fact() instanceof ProcessRestarted restart) {
                accepted = engine.journaled(restart, seq);
                if (accepted == null) {
                    engine.close();
                    closedSyncs += engine.journal().syncs();
                    engine = null;
                    open(seq == Engine.NO_SEQ ? Engine.open(dir, rules, restart.at()) : Engine.openAfterRestart(dir, rules, restart, seq));
                    return engine.opening();
                }
            } else {
                accepted = engine.accept(line.fact(), seq);
            }
            heldDrafts.track(accepted);
            warnOnce(engine.persistFailure());
            return accepted;
        } catch (BadEntryException e) {
            throw BadLineException.of(number, e);
        } catch (EngineStoppedException e) {
            throw new IllegalStateException("line " + number + ": " + e.getMessage(), e);
        }
    }

    /** For people, on stderr: state the engine could not persist (the fact itself is journaled and answered). */
    private void warnOnce(String failure) {
        if (failure != null && !failure.equals(warned)) System.err.println("warning: " + failure);
        warned = failure;
    }

    /** The msyncs made so far, over every engine this session opened. */
    public long syncs() {
        return closedSyncs + (engine == null ? 0 : engine.journal().syncs());
    }

    /** A clean end of the session: the engine closes at a stop ({@link Engine#closeAtAStop}), so the next open folds no tail. */
    @Override
    public void close() {
        try {
            if (engine != null) warnOnce(engine.closeAtAStop());
        } finally {
            if (dayAudits != null) dayAudits.close();
        }
    }

    /** Waits until each day rolled so far has its audit persisted, or said why not (tests, and a host that wants them before it goes on). */
    public void awaitDayAudits() {
        if (dayAudits != null) dayAudits.awaitIdle();
    }
}
