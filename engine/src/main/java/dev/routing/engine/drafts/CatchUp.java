package dev.routing.engine.drafts;

import dev.routing.engine.context.Context;
import dev.routing.engine.notices.Notices;
import dev.routing.projections.drafts.Draft;
import java.util.List;

/**
 * D7: at a turn's start, the drafts no notice has named yet (a crash, an aborted turn, a quiet
 * hold in explicit mode): every one by id, the newest eight with their state and why.
 */
public final class CatchUp {
    static final int DETAILED = 8;

    private CatchUp() {}

    public static void decide(Context ctx, String agent, long turn) {
        var kept = ctx.state().drafts.drafts.get(agent);
        if (kept == null) return;
        List<Draft> unnamed = kept.values().stream().filter(d -> !d.named && !d.dismissed && !d.delivered)
                .sorted(java.util.Comparator.comparingLong((Draft d) -> d.seq).reversed()).toList();
        if (unnamed.isEmpty()) return;
        List<String> ids = unnamed.stream().map(d -> d.id).toList();
        List<String> described = unnamed.stream().limit(DETAILED)
                .map(d -> Describe.state(d) + "; " + Describe.cause(d.cause)).toList();
        ctx.emit(Notices.catchUp(ctx.at(), agent, turn, ids, described));
    }
}
