package dev.routing.engine.drafts;

import dev.routing.engine.context.Context;
import dev.routing.journal.event.Names;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.projections.drafts.Draft;
import dev.routing.projections.turns.Turn;
import java.util.List;

/** D7: a live tool boundary names the drafts held since the last notice, so they can be resent in the turn. */
public final class HeldNotice {
    private HeldNotice() {}

    public static void decide(Context ctx, Turn turn) {
        if (turn.unnamedDrafts.isEmpty()) return;
        List<String> ids = List.copyOf(turn.unnamedDrafts);
        StringBuilder text = new StringBuilder("[drafts] Held, not sent:");
        for (String id : ids) {
            Draft d = ctx.state().drafts.get(turn.agent, id);
            text.append(' ').append(id);
            if (d != null) text.append(" (").append(Describe.cause(d.cause)).append(d.risk ? "; may already have been posted" : "").append(')');
        }
        text.append(". Resend with drafts resend and a destination, or dismiss.");
        ctx.emit(new NoticeIssued(ctx.at(), turn.agent, "held-drafts", Names.drafts(ids), text.toString(), false, turn.id));
    }
}
