package dev.routing.engine.audit;

import dev.routing.engine.context.Context;
import dev.routing.engine.context.Emitter;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.drafts.DraftsTool;
import dev.routing.engine.privacy.PrivateStart;
import dev.routing.engine.turns.Boundaries;
import dev.routing.engine.turns.Starts;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.TextCut;
import dev.routing.journal.event.ToolBoundary;
import dev.routing.journal.event.TurnMadePrivate;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import dev.routing.projections.EngineState;
import dev.routing.projections.Evolve;
import dev.routing.projections.privacy.StoredMessage;
import dev.routing.projections.retention.Retention;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which turns had taken in private input, whatever the rules that decided the journal: the
 * engine's own judgement ({@link Starts}, {@link Boundaries}, {@link PrivateStart}) re-applied
 * under today's rules to the recorded facts, on a state of its own. Under 0.30.0 the engine called
 * no turn private; this reading says which turns today's rules would have, and why, with the facts
 * (each {@link PrivateStart.Reason} turned into evidence). There is no second copy of the rules
 * here: only the words that describe what the rules found.
 */
public final class PrivateInput {
    private static final int WORDS = 160;

    /** The facts folded, and the privacy decisions today's rules make on them: nothing else is decided. */
    // package-private for Carried, which writes the reading down and reads it back
    final EngineState state;
    /** message id -> the entry that stored it, for private input only. */
    final Map<String, Evidence> stored = new HashMap<>();
    /** turn -> why it had taken in private input (the first reason, with its facts). */
    final Map<Long, List<Evidence>> why = new HashMap<>();
    /** Turn ids below this were decided before the checkpoint the reading starts from (0: it starts at the journal's first entry). */
    long checkpointedBelow;
    Instant checkpointAt = Instant.EPOCH;

    PrivateInput(EngineState state) {
        this.state = state;
    }

    /** A reading from the journal's first entry. */
    public static PrivateInput fresh() {
        return new PrivateInput(new EngineState());
    }

    /**
     * A reading that starts at a checkpoint: what the checkpoint's state knows of stored private
     * input, queued wakes, open turns and private turn ids. Turns before the checkpoint count as
     * private only by the engine's own record, which is empty for a journal decided under 0.30.0.
     *
     * <p>The reading takes the state over and folds into it: the caller's is a checkpoint decoded for
     * this audit alone, and no copy of a week's state is made (a quarter of a one-day audit's time).
     */
    public static PrivateInput from(EngineState checkpoint) {
        PrivateInput reading = new PrivateInput(checkpoint);
        EngineState state = reading.state;
        Instant at = Instant.ofEpochMilli(state.clockMillis);
        state.privacy.messages.forEach((agent, id, m) -> {
            if (state.privacy.isPrivateInput(m)) {
                reading.stored.put(id, new Evidence(at, -1, "message.received",
                        id + " to " + agent + ": " + describe(m) + ", stored before the checkpoint this audit starts from"));
            }
        });
        reading.checkpointAt = at;
        reading.checkpointedBelow = state.nextTurn;
        return reading;
    }

    /** Whether the turn had taken in private input by now. */
    public boolean tookIn(long turn) {
        return state.privacy.isPrivateTurn(turn);
    }

    /** The facts that made the turn take in private input (empty when it has not). */
    public List<Evidence> evidence(long turn) {
        List<Evidence> facts = why.get(turn);
        if (facts != null) return facts;
        if (turn <= 0) {
            return List.of(new Evidence(Instant.EPOCH, -1, "turn.opened", "turn " + turn + " names no turn, so it counts as"
                    + " private (fail closed)"));
        }
        // Read lazily: a checkpoint's record holds every private turn of the journal's life.
        if (turn < checkpointedBelow && state.privacy.isPrivateTurn(turn)) {
            return List.of(new Evidence(checkpointAt, -1, "turn.opened",
                    "turn " + turn + " was private by the engine's own record at the checkpoint"));
        }
        return List.of();
    }

    /** Reads one fact and its journal index, in the engine's fold order: today's judgement, then the fact. */
    public void observe(Fact fact, long index) {
        if (fact instanceof TurnStarted s) {
            Emitter out = new Emitter(state, DraftsTool.READ_CHARS);
            Map<String, List<WakeQueued>> batch = batch(s);
            TreeSet<String> mark = state.privacy.mark.get(s.agent());
            List<String> marked = mark == null ? List.of() : List.copyOf(mark);
            PrivateStart.Reason reason = Starts.decide(new Context(state, RuleSet.CURRENT, s.at(), out), s);
            Long turn = madePrivate(out.decisions());
            if (turn != null) why.put(turn, ruled(start(s, index, turn, reason, batch, marked), s, reason));
            for (Decision d : out.decisions()) {
                // P2: the turn another resident's start claimed is private from that start.
                if (d instanceof TurnMadePrivate p && PrivateStart.FOREIGN_TURN.equals(p.why())) {
                    why.put(p.turn(), List.of(new Evidence(s.at(), index, s.type(), s.agent() + "'s start claimed turn "
                            + p.turn() + ", another resident's, so whose words follow is unknown (fail closed)", "P2")));
                }
            }
        } else if (fact instanceof ToolBoundary b) {
            Emitter out = new Emitter(state, DraftsTool.READ_CHARS);
            PrivateStart.Reason reason = Boundaries.decide(new Context(state, RuleSet.CURRENT, b.at(), out), b);
            Long turn = madePrivate(out.decisions());
            if (turn != null) why.put(turn, ruled(boundary(b, index, reason), b, reason));
        }
        Evolve.evolve(state, fact);
        if (fact instanceof MessageReceived m) message(m, index);
    }

    /**
     * The evidence with the rule the engine's judgement applied ({@link PrivateStart#rule}, the id its
     * own trace says) on the start or boundary that took the input in.
     */
    private static List<Evidence> ruled(List<Evidence> facts, Fact taker, PrivateStart.Reason reason) {
        List<Evidence> out = new ArrayList<>(facts.size());
        for (Evidence e : facts) {
            out.add(e.type().equals(taker.type()) && e.rule() == null
                    ? new Evidence(e.at(), e.index(), e.type(), e.words(), PrivateStart.rule(reason)) : e);
        }
        return out;
    }

    /** The turn a start or boundary's decisions made private just now, or null. */
    private static Long madePrivate(List<Decision> decisions) {
        for (Decision d : decisions) {
            if (d instanceof TurnOpened o && o.isPrivate()) return o.turn();
            if (d instanceof TurnMadePrivate p) return p.turn();
        }
        return null;
    }

    private Map<String, List<WakeQueued>> batch(TurnStarted s) {
        Map<String, List<WakeQueued>> batch = new HashMap<>();
        for (String id : s.wakes()) batch.put(id, state.turns.wake(s.agent(), id));
        return batch;
    }

    private void message(MessageReceived m, long index) {
        StoredMessage s = state.privacy.message(m.agent(), m.id());
        if (s == null || !state.privacy.isPrivateInput(s)) return;
        String text = TextCut.shortened(m.text(), WORDS);
        Evidence evidence = new Evidence(m.at(), index, m.type(), m.id() + " to " + m.agent() + ": " + describe(s)
                + (text.isBlank() ? "" : ": “" + text + "”"));
        // a reused id's evidence stays what it named first: the private words, not the message stored over them
        if (s.unclassified != null) stored.putIfAbsent(m.id(), evidence);
        else stored.put(m.id(), evidence);
    }

    /** The evidence for a start that made its turn private, from the reason the rules gave. */
    private List<Evidence> start(TurnStarted s, long index, long turn, PrivateStart.Reason reason,
            Map<String, List<WakeQueued>> batch, List<String> marked) {
        String agent = s.agent();
        String starts = "turn " + turn + " (" + agent + ") started";
        WakeQueued w = reason.wake() == null ? null : batch.getOrDefault(reason.wake(), List.of()).stream()
                .findFirst().orElse(null);
        String by = w == null ? starts : starts + " on wake " + w.id() + " (" + w.cause() + ")";
        List<Evidence> facts = new ArrayList<>();
        switch (reason.why()) {
            case PrivateStart.SURFACE, PrivateStart.WORK, PrivateStart.REUSED_MESSAGE -> {
                if (reason.message() == null) {
                    facts.add(new Evidence(w.at(), -1, w.type(), "wake " + w.id() + ": a gate window that held an "
                            + "operator's message from a private surface"));
                    facts.add(new Evidence(s.at(), index, s.type(), by));
                } else {
                    facts.add(privateMessage(agent, reason.message()));
                    facts.add(new Evidence(s.at(), index, s.type(), w == null ? starts + " and read " + reason.message()
                            : by + ", which carried " + reason.message()));
                }
            }
            case PrivateStart.ARMED, PrivateStart.WAITED, PrivateStart.UNKNOWN_TURN -> {
                String how = w == null ? ", continuing the work of turn " + reason.turn()
                        : reason.why().equals(PrivateStart.WAITED) ? ", which waited on turn " + reason.turn()
                        : ", armed by turn " + reason.turn();
                String which = reason.why().equals(PrivateStart.UNKNOWN_TURN) ? ", a turn the engine never assigned"
                        : reason.why().equals(PrivateStart.WAITED) ? ", a turn that had taken in private input"
                        : ", which had taken in private input";
                facts.add(new Evidence(s.at(), index, s.type(), by + how + which));
            }
            case PrivateStart.RETAKE -> {
                facts.add(privateMessage(agent, reason.message()));
                facts.add(new Evidence(s.at(), index, s.type(), by + ": an operator's retake (" + w.retake()
                        + ") of a history that still holds private input"));
            }
            case PrivateStart.STORED -> {
                for (String id : marked) {
                    Evidence m = stored.get(id);
                    if (m != null) facts.add(m);
                    if (facts.size() == 3) break;
                }
                facts.add(new Evidence(s.at(), index, s.type(), starts + ", the first start after private input was "
                        + "stored that no start had answered (" + String.join(", ", marked) + ")"));
            }
            case PrivateStart.UNKNOWN_MESSAGE -> facts.add(new Evidence(s.at(), index, s.type(), (w == null ? starts + " and read "
                    : by + ", which named ") + reason.message() + ", a message the engine was never told of (fail closed)"));
            case PrivateStart.READ_IN_PRIVATE -> facts.add(new Evidence(s.at(), index, s.type(), (w == null ? starts + " and read "
                    : by + ", which named ") + reason.message() + ", a channel message a private turn had read (P15)"));
            case PrivateStart.UNKNOWN_WAKE -> facts.add(new Evidence(s.at(), index, s.type(), starts + " on wake "
                    + reason.wake() + ", a wake the engine was never told of (fail closed)"));
            case PrivateStart.FOREIGN_TURN -> facts.add(new Evidence(s.at(), index, s.type(), starts + " claiming to "
                    + "continue turn " + reason.turn() + ", another resident's (fail closed)"));
            default -> facts.add(new Evidence(s.at(), index, s.type(), starts + " (" + reason.why() + ")"));
        }
        return facts;
    }

    private List<Evidence> boundary(ToolBoundary b, long index, PrivateStart.Reason reason) {
        String agent = state.turns.owner(b.turn(), Retention.today(state.clockMillis, b.at()));
        String at = "a tool boundary of turn " + b.turn() + " (" + agent + ") injected " + reason.message();
        if (PrivateStart.UNKNOWN_MESSAGE.equals(reason.why())) {
            return List.of(new Evidence(b.at(), index, b.type(), at + ", a message the engine was never told of (fail closed)"));
        }
        if (PrivateStart.READ_IN_PRIVATE.equals(reason.why())) {
            return List.of(new Evidence(b.at(), index, b.type(), at + ", a channel message a private turn had read (P15)"));
        }
        return List.of(privateMessage(agent, reason.message()), new Evidence(b.at(), index, b.type(), at + " into the live turn"));
    }

    /** The stored message as evidence (P3: work judged as its turn stands now). */
    private Evidence privateMessage(String agent, String id) {
        StoredMessage m = state.privacy.message(agent, id);
        Evidence e = stored.get(id);
        if (m == null) return e != null ? e : new Evidence(Instant.EPOCH, -1, "message.received", id + " to " + agent);
        if (e != null && m.surface) return e;
        String words = id + " to " + agent + ": " + describe(m);
        return e != null ? new Evidence(e.at(), e.index(), e.type(), words) : new Evidence(Instant.EPOCH, -1, "message.received", words);
    }

    private static String describe(StoredMessage m) {
        if (m.surface) return "an operator's message from a private surface (" + m.kind + ", no channel)";
        if (StoredMessage.REUSED.equals(m.unclassified)) return "an id stored again for another message (" + m.kind + ") while it named private input or a turn's work";
        if (m.unclassified != null) return "an id put back in the history that names no message the engine stored";
        long turn = m.workTurn();
        return turn == 0 ? "work brought back from no known turn (" + m.kind + ")"
                : "what turn " + turn + "'s work brought back (" + m.kind + "), a turn that had taken in private input";
    }
}
