package dev.routing.engine.drafts;

import dev.routing.engine.attempts.Attempts;
import dev.routing.engine.attempts.Destination;
import dev.routing.engine.attempts.Outcome;
import dev.routing.engine.context.Context;
import dev.routing.engine.notices.Notices;
import dev.routing.projections.publish.Attempt;
import java.util.List;

/**
 * A drafts resend sends its drafts one at a time (D4): once an attempt is delivered the next
 * queued draft is sent to the same place; an attempt that is not delivered stops the resend, and
 * the resident is told which drafts were not attempted.
 */
public final class ResendChain {
    private ResendChain() {}

    public static void continueAfter(Context ctx, Attempt delivered, List<String> queued) {
        if (queued.isEmpty()) return;
        StringBuilder said = new StringBuilder();
        Resend.Next next = Resend.next(ctx, delivered.agent, queued, delivered.confirmDuplicate, said);
        if (next.draft() != null) {
            Destination to = new Destination(delivered.channel, delivered.server, null);
            Attempts.request(ctx, delivered.agent, delivered.turn, to, next.draft().text, List.of(next.draft().id),
                    Attempts.RESEND, next.queued(), delivered.confirmDuplicate).rule("D4").attempt(delivered.id);
        } else if (next.stoppedAt() != null) {
            ctx.emit(Notices.resendStopped(ctx.at(), delivered.agent, delivered.turn, queued, said.toString().strip()))
                    .rule("D4").attempt(delivered.id).drafts(delivered.agent, queued);
        }
    }

    public static void stop(Context ctx, Attempt attempt, List<String> queued, Outcome outcome) {
        if (queued.isEmpty()) return;
        ctx.emit(Notices.resendStopped(ctx.at(), attempt.agent, attempt.turn, queued, attempt.id, outcome))
                .rule("D4").attempt(attempt.id).drafts(attempt.agent, queued);
    }
}
