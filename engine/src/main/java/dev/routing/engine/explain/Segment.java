package dev.routing.engine.explain;

import dev.routing.engine.Core;
import dev.routing.engine.Replay;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.context.Trace;
import dev.routing.engine.context.Why;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.Journal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One span of the journal re-decided with a trace: from a state checkpoint (or the journal's start)
 * to the next checkpoint, or to {@code until}. Every fact is decided again by the engine's own
 * rules, under the rules then in force (as {@code verify} does), on the state the checkpoint holds;
 * the trace says, for each decision, the rule that made it and what it rests on. Where re-deciding
 * gives other decisions than the journal records, the span notes the first place, and nothing at or
 * after it is explained from it.
 *
 * <p>A span searched for a ground further back is first only read ({@link #located}): where its
 * entries are needs the journal alone, and a ground that names a fact (a channel registered days
 * ago) is found without restoring the checkpoint and re-deciding every span between. The span is
 * re-decided when one of its decisions is asked why.
 */
final class Segment {
    /** The checkpoint the span starts from (-1: the journal's start). */
    final long checkpointIndex;
    /** The first index past the span: the next checkpoint's, or {@code until}, or past the journal's end. */
    long end = Long.MAX_VALUE;
    final Locator locator = new Locator();
    private final Map<Location, Entry> entries = new HashMap<>();
    /** The entries' places in journal order, for the re-decision. */
    private final List<Location> order = new ArrayList<>();
    private final Map<Location, Why> whys = new HashMap<>();
    /** What each fact's re-decision emitted, with each decision's place: a ground may name an earlier decision of its fact. */
    private final Map<Long, List<Made>> redecided = new HashMap<>();

    private record Made(Decision decision, Location at) {
    }

    /** Where re-deciding first gave another answer than the journal's (null: nowhere), and how. */
    private Location divergedAt;
    private String divergence;
    private final Journal journal;
    private boolean decided;

    private Segment(Journal journal, long checkpointIndex) {
        this.journal = journal;
        this.checkpointIndex = checkpointIndex;
    }

    /**
     * The span that starts at the state checkpoint at {@code checkpointIndex} (-1: the journal's start),
     * re-decided up to {@code until} (exclusive) at most, and never past the next checkpoint.
     */
    static Segment from(Journal journal, long checkpointIndex, long until) {
        Segment s = located(journal, checkpointIndex, until);
        s.decide();
        return s;
    }

    /** The same span, read but not yet re-decided: where its entries are. */
    static Segment located(Journal journal, long checkpointIndex, long until) {
        Segment s = new Segment(journal, checkpointIndex);
        s.read(until);
        return s;
    }

    /** How many entries the span holds as read. */
    int size() {
        return order.size();
    }

    /** Whether this span has been re-decided (a test's look at what a search cost). */
    boolean decided() {
        return decided;
    }

    /** Where re-deciding first gave another answer than the journal's, or null. */
    Location divergedAt() {
        decide();
        return divergedAt;
    }

    String divergence() {
        decide();
        return divergence;
    }

    boolean holds(long index) {
        return index > checkpointIndex && index < end;
    }

    Entry entry(Location at) {
        return entries.get(at);
    }

    Why why(Location at) {
        decide();
        return whys.get(at);
    }

    /** The group's entries in order (the fact first), as the journal holds them. */
    List<Location> group(long index) {
        List<Location> out = new ArrayList<>();
        for (int p = 0; entries.containsKey(new Location(index, p)); p++) out.add(new Location(index, p));
        return out;
    }

    /** The location of a decision a re-decision of the group at {@code index} emitted, found by identity, then by value. */
    Location decision(long index, Decision d) {
        decide();
        List<Made> made = redecided.get(index);
        if (made == null) return null;
        for (Made m : made) if (m.decision() == d) return m.at();
        for (Made m : made) if (m.decision().equals(d)) return m.at();
        return null;
    }

    /** Reads the span's entries, up to {@code until} or the next checkpoint. */
    private void read(long until) {
        try {
            journal.read(checkpointIndex < 0 ? -1 : checkpointIndex + 1, until, r -> {
                if (r.entry() instanceof StateCheckpoint) {
                    // the next span starts here
                    if (r.index() > checkpointIndex) throw new Stop(r.index());
                    return;
                }
                Location where = new Location(r.index(), r.position());
                entries.put(where, r.entry());
                order.add(where);
                locator.note(r.entry(), where);
            });
            end = until;
        } catch (Stop stop) {
            end = stop.at;
        }
    }

    /** Re-decides the span's facts, in journal order, on the state its checkpoint holds (once). */
    private void decide() {
        if (decided) return;
        Replay.Start start = Replay.startAt(journal, checkpointIndex);
        Core core = new Core(start.state(), RuleSet.parse(start.state().rules));
        Pending pending = new Pending(core);
        for (Location at : order) pending.accept(entries.get(at), at);
        pending.flush();
        decided = true;
    }

    /** A fact waits for the decisions after it; then it is decided again and compared (as verify does). */
    private final class Pending {
        private final Core core;
        private Fact fact;
        private Location factAt;
        private final List<Decision> recorded = new ArrayList<>();

        Pending(Core core) {
            this.core = core;
        }

        void accept(Entry e, Location where) {
            if (e instanceof Decision d) {
                recorded.add(d);
                return;
            }
            flush();
            if (e instanceof Fact f) {
                fact = f;
                factAt = where;
            }
        }

        void flush() {
            if (fact == null) return;
            Fact f = fact;
            fact = null;
            core.rules(RuleSet.parse(f instanceof EngineStarted e ? e.rules() : core.state().rules));
            Trace trace = new Trace();
            List<Decision> again = core.accept(f, trace);
            List<Why> reasons = trace.whys();
            if (divergedAt == null) compare(f, again);
            List<Made> made = redecided.computeIfAbsent(factAt.index(), i -> new ArrayList<>());
            for (int i = 0; i < again.size(); i++) {
                Location at = new Location(factAt.index(), factAt.position() + 1 + i);
                made.add(new Made(again.get(i), at));
                whys.put(at, reasons.get(i));
            }
            recorded.clear();
        }

        private void compare(Fact f, List<Decision> again) {
            int n = Math.max(again.size(), recorded.size());
            for (int i = 0; i < n; i++) {
                if (i < recorded.size() && i < again.size() && recorded.get(i).equals(again.get(i))) continue;
                String was = i < recorded.size() ? EntryCodec.toJson(recorded.get(i)) : "(nothing)";
                String now = i < again.size() ? EntryCodec.toJson(again.get(i)) : "(nothing)";
                if (was.equals(now)) continue;
                divergedAt = new Location(factAt.index(), factAt.position() + 1 + i);
                divergence = "the " + f.type() + " at " + factAt + ": decision " + (i + 1) + " was recorded as " + was
                        + " but re-deciding gives " + now;
                return;
            }
        }
    }

    private static final class Stop extends RuntimeException {
        final long at;

        Stop(long at) {
            super(null, null, false, false);
            this.at = at;
        }
    }
}
