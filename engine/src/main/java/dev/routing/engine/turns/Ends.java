package dev.routing.engine.turns;

import dev.routing.engine.attempts.Outcome;
import dev.routing.engine.context.Because;
import dev.routing.engine.context.Context;
import dev.routing.engine.drafts.Describe;
import dev.routing.engine.notices.Notices;
import dev.routing.journal.event.TurnEnded;
import dev.routing.projections.drafts.Draft;
import dev.routing.projections.publish.Attempt;
import dev.routing.projections.turns.Turn;
import java.util.Map;

/**
 * A turn's end: the receipt (D7), in locus, hybrid, disabled and named mode; explicit mode writes
 * none. It waits for the turn's attempts still out (a late outcome, a late bounce's draft, a
 * resend's next draft), and is issued once each has settled or passed its deadline. It says where
 * the turn's words went, names every draft by id and state, and opens "nothing confirmed", never
 * "nothing", when a draft may have been posted.
 */
public final class Ends {
    private Ends() {}

    public static void decide(Context ctx, TurnEnded ended) {
        Turn turn = ctx.state().turns.turn(ended.turn());
        if (turn == null || !turn.writesReceipt() || turn.attemptsOut(ctx.state().attempts.out)) return;
        receipt(ctx, turn);
    }

    /** After an outcome: the receipt of an ended turn that waited for it, once nothing of the turn is out. */
    public static void afterOutcome(Context ctx, Long turnId) {
        Turn turn = turnId == null ? null : ctx.state().turns.awaitingReceipt.get(turnId);
        if (turn != null && !turn.attemptsOut(ctx.state().attempts.out)) receipt(ctx, turn);
    }

    private static void receipt(Context ctx, Turn turn) {
        // The receipt's lines, written straight into one builder: no list of lines to join and copy again.
        StringBuilder lines = new StringBuilder();
        int delivered = 0;
        boolean mayHavePosted = false;
        for (Map.Entry<Long, String> requested : turn.attempts.entrySet()) {
            Long id = requested.getKey(); // boxed once: both books are keyed by the boxed id
            Attempt a = ctx.state().attempts.get(id);
            String settled = a != null ? a.outcome : turn.outcomes.get(id);
            String outcome = settled != null ? settled : a == null ? "settled" : "awaiting its outcome";
            Outcome read = Outcome.of(settled);
            if (read == Outcome.DELIVERED) delivered++;
            // D7: an attempt still awaiting its outcome, or of unknown outcome, may have been posted.
            if (a != null && a.out() || read == Outcome.UNKNOWN) mayHavePosted = true;
            line(lines).append("attempt ").append(id.longValue()).append(" to ").append(requested.getValue())
                    .append(": ").append(outcome);
        }
        if (!turn.drafts.isEmpty()) line(lines).append("held as drafts: ");
        String comma = "";
        for (String id : turn.drafts) {
            Draft d = ctx.state().drafts.get(turn.agent, id);
            String state = d == null ? "let go by retention" : Describe.state(d);
            if (d != null && (d.unconfirmed || d.risk)) mayHavePosted = true;
            lines.append(comma).append(id).append(" (").append(state).append(')');
            comma = ", ";
        }
        for (Map.Entry<String, Integer> kept : turn.keptPrivate.entrySet()) {
            line(lines).append(kept.getValue()).append(" plain-speech segment(s) kept private (")
                    .append(Notices.keptWhy(kept.getKey())).append(')');
        }
        Because b = ctx.emit(Notices.receipt(ctx.at(), turn.agent, turn.id, turn.drafts, delivered, mayHavePosted, lines))
                .rule("D7").turn(turn.id).drafts(turn.agent, turn.drafts);
        if (b.keeps()) for (Long id : turn.attempts.keySet()) b.attempt(id);
    }

    /** Starts the receipt's next line: lines are parted by "; ". */
    private static StringBuilder line(StringBuilder lines) {
        return lines.isEmpty() ? lines : lines.append("; ");
    }
}
