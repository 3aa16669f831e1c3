package dev.routing.engine.drafts;

import dev.routing.engine.context.Context;
import dev.routing.engine.notices.Notices;
import dev.routing.projections.drafts.Draft;
import dev.routing.projections.turns.Turn;
import java.util.ArrayList;
import java.util.List;

/** D7: a live tool boundary names the drafts held since the last notice, so they can be resent in the turn. */
public final class HeldNotice {
    private HeldNotice() {}

    public static void decide(Context ctx, Turn turn) {
        if (turn.unnamedDrafts.isEmpty()) return;
        List<String> ids = List.copyOf(turn.unnamedDrafts);
        List<String> notes = new ArrayList<>();
        for (String id : ids) {
            Draft d = ctx.state().drafts.get(turn.agent, id);
            notes.add(d == null ? null : Describe.cause(d.cause) + (d.risk ? "; may already have been posted" : ""));
        }
        ctx.emit(Notices.heldDrafts(ctx.at(), turn.agent, turn.id, ids, notes)).rule("D7").drafts(turn.agent, ids);
    }
}
