package dev.routing.engine.audit;

import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.ToolBoundary;
import dev.routing.journal.event.TurnContinued;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import dev.routing.projections.EngineState;
import dev.routing.projections.privacy.PrivacyRecord;
import dev.routing.projections.privacy.StoredMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which turns had taken in private input, read from the facts alone, whatever the rules that
 * decided the journal (RULES P3, P5-P9, P15): a start whose batch or reads hold an operator's
 * message or a private turn's work, a start that continues a private turn's work (a closed one
 * included), a wake a private turn armed or that waited on one, a retake
 * over a history holding private input, private input stored before a start and not answered yet,
 * and a live tool boundary that injects private input. Under 0.30.0 the engine called no turn
 * private; this reading says which turns today's rules would have, and why, with the facts.
 *
 * <p>It keeps the engine's own record of private turn ids ({@link PrivacyRecord}: the highest
 * 4,096 and a fail-closed floor) so that both readings agree on work that comes back late.
 */
public final class PrivateInput {
    private static final int WORDS = 160;

    private final PrivacyRecord record;
    /** agent -> wake id -> wake not yet taken by a start. */
    private final Map<String, Map<String, WakeQueued>> wakes = new HashMap<>();
    private final Map<Long, Open> open = new HashMap<>();
    /** message id -> the entry that stored it, for private input only. */
    private final Map<String, Evidence> stored = new HashMap<>();
    /** turn -> why it had taken in private input (the first reason, with its facts). */
    private final Map<Long, List<Evidence>> why = new HashMap<>();

    private static final class Open {
        final String agent;
        boolean startSilent;
        boolean streamBegun;
        /** The stored private input the current start read: what its first round answers (P7). */
        final TreeSet<String> markAtStart = new TreeSet<>();

        Open(String agent) {
            this.agent = agent;
        }
    }

    private PrivateInput(PrivacyRecord record) {
        this.record = record;
    }

    /** A reading from the journal's first entry. */
    public static PrivateInput fresh() {
        return new PrivateInput(new PrivacyRecord());
    }

    /**
     * A reading that starts at a checkpoint: what the checkpoint's state knows of stored private
     * input, queued wakes, open turns and private turn ids. Turns before the checkpoint count as
     * private only by the engine's own record, which is empty for a journal decided under 0.30.0.
     */
    public static PrivateInput from(EngineState state) {
        PrivateInput reading = new PrivateInput(state.privacy);
        state.turns.wakes.forEach((agent, byId) -> reading.wakes.put(agent, new HashMap<>(byId)));
        state.turns.open.forEach((id, turn) -> {
            Open o = new Open(turn.agent);
            o.startSilent = turn.startSilent;
            o.streamBegun = turn.streamBegun;
            o.markAtStart.addAll(turn.markAtStart);
            reading.open.put(id, o);
        });
        Instant at = Instant.ofEpochMilli(state.clockMillis);
        state.privacy.messages.forEach((agent, byId) -> byId.forEach((id, m) -> {
            if (state.privacy.isPrivateInput(m)) {
                reading.stored.put(id, new Evidence(at, -1, "message.received",
                        id + " to " + agent + ": " + describe(m) + ", stored before the checkpoint this audit starts from"));
            }
        }));
        for (Long turn : state.privacy.privateTurns) {
            reading.why.put(turn, List.of(new Evidence(at, -1, "turn.opened",
                    "turn " + turn + " was private by the engine's own record at the checkpoint")));
        }
        return reading;
    }

    /** Whether the turn had taken in private input by now. */
    public boolean tookIn(long turn) {
        return record.isPrivateTurn(turn);
    }

    /** The facts that made the turn take in private input (empty when it has not). */
    public List<Evidence> evidence(long turn) {
        List<Evidence> facts = why.get(turn);
        if (facts != null) return facts;
        if (turn <= record.floor) {
            return List.of(new Evidence(Instant.EPOCH, -1, "turn.opened", "turn " + turn
                    + " is at or below the floor of remembered private turns (" + record.floor + "), so it counts as private (fail closed)"));
        }
        return List.of();
    }

    /** Reads one fact, the decisions that answered it and its journal index, in the engine's fold order. */
    public void observe(Fact fact, List<Decision> decisions, long index) {
        if (fact instanceof MessageReceived m) message(m, index);
        else if (fact instanceof WakeQueued w) wakes.computeIfAbsent(w.agent(), a -> new HashMap<>()).put(w.id(), w);
        else if (fact instanceof TurnStarted s) start(s, decisions, index);
        else if (fact instanceof ToolBoundary b) boundary(b, index);
        else if (fact instanceof RoundSpoken r) round(r);
        else if (fact instanceof TurnEnded e) open.remove(e.turn());
        else if (fact instanceof HistoryChanged h) history(h);
        else if (fact instanceof ProcessRestarted) open.clear();
    }

    private void message(MessageReceived m, long index) {
        StoredMessage s = StoredMessage.of(m);
        record.messagesOf(m.agent()).put(m.id(), s);
        if (record.isPrivateInput(s)) {
            record.markOf(m.agent()).add(m.id());
            String text = m.text().length() > WORDS ? m.text().substring(0, WORDS) + "…" : m.text();
            stored.put(m.id(), new Evidence(m.at(), index, m.type(), m.id() + " to " + m.agent() + ": " + describe(s)
                    + (text.isBlank() ? "" : ": “" + text + "”")));
        }
    }

    private void start(TurnStarted s, List<Decision> decisions, long index) {
        Long turn = null;
        boolean opened = false;
        for (Decision d : decisions) {
            if (d instanceof TurnOpened o) {
                turn = o.turn();
                opened = true;
            } else if (d instanceof TurnContinued c) {
                turn = c.turn();
            }
        }
        if (turn != null && !tookIn(turn)) {
            List<Evidence> reason = reason(s, index, turn);
            if (reason != null) {
                record.notePrivateTurn(turn);
                why.put(turn, reason);
            }
        }
        // The start's own bookkeeping, after the judgment (the engine's fold order).
        Map<String, WakeQueued> pending = wakes.get(s.agent());
        if (pending != null) s.wakes().forEach(pending::remove);
        for (String id : s.reads()) record.markRead(s.agent(), id);
        if (opened) {
            open.entrySet().removeIf(e -> e.getValue().agent.equals(s.agent()));
            open.put(turn, new Open(s.agent()));
        }
        // As the engine folds a start: the turn it continues if that is open and the agent's, else the agent's open turn.
        Open o = s.continues() == null ? null : open.get(s.continues());
        if (o == null || !o.agent.equals(s.agent())) o = openOf(s.agent());
        if (o != null) {
            o.startSilent = s.silent();
            o.streamBegun = false;
            o.markAtStart.clear();
            TreeSet<String> mark = record.mark.get(s.agent());
            if (mark != null) o.markAtStart.addAll(mark);
        }
    }

    /** Why this start takes in private input, as evidence, or null: the batch's wakes, then its reads, then the mark. */
    private List<Evidence> reason(TurnStarted s, long index, long turn) {
        String agent = s.agent();
        String starts = "turn " + turn + " (" + agent + ") started";
        if (s.continues() != null && tookIn(s.continues())) {
            return List.of(new Evidence(s.at(), index, s.type(), starts + ", continuing the work of turn " + s.continues()
                    + ", which had taken in private input"));
        }
        Map<String, WakeQueued> pending = wakes.getOrDefault(agent, Map.of());
        for (String id : s.wakes()) {
            WakeQueued w = pending.get(id);
            if (w == null) continue;
            List<Evidence> found = wakeReason(w, starts, s, index);
            if (found != null) return found;
        }
        for (String id : s.reads()) {
            Evidence m = privateMessage(agent, id);
            if (m != null) return List.of(m, new Evidence(s.at(), index, s.type(), starts + " and read " + id));
        }
        TreeSet<String> mark = record.mark.get(agent);
        if (mark != null && !mark.isEmpty()) {
            List<Evidence> facts = new ArrayList<>();
            for (String id : mark) {
                Evidence m = stored.get(id);
                if (m != null) facts.add(m);
                if (facts.size() == 3) break;
            }
            facts.add(new Evidence(s.at(), index, s.type(), starts + ", the first start after private input was "
                    + "stored that no start had answered (" + String.join(", ", mark) + ")"));
            return facts;
        }
        return null;
    }

    private List<Evidence> wakeReason(WakeQueued w, String starts, TurnStarted s, long index) {
        String by = starts + " on wake " + w.id() + " (" + w.cause() + ")";
        if (w.privateSurface()) {
            return List.of(new Evidence(w.at(), -1, w.type(), "wake " + w.id() + ": a gate window that held an "
                    + "operator's message from a private surface"), new Evidence(s.at(), index, s.type(), by));
        }
        if (w.retake() != null) {
            Evidence held = historyHolds(s.agent());
            if (held == null) return null;
            return List.of(held, new Evidence(s.at(), index, s.type(), by + ": an operator's retake (" + w.retake()
                    + ") of a history that still holds private input"));
        }
        if (w.armedBy() != null && tookIn(w.armedBy())) {
            return List.of(new Evidence(s.at(), index, s.type(), by + ", armed by turn " + w.armedBy()
                    + ", which had taken in private input"));
        }
        if (w.waitedOn() != null && tookIn(w.waitedOn())) {
            return List.of(new Evidence(s.at(), index, s.type(), by + ", which waited on turn " + w.waitedOn()
                    + ", a turn that had taken in private input"));
        }
        for (String id : w.messages()) {
            Evidence m = privateMessage(s.agent(), id);
            if (m != null) return List.of(m, new Evidence(s.at(), index, s.type(), by + ", which carried " + id));
        }
        return null;
    }

    private void boundary(ToolBoundary b, long index) {
        Open o = open.get(b.turn());
        if (o == null) return;
        if (!b.endsTurn() && !tookIn(b.turn())) {
            for (String id : b.injected()) {
                Evidence m = privateMessage(o.agent, id);
                if (m == null) continue;
                record.notePrivateTurn(b.turn());
                why.put(b.turn(), List.of(m, new Evidence(b.at(), index, b.type(), "a tool boundary of turn "
                        + b.turn() + " (" + o.agent + ") injected " + id + " into the live turn")));
                break;
            }
        }
        boolean live = !b.endsTurn() && !o.startSilent;
        TreeSet<String> mark = record.mark.get(o.agent);
        for (String id : b.injected()) {
            // P7, R1-1d: a live boundary answers what it injects; one that ends its turn does not.
            if (live && mark != null) mark.remove(id);
            record.markRead(o.agent, id);
        }
    }

    private Open openOf(String agent) {
        for (Open o : open.values()) {
            if (o.agent.equals(agent)) return o;
        }
        return null;
    }

    private void round(RoundSpoken r) {
        Open o = open.get(r.turn());
        if (o == null || o.streamBegun) return;
        o.streamBegun = true;
        // P7: the mark is spent once the stream of a start that can publish begins, for the input
        // stored before that start; what came in since waits for the next start.
        TreeSet<String> mark = record.mark.get(o.agent);
        if (!o.startSilent && mark != null) {
            mark.removeAll(o.markAtStart);
            if (mark.isEmpty()) record.mark.remove(o.agent);
        }
        o.markAtStart.clear();
    }

    private void history(HistoryChanged h) {
        TreeMap<String, StoredMessage> byId = record.messages.get(h.agent());
        if (byId == null) return;
        for (String id : h.removed()) {
            StoredMessage m = byId.get(id);
            if (m != null) m.onBranch = false;
        }
        for (String id : h.restored()) {
            StoredMessage m = byId.get(id);
            if (m != null) m.onBranch = true;
        }
    }

    /** The stored message as evidence when it is private input now (P3: work judged as its turn stands now). */
    private Evidence privateMessage(String agent, String id) {
        StoredMessage m = record.message(agent, id);
        if (m == null || !record.isPrivateInput(m)) return null;
        Evidence e = stored.get(id);
        if (e != null && m.surface) return e;
        String words = id + " to " + agent + ": " + describe(m);
        return e != null ? new Evidence(e.at(), e.index(), e.type(), words) : new Evidence(Instant.EPOCH, -1, "message.received", words);
    }

    /** P9: the first message on the agent's current branch that is private input now. */
    private Evidence historyHolds(String agent) {
        TreeMap<String, StoredMessage> byId = record.messages.get(agent);
        if (byId == null) return null;
        for (Map.Entry<String, StoredMessage> e : byId.entrySet()) {
            if (e.getValue().onBranch && record.isPrivateInput(e.getValue())) return privateMessage(agent, e.getKey());
        }
        return null;
    }

    private static String describe(StoredMessage m) {
        if (m.surface) return "an operator's message from a private surface (" + m.kind + ", no channel)";
        long turn = m.workTurn;
        return turn == 0 ? "work brought back across a restart, from no known turn (" + m.kind + ")"
                : "what turn " + turn + "'s work brought back (" + m.kind + "), a turn that had taken in private input";
    }
}
