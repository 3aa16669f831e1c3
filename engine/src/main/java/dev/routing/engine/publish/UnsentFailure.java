package dev.routing.engine.publish;

import dev.routing.engine.attempts.Attempts;
import dev.routing.engine.context.Context;
import dev.routing.engine.drafts.Bounces;
import dev.routing.projections.drafts.Draft;
import dev.routing.projections.publish.Attempt;

/**
 * D5: a failed {{unsent}} send re-holds the words it attempted, as a bounce, and the resident
 * gets the bounce notice instead of the failure marker. A bare {{unsent}} attempted only the
 * draft it names, which a failure returns to held: nothing new is held. A private turn's words
 * added to {{unsent}} are never held (P12): its failure is a private bounce.
 */
final class UnsentFailure {
    private UnsentFailure() {}

    /** True when the failure was answered with a re-hold (and its bounce notice). */
    static boolean reholds(Context ctx, Attempt attempt) {
        if (!Attempts.UNSENT.equals(attempt.via)) return false;
        Draft sent = attempt.drafts.isEmpty() ? null : ctx.state().drafts.get(attempt.agent, attempt.drafts.get(0));
        if (sent != null && sent.text.strip().equals(attempt.text.strip())) {
            ctx.emit(Bounces.notice(ctx, attempt.agent, attempt.turn, sent.id,
                    "the {{unsent}} send failed and nothing was posted; the draft is held again", false,
                    Bounces.prefix(ctx, attempt.agent, attempt.turn))).rule("D5").draft(attempt.agent, sent.id).attempt(attempt.id);
            return true;
        }
        if (attempt.privateTurn) return false;
        String id = Bounces.hold(ctx, attempt.agent, attempt.turn, attempt.text, false).rule("D5").attempt(attempt.id).id();
        ctx.emit(Bounces.notice(ctx, attempt.agent, attempt.turn, id, "the {{unsent}} send failed and nothing was posted",
                false, Bounces.prefix(ctx, attempt.agent, attempt.turn))).rule("D5").draft(attempt.agent, id).attempt(attempt.id);
        return true;
    }
}
