package dev.routing.engine.explain;

import dev.routing.engine.context.Ground;
import dev.routing.engine.context.Why;
import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.codec.EntryTypes;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.PublishSettled;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.event.ToolBoundary;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.event.TurnContinued;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnLocusMoved;
import dev.routing.journal.event.TurnMadePrivate;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.store.Journal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Why the engine made a decision, from the journal: the decision's fact is decided again from the
 * state checkpoint before it, with the engine's own rules tracing what each decision rests on
 * ({@link dev.routing.engine.context.Because}); those grounds are found in the journal, and each
 * ground that is itself a decision is explained the same way, a few steps deep. Nothing here judges a
 * rule: the rules said why as they decided, and this only finds the entries they named.
 *
 * <p>One explainer answers many questions about one journal, keeping each span it re-decided.
 */
public final class Explainer {
    /** How many decisions deep a chain follows what a decision rests on. */
    static final int DEPTH = 4;
    /** How many checkpoints back a ground is looked for before it is reported as not found. */
    static final int SPANS_BACK = 16;
    /** The most decisions a turn's listing shows. */
    static final int TURN_DECISIONS = 400;

    /** The ground kinds that name standing configuration ({@link #standing}), and the entry types that hold them. */
    private static final Set<Ground.Kind> STANDING = EnumSet.of(Ground.Kind.CHANNEL, Ground.Kind.CONFIGURED, Ground.Kind.FOCUS,
            Ground.Kind.HISTORY);

    private final Journal journal;
    /** How far each span is re-decided at least: its entries before this index, up to its next checkpoint. */
    private final long horizon;
    /** Spans re-decided so far, by the checkpoint each starts from. */
    private final TreeMap<Long, Segment> spans = new TreeMap<>();
    /** The state checkpoints' indexes below {@link #walkedTo}, found by a raw walk of the entries (only standing grounds decoded). */
    private final TreeSet<Long> checkpoints = new TreeSet<>();
    /** How far that walk has gone: the index it stopped before. */
    private long walkedTo = -1;
    /**
     * The grounds that name standing configuration rather than traffic, noted by that same walk from
     * the journal's start: a channel registered, an agent configured, a focus opened or a history
     * changed may be days old, so a search of the spans just before a decision would miss it (and
     * read them all to do so). They are a few hundredths of the entries, decoded only when the walk
     * meets one.
     */
    private final Locator standing = new Locator();
    private final Map<Location, Entry> standingEntries = new HashMap<>();
    /** The sealed days whose marks say where their checkpoints and standing facts lie: read once, at the walk's first step. */
    private List<Journal.MarkedDay> markedDays;
    /**
     * The marked days the walk took from their marks, by start: of their standing facts only each
     * subject's last is in {@link #standing}, enough for a question after the day. A question whose
     * span starts inside one may need one the day replaced ({@link #replacedLater}).
     */
    private final TreeMap<Long, Journal.MarkedDay> fromMarks = new TreeMap<>();
    private final Map<Long, Locator> dayLocators = new HashMap<>();
    /** How many groups the walk has read (a test's look at what the marks spared it). */
    private long groupsWalked;

    /** {@code wholeSpans}: re-decide each span to its next checkpoint, for many questions; else only up to the entry asked about. */
    public Explainer(Journal journal, boolean wholeSpans) {
        this(journal, wholeSpans ? Long.MAX_VALUE : -1);
    }

    private Explainer(Journal journal, long horizon) {
        this.journal = journal;
        this.horizon = horizon;
    }

    /**
     * For questions known in advance, none about an entry at or past {@code index} (an audit's
     * findings): each span is re-decided once, as far as the furthest of them, not to its end.
     */
    public static Explainer upTo(Journal journal, long index) {
        return new Explainer(journal, index);
    }

    /** The entry at {@code index} and {@code position} (0: the group's fact): a decision with its chain, or a fact with what it led to. */
    public Explanation at(long index, int position) {
        return explain(new Location(index, position), List.of(), List.of());
    }

    /**
     * A message id: a post a connector reported ({@code publish.settled}'s {@code messageId}), explained
     * as the attempt that posted it; or a message an agent received, explained as what the start or
     * boundary that took it in decided.
     */
    public Explanation message(String id) {
        MessageSearch found = new MessageSearch(id);
        walk(found::accept);
        List<String> notes = new ArrayList<>();
        if (found.settled != null && found.requested != null) {
            if (found.received != null) notes.add("message id " + id + " also names " + found.receivedWords + " at " + found.received);
            return explain(found.requested, List.of(asked(found.settled, found.settledEntry)), notes);
        }
        if (found.received == null) {
            throw new NotExplained("no message.received and no publish.settled's messageId in this journal is '" + id + "'", true);
        }
        Step message = asked(found.received, found.receivedEntry);
        if (found.takenIn == null) {
            notes.add("no start or tool boundary took " + id + " in");
            return explain(found.received, List.of(), notes);
        }
        Location target = found.takenInDecision != null ? found.takenInDecision : found.takenIn;
        return explain(target, List.of(message), notes);
    }

    /** The {@code publish.requested} of an attempt, in the group at {@code groupIndex} (an audit's finding names both). */
    public Explanation attempt(long groupIndex, long attempt) {
        Segment s = span(groupIndex, groupIndex + 1);
        for (Location at : s.group(groupIndex)) {
            if (s.entry(at) instanceof PublishRequested p && p.attempt() == attempt) return explain(at, List.of(), List.of());
        }
        throw new NotExplained("the group at index 0x" + Long.toHexString(groupIndex) + " requests no attempt " + attempt, true);
    }

    /** A turn: the decision that opened it, its chain, and the turn's decisions in order. */
    public Explanation turn(String agent, long turn) {
        TurnSearch found = new TurnSearch(agent, turn);
        try {
            walk(found::accept);
        } catch (TurnSearch.Done done) {
            // the turn ended: nothing after it is the turn's
        }
        if (found.opened == null) throw new NotExplained("no turn.opened in this journal opened turn " + turn, true);
        if (!found.owner.equals(agent)) {
            throw new NotExplained("turn " + turn + " is " + found.owner + "'s, not " + agent + "'s", true);
        }
        Explanation opened = explain(found.opened, List.of(), List.of());
        List<Step> decisions = new ArrayList<>();
        // newest first: each span is then re-decided once, as far as the newest decision it holds
        for (int i = found.decisions.size() - 1; i >= 0; i--) {
            Location at = found.decisions.get(i);
            Segment s = span(at.index(), at.index() + 1);
            Entry e = s.entry(at);
            Why why = s.why(at);
            decisions.add(new Step(at, e.type(), why == null ? null : why.rule(), Words.of(e), Step.IN_TURN, e));
        }
        java.util.Collections.reverse(decisions);
        List<String> notes = new ArrayList<>(opened.notes());
        if (found.cut) notes.add("the turn made more than " + TURN_DECISIONS + " decisions: the first " + TURN_DECISIONS + " are listed");
        return new Explanation(opened.target(), opened.asked(), opened.chain(), opened.ledTo(), decisions, notes);
    }

    /** Reads the journal from its start, for a search. */
    private void walk(java.util.function.Consumer<dev.routing.journal.store.JournalRecord> sink) {
        journal.read(-1, Long.MAX_VALUE, sink);
    }

    private Explanation explain(Location target, List<Step> asked, List<String> notesSoFar) {
        Segment s = span(target.index(), target.index() + 1);
        Entry e = s.entry(target);
        if (e == null) {
            List<Location> group = s.group(target.index());
            throw new NotExplained(group.isEmpty()
                    ? "no group of this journal has index 0x" + Long.toHexString(target.index())
                    : "the group at index 0x" + Long.toHexString(target.index()) + " holds " + group.size() + " entries (positions 0 to "
                            + (group.size() - 1) + "): position " + target.position() + " is none", true);
        }
        if (s.divergedAt() != null && s.divergedAt().compareTo(target) <= 0) {
            throw new NotExplained("re-deciding the journal from the checkpoint before " + target + " does not give what it records ("
                    + s.divergence() + "): this build cannot say why the recorded decision was made; verify names the first such place",
                    false);
        }
        List<String> notes = new ArrayList<>(notesSoFar);
        if (e instanceof Fact) {
            Step head = new Step(target, e.type(), null, Words.of(e), Step.FACT, e);
            return new Explanation(head, asked, List.of(), ledTo(s, target), List.of(), notes);
        }
        Why why = s.why(target);
        Step head = new Step(target, e.type(), why == null ? null : why.rule(), Words.of(e), Step.DECISION, e);
        return new Explanation(head, asked, chain(s, target, head, notes), List.of(), List.of(), notes);
    }

    /** The decisions a fact led to: those after it in its group, up to the group's next fact. */
    private static List<Step> ledTo(Segment s, Location fact) {
        List<Step> out = new ArrayList<>();
        for (Location at : s.group(fact.index())) {
            if (at.position() <= fact.position()) continue;
            Entry e = s.entry(at);
            if (e instanceof Fact) break;
            Why why = s.why(at);
            out.add(new Step(at, e.type(), why == null ? null : why.rule(), Words.of(e), Step.LED_TO, e));
        }
        return out;
    }

    private record Item(Segment span, Location at, int depth) {
    }

    /** The decision, the fact it answers, and what it rests on, a few decisions deep, oldest first. */
    private List<Step> chain(Segment s, Location target, Step head, List<String> notes) {
        List<Step> steps = new ArrayList<>();
        Set<Location> seen = new HashSet<>();
        seen.add(target);
        steps.add(head);
        addFact(s, target, Step.ANSWERS, steps, seen);
        Deque<Item> queue = new ArrayDeque<>();
        queue.add(new Item(s, target, 0));
        while (!queue.isEmpty()) {
            Item item = queue.poll();
            Why why = item.span().why(item.at());
            if (why == null) continue;
            for (Ground g : why.grounds()) {
                Search search = resolve(item.span(), g, item.at());
                Found f = search.found();
                if (f == null) {
                    notes.add(missing(g) + ": not found in " + (search.whole() ? "the journal" : "the " + SPANS_BACK + " spans") + " before "
                            + item.at());
                    continue;
                }
                if (!seen.add(f.at())) continue;
                Entry e = f.entry();
                String rule = null;
                if (e instanceof Decision) {
                    Why its = f.span().why(f.at());
                    boolean trusted = f.span().divergedAt() == null || f.span().divergedAt().compareTo(f.at()) > 0;
                    rule = its != null && trusted ? its.rule() : null;
                    if (!trusted) notes.add("re-deciding before " + f.at() + " gave other decisions than the journal's, so its rule is not given");
                    else if (item.depth() + 1 < DEPTH) {
                        queue.add(new Item(f.span(), f.at(), item.depth() + 1));
                        addFact(f.span(), f.at(), Step.GROUND, steps, seen);
                    }
                }
                steps.add(new Step(f.at(), e.type(), rule, Words.of(e), Step.GROUND, e));
            }
        }
        steps.sort((a, b) -> a.at().compareTo(b.at()));
        return steps;
    }

    /** The fact a decision answers: the nearest fact before it in its group. */
    private static void addFact(Segment s, Location decision, String role, List<Step> steps, Set<Location> seen) {
        for (int p = decision.position() - 1; p >= 0; p--) {
            Location at = new Location(decision.index(), p);
            Entry e = s.entry(at);
            if (e instanceof Fact) {
                if (seen.add(at)) steps.add(new Step(at, e.type(), null, Words.of(e), role, e));
                return;
            }
        }
    }

    /** A ground found: its place and entry, and the span that holds it (null for a standing ground, always a fact). */
    private record Found(Segment span, Location at, Entry entry) {
        static Found in(Segment span, Location at) {
            return new Found(span, at, span.entry(at));
        }
    }

    /** A search for a ground: what it found (null: nothing), and whether it read back to the journal's start. */
    private record Search(Found found, boolean whole) {
    }

    /**
     * Where a ground is: in the decision's own span, else, for a standing ground, anywhere before it
     * in the journal; for any other, in a span before it, up to {@link #SPANS_BACK} back.
     */
    private Search resolve(Segment s, Ground g, Location at) {
        if (g.kind() == Ground.Kind.DECISION) {
            // an earlier decision of the same fact is in its group: searched whole
            Location here = s.decision(at.index(), g.decision());
            return new Search(here == null ? null : Found.in(s, here), true);
        }
        Location here = s.locator.find(g, at);
        if (here != null) return new Search(Found.in(s, here), false);
        if (STANDING.contains(g.kind())) {
            // the span is read from its checkpoint on; what lies before it the walk has noted
            walkTo(s.checkpointIndex + 1);
            Location found = replacedLater(g, s.checkpointIndex, at);
            if (found == null) found = standing.find(g, at);
            return new Search(found == null ? null : new Found(null, found, standingEntries.get(found)), true);
        }
        Segment earlier = s;
        for (int i = 0; i < SPANS_BACK; i++) {
            earlier = before(earlier);
            if (earlier == null) return new Search(null, true);
            here = earlier.locator.find(g, at);
            if (here != null) return new Search(Found.in(earlier, here), false);
        }
        return new Search(null, earlier.checkpointIndex < 0);
    }

    private static String missing(Ground g) {
        return switch (g.kind()) {
            case MESSAGE -> "message " + g.key() + " to " + g.agent();
            case WAKE -> "wake " + g.key() + " for " + g.agent();
            case TURN -> "the turn.opened of turn " + g.number();
            case PRIVATE_TURN -> "what made turn " + g.number() + " private";
            case ATTEMPT -> "the publish.requested of attempt " + g.number();
            case DRAFT -> "the draft.held of " + g.key() + " (" + g.agent() + ")";
            case CONFIGURED -> "the agent.configured of " + g.agent();
            case FOCUS -> "the focus.opened of " + g.agent();
            case CHANNEL -> "the channel.registered of " + g.key();
            case LOCUS -> "where turn " + g.number() + "'s speech went";
            case SEND -> "turn " + g.number() + "'s send";
            case HISTORY -> "a history.changed of " + g.agent();
            case INBOUND -> "a channel message to " + g.agent();
            case DECISION -> "an earlier decision of the same fact";
        };
    }

    /** The span holding {@code index}, re-decided at least up to {@code until}. */
    private Segment span(long index, long until) {
        var floor = spans.floorEntry(index - 1);
        if (floor != null && floor.getValue().holds(index)) return floor.getValue();
        Segment s = Segment.from(journal, checkpointBefore(index), Math.max(until, horizon));
        spans.put(s.checkpointIndex, s);
        return s;
    }

    /** How many spans this explainer has re-decided (a test's look at what its searches cost). */
    int spansDecided() {
        return (int) spans.values().stream().filter(Segment::decided).count();
    }

    /** How many entries this explainer has re-decided (a test's look at how far it went). */
    long entriesDecided() {
        return spans.values().stream().filter(Segment::decided).mapToLong(Segment::size).sum();
    }

    /** How many spans this explainer has read, re-decided or not (a test's look at what its searches cost). */
    int spansRead() {
        return spans.size();
    }

    /** The span before {@code s} (null when {@code s} starts at the journal's start), read but not re-decided until asked why. */
    private Segment before(Segment s) {
        if (s.checkpointIndex < 0) return null;
        long start = checkpointBefore(s.checkpointIndex);
        Segment known = spans.get(start);
        if (known != null && known.end >= s.checkpointIndex) return known;
        Segment earlier = Segment.located(journal, start, s.checkpointIndex);
        spans.put(start, earlier);
        return earlier;
    }

    /**
     * The newest state checkpoint before {@code index} (-1: none), by a forward raw walk of the
     * entries ({@link #walkTo}) that goes on only as far as it is asked: an early decision of a long journal costs the
     * journal up to it. Forward, not the store's backward search for one at each span ({@code
     * Journal.newestCheckpoint}): explain searches many times, and on a day's audit the searches
     * cost 1.6 s more than one walk (docs/performance.md).
     */
    private long checkpointBefore(long index) {
        walkTo(index);
        Long found = checkpoints.lower(index);
        return found == null ? -1 : found;
    }

    /**
     * Walks the journal up to {@code index} (exclusive), noting checkpoints and standing grounds. A
     * sealed day wholly before it whose marks can be trusted is not walked: its checkpoints are noted
     * from the marks, and only its groups holding a standing fact are read. So the walk costs the
     * days without marks (the newest, unsealed) and a few groups a day, not the history.
     */
    private void walkTo(long index) {
        if (index <= walkedTo) return;
        if (markedDays == null) {
            Journal.MarkedDays found = journal.markedDays();
            found.problems().forEach(p -> System.err.println("journal " + journal.dir() + ": note: " + p));
            markedDays = found.days();
        }
        long from = walkedTo;
        for (Journal.MarkedDay day : markedDays) {
            if (day.start() < from) continue; // the walk is already inside this day, or past it
            if (day.end() > index) break;
            walkRaw(from, day.start(), standing);
            for (long c : day.checkpoints()) checkpoints.add(c);
            for (long g : day.standing()) walkRaw(g, g + 1, standing);
            fromMarks.put(day.start(), day);
            from = day.end();
        }
        walkRaw(from, index, standing);
        walkedTo = index;
    }

    /**
     * The newest standing ground {@code g} before {@code at} in the day holding the span's checkpoint,
     * when the walk took that day from its marks and the fact its marks keep for {@code g}'s subject
     * (the day's last) lies after {@code at}: the one that stood at {@code at} was replaced later
     * that day, and only a walk of the day finds it (once a day, kept). Null when no such walk is
     * needed, or the day holds none before {@code at}: {@link #standing} answers then.
     */
    private Location replacedLater(Ground g, long checkpointIndex, Location at) {
        Map.Entry<Long, Journal.MarkedDay> e = fromMarks.floorEntry(checkpointIndex);
        if (e == null || checkpointIndex >= e.getValue().end()) return null;
        Journal.MarkedDay day = e.getValue();
        Location kept = standing.find(g, new Location(day.end(), 0));
        if (kept == null || kept.index() < day.start() || kept.compareTo(at) < 0) return null;
        return dayLocators.computeIfAbsent(day.start(), start -> {
            Locator whole = new Locator();
            walkRaw(start, day.end(), whole);
            return whole;
        }).find(g, at);
    }

    /** Walks the raw entries of the groups in [from, to), noting checkpoints, and standing grounds into {@code into}. */
    private void walkRaw(long from, long to, Locator into) {
        if (from >= to) return;
        long[] group = {-1};
        int[] position = {0};
        try {
            journal.readRaw(from, to, (at, kind, version, bytes, offset, length) -> {
                if (kind == 'C') {
                    groupsWalked++;
                    checkpoints.add(at);
                    return;
                }
                if (at != group[0]) {
                    groupsWalked++;
                    group[0] = at;
                    position[0] = 0;
                }
                Location where = new Location(at, position[0]++);
                if (EntryTypes.STANDING.contains(version, bytes, offset, length)) {
                    Entry e;
                    try {
                        e = EntryCodec.decode(version, bytes, offset, length);
                    } catch (BadEntryException bad) {
                        throw new Unreadable(at, bad);
                    }
                    into.note(e, where);
                    standingEntries.put(where, e);
                }
            });
        } catch (Unreadable u) {
            // whole excerpt, unreadable entry: the checked read of its group names the file, index and ordinal, as any read does
            journal.read(u.group, u.group + 1, r -> { });
            throw u.bad;
        }
    }

    /** How many groups the walk for checkpoints and standing grounds has read. */
    long groupsWalked() {
        return groupsWalked;
    }

    /** An entry the walk decoded and could not read, thrown out of the walk to be named where it is. */
    private static final class Unreadable extends RuntimeException {
        final long group;
        final BadEntryException bad;

        Unreadable(long group, BadEntryException bad) {
            super(null, null, false, false);
            this.group = group;
            this.bad = bad;
        }
    }

    /** How far the walk for checkpoints has gone (a test's look at what explain read). */
    long checkpointsWalkedTo() {
        return walkedTo;
    }

    private static Step asked(Location at, Entry e) {
        return new Step(at, e.type(), null, Words.of(e), Step.ASKED, e);
    }

    /** One walk of the journal for a message id: a post's settle and its attempt, or a received message and what took it in. */
    private static final class MessageSearch {
        private final String id;
        Location settled;
        Entry settledEntry;
        Location requested;
        Location received;
        Entry receivedEntry;
        String receivedWords;
        String agent;
        Location takenIn;
        Location takenInDecision;
        private final Map<Long, Location> attempts = new HashMap<>();
        private final Map<Long, String> owners = new HashMap<>();
        private final Set<String> carryingWakes = new HashSet<>();
        private Location lastFact;

        MessageSearch(String id) {
            this.id = id;
        }

        void accept(dev.routing.journal.store.JournalRecord r) {
            Entry e = r.entry();
            Location at = new Location(r.index(), r.position());
            if (e instanceof StateCheckpoint) return;
            if (e instanceof Fact) lastFact = at;
            if (e instanceof PublishRequested p) attempts.put(p.attempt(), at);
            if (e instanceof TurnOpened o) owners.put(o.turn(), o.agent());
            if (e instanceof PublishSettled s && id.equals(s.messageId()) && settled == null) {
                settled = at;
                settledEntry = e;
                requested = attempts.get(s.attempt());
            }
            if (e instanceof MessageReceived m && m.id().equals(id) && received == null) {
                received = at;
                receivedEntry = e;
                receivedWords = Words.of(e);
                agent = m.agent();
            }
            if (received == null || takenIn != null && takenInDecision != null) return;
            if (takenIn == null) {
                if (e instanceof WakeQueued w && w.agent().equals(agent) && w.messages().contains(id)) carryingWakes.add(w.id());
                boolean takes = e instanceof TurnStarted t && t.agent().equals(agent)
                        && (t.reads().contains(id) || t.wakes().stream().anyMatch(carryingWakes::contains))
                        || e instanceof ToolBoundary b && b.injected().contains(id) && agent.equals(owners.get(b.turn()));
                if (takes) takenIn = at;
            } else if (takenInDecision == null && at.index() == takenIn.index()) {
                // the start's or boundary's own answer: its turn, or the turn made private
                if (e instanceof TurnOpened || e instanceof TurnContinued || e instanceof TurnMadePrivate) takenInDecision = at;
            }
        }
    }

    /** One walk of the journal for a turn: the decision that opened it and its decisions, up to its end. */
    private static final class TurnSearch {
        private final String agent;
        private final long turn;
        Location opened;
        String owner;
        final List<Location> decisions = new ArrayList<>();
        boolean cut;
        private boolean ended;

        TurnSearch(String agent, long turn) {
            this.agent = agent;
            this.turn = turn;
        }

        static final class Done extends RuntimeException {
            Done() {
                super(null, null, false, false);
            }
        }

        void accept(dev.routing.journal.store.JournalRecord r) {
            Entry e = r.entry();
            Location at = new Location(r.index(), r.position());
            if (opened == null) {
                if (e instanceof TurnOpened o && o.turn() == turn) {
                    opened = at;
                    owner = o.agent();
                    if (!owner.equals(agent)) throw new Done();
                }
                return;
            }
            if (e instanceof Fact) {
                // the turn is over once its end (or a restart, or its agent's next turn) has been answered
                if (ended) throw new Done();
                if (e instanceof TurnEnded t && t.turn() == turn || e instanceof ProcessRestarted) ended = true;
                return;
            }
            if (e instanceof TurnOpened o && o.agent().equals(owner)) throw new Done();
            if (!(e instanceof Decision d) || !ofTurn(d)) return;
            if (decisions.size() == TURN_DECISIONS) {
                cut = true;
                throw new Done();
            }
            decisions.add(at);
        }

        private boolean ofTurn(Decision d) {
            Long t = d instanceof SpeechRouted s ? s.turn()
                    : d instanceof ToolDecided x ? x.turn()
                    : d instanceof PublishRequested p ? p.turn()
                    : d instanceof DraftHeld h ? h.turn()
                    : d instanceof NoticeIssued n ? n.turn()
                    : d instanceof TurnContinued c ? c.turn()
                    : d instanceof TurnMadePrivate m ? m.turn()
                    : d instanceof TurnLocusMoved l ? l.turn() : null;
            return t != null && t == turn;
        }
    }
}
