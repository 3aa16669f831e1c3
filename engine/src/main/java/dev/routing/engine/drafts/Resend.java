package dev.routing.engine.drafts;

import dev.routing.engine.context.Context;
import dev.routing.projections.drafts.Draft;
import java.util.List;

/**
 * A resend's walk through its drafts (D4): in order, verbatim, one attempt at a time. A delivered
 * draft answers with its historical receipt and is not sent again; a dismissed one is skipped; the
 * walk stops at a draft it may not send (unknown, another attempt's, possibly posted without
 * {@code confirmDuplicate}) and says why for the rest.
 */
public final class Resend {
    /**
     * The draft to send now (or null), the ids still queued behind it, where the walk stopped, and
     * whether it answered a delivered draft with its historical receipt.
     */
    public record Next(Draft draft, List<String> queued, String stoppedAt, boolean receipts) {
    }

    private Resend() {}

    public static Next next(Context ctx, String agent, List<String> ids, boolean confirmDuplicate, StringBuilder said) {
        return next(ctx, agent, ids, confirmDuplicate, Claims.NONE, said);
    }

    /** The walk as a round's calls leave the drafts ({@code claims}: what earlier calls of the round took). */
    static Next next(Context ctx, String agent, List<String> ids, boolean confirmDuplicate, Claims claims, StringBuilder said) {
        boolean receipts = false;
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            Draft d = ctx.state().drafts.get(agent, id);
            if (d != null && d.delivered) {
                receipts = true;
                said.append(id).append(": already delivered (attempts ").append(d.attempts).append("); not sent again.\n");
                continue;
            }
            if (d != null && (d.dismissed || claims.dismissed(id))) {
                said.append(id).append(": dismissed, so not sent.\n");
                continue;
            }
            String stop = d == null ? DraftsTool.missing(ctx, agent, id) : blocked(d, confirmDuplicate, claims);
            if (stop != null) {
                said.append(id).append(": not sent: ").append(stop).append('\n');
                List<String> rest = ids.subList(i + 1, ids.size());
                if (!rest.isEmpty()) {
                    said.append("Not attempted, since the resend stopped at ").append(id).append(": ")
                            .append(String.join(", ", rest)).append('\n');
                }
                return new Next(null, List.of(), id, receipts);
            }
            return new Next(d, List.copyOf(ids.subList(i + 1, ids.size())), null, receipts);
        }
        return new Next(null, List.of(), null, receipts);
    }

    /** Why a draft cannot be sent now, or null. */
    static String blocked(Draft d, boolean confirmDuplicate, Claims claims) {
        if (d.outAttempt != null) return "its attempt " + d.outAttempt + " is still out";
        if (claims.sending(d.id)) return "a resend earlier in this round is sending it";
        if (d.queuedBehind != null) return "another resend owns it until attempt " + d.queuedBehind + " settles";
        if (claims.queued(d.id)) return "a resend earlier in this round owns it";
        if ((d.unconfirmed || d.risk) && !confirmDuplicate) {
            return "it may already have been posted; resend with confirmDuplicate: true to post it again";
        }
        return null;
    }
}
