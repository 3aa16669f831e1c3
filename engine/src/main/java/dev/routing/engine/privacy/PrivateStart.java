package dev.routing.engine.privacy;

import dev.routing.engine.context.Because;
import dev.routing.journal.event.WakeQueued;
import dev.routing.projections.EngineState;
import dev.routing.projections.privacy.ForgottenIds;
import dev.routing.projections.privacy.PrivacyRecord;
import dev.routing.projections.privacy.StoredMessage;
import dev.routing.projections.turns.Turn;
import java.util.List;

/**
 * Why a start or a live tool boundary takes in private input, or null when it does not (RULES P2,
 * P3, P5-P9, P15, P16). The one judgement of privacy: the engine decides by it, and the audit turns
 * the {@link Reason} it returns into evidence. It is made where the work is read, so a turn that
 * turned private after arming the work counts as it stands now. Input it cannot classify (a
 * message id it was never told of, a turn id it never assigned) counts as private (fail closed).
 */
public final class PrivateStart {
    /** An operator's message from a private surface is in the start. */
    public static final String SURFACE = "private-surface";
    /** What a private turn's work brought back (a script, a derived agent, mail). */
    public static final String WORK = "private-work";
    /** A private turn armed or continues this work (a self-wake, a retry, a bounce, a budget restart). */
    public static final String ARMED = "private-turn-work";
    /** Private input stored before the start that no start has answered yet. */
    public static final String STORED = "stored-private-input";
    /** An operator's retake over a history that holds private input. */
    public static final String RETAKE = "retake-of-private-history";
    /** The wake waited behind a private turn's continuation. */
    public static final String WAITED = "waited-on-private-turn";
    /** Private input injected at a tool boundary. */
    public static final String INJECTED = "private-input-at-boundary";
    /** A start read or a wake named, or a boundary injected, a message id the engine was never told of. */
    public static final String UNKNOWN_MESSAGE = StoredMessage.UNKNOWN;
    /** A message id stored again for another message while it named private input: which words it names is unknown. */
    public static final String REUSED_MESSAGE = StoredMessage.REUSED;
    /** The work names a turn id the engine never assigned. */
    public static final String UNKNOWN_TURN = "unknown-turn";
    /** A start's batch names a wake id the engine holds no queued wake for. */
    public static final String UNKNOWN_WAKE = "unknown-wake";
    /** P15: a channel message a private turn already read, which gets no inferred reply in its channel. */
    public static final String READ_IN_PRIVATE = "read-in-private-turn";
    /** A start claims to continue another resident's open turn: whose speech follows is unknown. */
    public static final String FOREIGN_TURN = "another-residents-turn";

    /**
     * Why, and what the judgement rests on: the wake, message or turn that made it private (each
     * null when it plays no part). {@link #STORED} names the stored input the start answers.
     */
    public record Reason(String why, String wake, String message, Long turn) {}

    private PrivateStart() {}

    /**
     * What a judgement of privacy rests on, said on the decision it made: the RULES id of the rule the
     * reason applies, and the wake, message and turn it names. One reading of a {@link Reason}, which
     * explain and the audit's findings both show.
     */
    public static void because(Because b, String agent, Reason r) {
        b.rule(rule(r));
        if (r.wake() != null) b.wake(agent, r.wake());
        if (r.message() != null) b.message(agent, r.message());
        if (r.turn() != null) {
            switch (r.why()) {
                case ARMED, WAITED -> b.privateTurn(r.turn());
                case FOREIGN_TURN -> b.turn(r.turn());
                default -> { }
            }
        }
    }

    /** The RULES id of the rule a reason applies. */
    public static String rule(Reason r) {
        return switch (r.why()) {
            // a gate window's wake that held a private surface's message is a private wake (P6); a message read, P4
            case SURFACE -> r.message() == null ? "P6" : "P4";
            case WORK -> "P3";
            case ARMED -> "P8";
            case STORED -> "P7";
            case RETAKE -> "P9";
            case WAITED, READ_IN_PRIVATE -> "P15";
            case INJECTED -> "P5";
            default -> "P2";
        };
    }

    /**
     * A start: the turn it continues, its batch (every copy of each wake id; {@code unknownWake} the
     * first id the start lists that has no queued wake, or null), then what it reads, then the mark.
     */
    public static Reason why(EngineState state, long today, String agent, Long continues, String unknownWake,
            List<WakeQueued> batch, List<String> reads) {
        // P8: a start that continues a turn's work (a budget restart, a retry) speaks as that turn,
        // even when the turn it names has ended or a restart closed it.
        if (continues != null) {
            Turn open = state.turns.turn(continues);
            if (open != null && !open.agent.equals(agent)) return new Reason(FOREIGN_TURN, null, null, continues);
            Reason r = byTurn(state, continues, ARMED, null);
            if (r != null) return r;
        }
        for (WakeQueued w : batch) {
            Reason r = byWake(state, today, agent, w);
            if (r != null) return r;
        }
        // A wake id with no queued wake (never queued, another resident's, or already taken) carries
        // marks the engine cannot see: it counts as private, as an unknown message id does.
        if (unknownWake != null) return new Reason(UNKNOWN_WAKE, unknownWake, null, null);
        Reason r = read(state.privacy, today, agent, reads);
        if (r != null) return r;
        var mark = state.privacy.mark.get(agent);
        return mark == null || mark.isEmpty() ? null : new Reason(STORED, null, mark.first(), null);
    }

    /** A live boundary (P5): private input among what it injects. A boundary that ends its turn takes nothing in. */
    public static Reason atBoundary(EngineState state, long today, String agent, List<String> injected) {
        Reason r = read(state.privacy, today, agent, injected);
        return r == null || r.why().equals(UNKNOWN_MESSAGE) || r.why().equals(READ_IN_PRIVATE) ? r
                : new Reason(INJECTED, null, r.message(), null);
    }

    /**
     * P6, P8, P9, P15: each mark a wake carries is weighed, so one never hides another: a retake that
     * waited on a private turn is private as that turn is, whatever its history holds.
     */
    private static Reason byWake(EngineState state, long today, String agent, WakeQueued w) {
        if (w.privateSurface()) return new Reason(SURFACE, w.id(), null, null);
        if (w.armedBy() != null) {
            Reason r = byTurn(state, w.armedBy(), ARMED, w.id());
            if (r != null) return r;
        }
        if (w.waitedOn() != null) {
            Reason r = byTurn(state, w.waitedOn(), WAITED, w.id());
            if (r != null) return r;
        }
        if (w.retake() != null) {
            String held = state.privacy.firstPrivateOnBranch(agent);
            if (held != null) return new Reason(RETAKE, w.id(), held, null);
        }
        for (String id : w.messages()) {
            String why = whyId(state.privacy, today, agent, id);
            if (why != null) return new Reason(why, w.id(), id, null);
        }
        return null;
    }

    private static Reason byTurn(EngineState state, long turn, String why, String wake) {
        if (turn >= state.nextTurn) return new Reason(UNKNOWN_TURN, wake, null, turn);
        return state.privacy.isPrivateTurn(turn) ? new Reason(why, wake, null, turn) : null;
    }

    /** Messages a start reads or a boundary injects: private input, or an id the engine was never told of. */
    private static Reason read(PrivacyRecord privacy, long today, String agent, List<String> ids) {
        for (String id : ids) {
            String why = whyId(privacy, today, agent, id);
            if (why != null) return new Reason(why, null, id, null);
        }
        return null;
    }

    /**
     * Why taking in the message an id names makes a turn private, or null: it is private input; the
     * record neither holds it nor let it go as a public message read on a day retention still keeps
     * on {@code today}, so it cannot be classified (P2); or a turn that is private now read it
     * already (P15).
     */
    private static String whyId(PrivacyRecord privacy, long today, String agent, String id) {
        StoredMessage m = privacy.message(agent, id);
        Long readIn;
        if (m != null) {
            String why = whyMessage(privacy, m);
            if (why != null) return why;
            readIn = m.hasReadIn() ? m.readIn() : null;
        } else {
            long known = privacy.forgottenLookup(agent, id, today);
            if (known == ForgottenIds.NOT_HELD) return UNKNOWN_MESSAGE;
            readIn = known == ForgottenIds.NO_READER ? null : known;
        }
        return readIn != null && privacy.isPrivateTurn(readIn) ? READ_IN_PRIVATE : null;
    }

    /** Why one stored message is private input, or null. */
    private static String whyMessage(PrivacyRecord privacy, StoredMessage m) {
        if (m.surface) return SURFACE;
        if (m.unclassified != null) return m.unclassified;
        if (m.isWork() && privacy.isPrivateTurn(m.workTurn())) return WORK;
        return null;
    }
}
