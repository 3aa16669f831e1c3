package dev.routing.engine.drafts;

import dev.routing.engine.context.Context;
import dev.routing.engine.notices.Notices;
import dev.routing.projections.drafts.Draft;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * D7: at a turn's start, the drafts no notice on the agent's current branch names (no notice reached
 * them: a crash, an aborted turn, a quiet hold in explicit mode; or a history change took the
 * notices that named them away): every one by id, the newest eight with their state and why. It
 * leaves out the drafts of a turn still open or whose receipt still waits: that receipt names them.
 */
public final class CatchUp {
    static final int DETAILED = 8;

    private CatchUp() {}

    public static void decide(Context ctx, String agent, long turn) {
        Collection<Draft> unnamed = ctx.state().drafts.unnamed(agent);
        if (unnamed.isEmpty()) return;
        List<String> ids = new ArrayList<>(unnamed.size());
        List<String> described = new ArrayList<>(Math.min(DETAILED, unnamed.size()));
        for (Draft d : unnamed) {
            if (d.turn != null && ctx.state().turns.withReceiptDue(d.turn) != null) continue;
            ids.add(d.id);
            if (described.size() < DETAILED) described.add(Describe.state(d) + "; " + Describe.cause(d.cause));
        }
        if (ids.isEmpty()) return;
        ctx.emit(Notices.catchUp(ctx.at(), agent, turn, ids, described)).rule("D7").drafts(agent, ids).history(agent);
    }
}
