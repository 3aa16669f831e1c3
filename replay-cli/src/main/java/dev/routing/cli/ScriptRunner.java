package dev.routing.cli;

import dev.routing.engine.Engine;
import dev.routing.engine.EngineStoppedException;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.store.Journal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a script of facts through an engine, as PROTOCOL.md's "Running a script" says: {@code @N}
 * draft references resolve to the N-th draft held in the journal before the fact is journaled,
 * {@code process.restarted} closes the engine and opens it again from the journal alone, and a
 * fact's {@code seq} (the host's number for it) goes to the engine, which answers a seq it has
 * journaled already from the journal.
 */
final class ScriptRunner implements AutoCloseable {
    private final Path dir;
    private final RuleSet rules;
    /** A sidecar syncs once per batch of facts, before it answers any of them, rather than per fact. */
    private final boolean batched;
    private Engine engine;
    /** The fact of the line fed last, for the sidecar's metrics (its type): null before one. */
    private Fact fed;
    private List<String> heldDrafts;
    /** The msyncs of the engines this runner closed (one per {@code process.restarted}). */
    private long closedSyncs;

    ScriptRunner(Path dir, RuleSet rules, boolean batched) {
        this.dir = dir;
        this.rules = rules;
        this.batched = batched;
        opened(Engine.open(dir, rules, null));
    }

    private void opened(Engine e) {
        engine = e;
        JournalOption.tell(e.journal());
        if (batched) e.deferCommits(true);
        track(e.opening());
    }

    Engine engine() {
        return engine;
    }

    /** The fact of the line {@link #feed} read last. */
    Fact fed() {
        return fed;
    }

    /**
     * Feeds one line: its fact's group (or, for a seq the journal holds, the group it was journaled
     * in) and decisions; null for a blank line.
     *
     * @throws BadInputException naming the line and field, nothing journaled for it
     * @throws IllegalStateException naming the line when the engine stopped for good (a full disk, a
     *         decide that threw)
     */
    Engine.Accepted feed(int number, String line) {
        return line.isBlank() ? null : feed(number, line, plain(line));
    }

    /**
     * Feeds a line {@link #plain} has read already ({@code read}; null: the long way reads it), as
     * the sidecar's reader thread does.
     */
    Engine.Accepted feed(int number, String line, EntryCodec.NumberedFact read) {
        if (line.isBlank()) return null;
        long seq;
        Fact fact;
        if (read != null) {
            seq = read.seq() == 0 ? Engine.NO_SEQ : read.seq();
            fact = read.fact();
        } else {
            ScriptLine script = ScriptLine.read(number, line, this::heldDrafts);
            seq = script.seq();
            fact = script.fact();
        }
        fed = fact;
        try {
            Engine.Accepted accepted;
            if (fact instanceof ProcessRestarted restart) {
                accepted = engine.journaled(fact, seq);
                if (accepted == null) {
                    engine.close();
                    closedSyncs += engine.journal().syncs();
                    engine = null;
                    opened(seq == Engine.NO_SEQ ? Engine.open(dir, rules, fact.at()) : Engine.openAfterRestart(dir, rules, restart, seq));
                    return engine.opening();
                }
            } else {
                accepted = engine.accept(fact, seq);
            }
            track(accepted);
            warnOnce(engine.checkpointFailure());
            return accepted;
        } catch (BadEntryException e) {
            throw BadInputException.of(number, e);
        } catch (EngineStoppedException e) {
            throw new IllegalStateException("line " + number + ": " + e.getMessage(), e);
        }
    }

    private String warned;

    /** For people, on stderr: a checkpoint the engine could not write (the fact itself is journaled and answered). */
    private void warnOnce(String failure) {
        if (failure != null && !failure.equals(warned)) System.err.println("warning: " + failure);
        warned = failure;
    }

    /** Syncs every group journaled so far: what a sidecar does before it answers them. */
    void sync() {
        engine.sync();
    }

    /** The msyncs made so far, over every engine this runner opened. */
    long syncs() {
        return closedSyncs + (engine == null ? 0 : engine.journal().syncs());
    }

    /** Keeps the drafts a fact newly held, for later {@code @N} references; a fact answered again held none. */
    private void track(Engine.Accepted accepted) {
        if (heldDrafts == null || accepted.again()) return;
        for (Decision d : accepted.decisions()) {
            if (d instanceof DraftHeld held) heldDrafts.add(held.draft());
        }
    }

    /**
     * The line's fact and seq in one pass, when it is a fact as the codec writes one with a seq beside
     * it, and holds nothing the long way changes or refuses ({@code engine.started}, a draft reference):
     * the long way parses it three times (a tree, the tree written out, the fact), most of a sidecar's
     * time for a line. Null for every other line: the long way reads it, and names what is wrong.
     */
    static EntryCodec.NumberedFact plain(String line) {
        EntryCodec.NumberedFact read = EntryCodec.readNumberedFact(line);
        if (read == null || read.fact() instanceof EngineStarted) return null;
        if (read.fact() instanceof RoundSpoken r) {
            for (Call call : r.calls()) {
                for (String id : call.draftIds()) {
                    if (id.startsWith("@")) return null;
                }
            }
        }
        return read;
    }

    /** Every draft held in this journal, oldest first: read once, then kept as facts hold more. */
    private List<String> heldDrafts() {
        if (heldDrafts == null) heldDrafts = heldDrafts(engine.journal());
        return heldDrafts;
    }

    /** Every draft held in {@code journal}, oldest first: what {@code @N} refers to. */
    static List<String> heldDrafts(Journal journal) {
        List<String> ids = new ArrayList<>();
        journal.read(-1, r -> {
            if (r.entry() instanceof DraftHeld held) ids.add(held.draft());
        });
        return ids;
    }

    @Override
    public void close() {
        if (engine != null) engine.close();
    }
}
