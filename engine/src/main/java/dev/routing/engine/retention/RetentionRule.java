package dev.routing.engine.retention;

import dev.routing.engine.context.Context;
import dev.routing.journal.event.DraftLetGo;
import dev.routing.journal.event.RetentionCheckpoint;
import dev.routing.projections.drafts.Draft;
import dev.routing.projections.retention.Retention;
import java.util.ArrayList;
import java.util.List;

/**
 * T1-T4: every {@link Retention#CHECKPOINT_EVERY} draft entries, keep each resident's
 * {@link Retention#KEEP_NEWEST} newest drafts and any touched in the last 7 days of the facts'
 * own time; let the rest go, never one whose attempt is out or that a resend still owns.
 */
public final class RetentionRule {
    private RetentionRule() {}

    public static void decide(Context ctx) {
        var state = ctx.state();
        if (state.retention.draftEntries < Retention.CHECKPOINT_EVERY) return;
        long now = ctx.at().toEpochMilli();
        List<Draft> letGo = new ArrayList<>();
        int kept = 0;
        for (String agent : state.drafts.drafts.keySet()) {
            int i = 0;
            for (Draft d : state.drafts.newestFirst(agent)) {
                boolean keep = i++ < Retention.KEEP_NEWEST || d.outAttempt != null || d.queuedBehind != null
                        || now - d.touchedMillis < Retention.KEEP_TOUCHED_MILLIS;
                if (keep) kept++;
                else letGo.add(d);
            }
        }
        ctx.emit(new RetentionCheckpoint(ctx.at(), state.entries, kept, letGo.size())).rule("T3");
        // T1, T2: older than the resident's newest 100, and nothing happened to it for 7 days
        for (Draft d : letGo) ctx.emit(new DraftLetGo(ctx.at(), d.id, d.agent)).rule("T2").draft(d.agent, d.id);
    }
}
