package dev.routing.engine.drafts;

import dev.routing.engine.context.Context;
import dev.routing.engine.notices.Notices;
import dev.routing.engine.routes.HoldCause;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.projections.drafts.Draft;
import dev.routing.projections.turns.Turn;

/**
 * A bounce (M2, M3, D1): words that were not delivered, held as a {@code bounced} draft, and the
 * notice that tells the resident and offers them back. One place for both, so a bounce of a
 * refused target, of a failed delivery and of an {{unsent}} that sent nothing read alike.
 */
public final class Bounces {
    private Bounces() {}

    /** The words held as a bounced draft (they become the latest bounce). */
    public static Holding.Held hold(Context ctx, String agent, Long turn, String words, boolean risk) {
        return Holding.hold(ctx, agent, turn, words, HoldCause.BOUNCED, risk, false);
    }

    /**
     * The bounce notice for a draft just held or held again: it offers {@code {{unsent}}} only when
     * {@code {{unsent}}} would send that very draft now, and otherwise the drafts tool, with
     * {@code confirmDuplicate: true} when it may already have been posted.
     */
    public static NoticeIssued notice(Context ctx, String agent, Long turn, String draft, String why, boolean wake,
            String prefix) {
        Draft d = ctx.state().drafts.get(agent, draft);
        Draft sendable = Unsent.sendable(ctx, agent, Claims.NONE);
        boolean unsentSends = sendable != null && sendable.id.equals(draft);
        boolean risk = d != null && (d.risk || d.unconfirmed);
        return Notices.bounce(ctx.at(), agent, turn, draft, why, wake, prefix, unsentSends, risk);
    }

    /** The resident's own envelope prefix in a mode, for the notice's {{unsent}} offer. */
    public static String prefix(Mode mode) {
        return mode == Mode.HYBRID ? ">>>" : ">>";
    }

    /** The prefix of the mode the turn opened in, while it is open; else the agent's mode now. */
    public static String prefix(Context ctx, String agent, Long turn) {
        var open = turn == null ? null : ctx.state().turns.turn(turn);
        return prefix(open != null ? open.mode : ctx.state().roster.agent(agent).mode);
    }

    /**
     * Wakes the resident unless two bounce wakes already came in a row (M3), as the bounce's own turn
     * counts them: a late bounce of an ended turn reads that turn's count while its receipt is due,
     * else the agent's, never the count of a turn that opened since with a cause of its own.
     */
    public static boolean wakes(Context ctx, String agent, Long turn) {
        Turn own = turn == null ? null : ctx.state().turns.withReceiptDue(turn);
        int streak = own != null ? own.bounceStreak : ctx.state().turns.bounceStreak.getOrDefault(agent, 0);
        return streak < 2;
    }
}
