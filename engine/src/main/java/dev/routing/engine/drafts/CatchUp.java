package dev.routing.engine.drafts;

import dev.routing.engine.context.Context;
import dev.routing.journal.event.Names;
import dev.routing.journal.event.NoticeIssued;
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
        StringBuilder text = new StringBuilder("[drafts] Drafts no notice has named yet:");
        for (int i = 0; i < unnamed.size(); i++) {
            Draft d = unnamed.get(i);
            text.append(i == 0 ? " " : ", ").append(d.id);
            if (i < DETAILED) text.append(" (").append(Describe.state(d)).append("; ").append(Describe.cause(d.cause)).append(')');
        }
        text.append(". The drafts tool lists, reads, resends or dismisses them.");
        List<String> ids = unnamed.stream().map(d -> d.id).toList();
        ctx.emit(new NoticeIssued(ctx.at(), agent, "catch-up", Names.drafts(ids), text.toString(), false, turn));
    }
}
