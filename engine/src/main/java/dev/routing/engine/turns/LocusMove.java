package dev.routing.engine.turns;

import dev.routing.engine.context.Because;
import dev.routing.engine.context.Context;
import dev.routing.engine.notices.Notices;
import dev.routing.engine.routes.LocusMoveReason;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.TurnLocusMoved;
import dev.routing.projections.privacy.StoredMessage;
import dev.routing.projections.turns.Turn;
import java.util.List;

/**
 * M1: in a public turn, a {@code channel_open} moves the locus for later rounds, and under
 * {@code latest-inbound} a newer addressed arrival re-pins it. A private turn has no locus to move.
 */
public final class LocusMove {
    private LocusMove() {}

    public static void emit(Context ctx, Turn turn, String channel, LocusMoveReason why) {
        emit(ctx, turn, channel, why, null);
    }

    /** {@code newest}: the addressed arrival that re-pins the locus, or null for a channel_open (the fact itself). */
    private static void emit(Context ctx, Turn turn, String channel, LocusMoveReason why, String newest) {
        if (turn.isPrivate) return;
        TurnLocusMoved moved = new TurnLocusMoved(ctx.at(), turn.id, channel, Starts.serverOf(ctx.state(), channel), why.wire(), false);
        Because b = ctx.emit(moved).rule("M1").turn(turn.id);
        if (newest != null) b.message(turn.agent, newest);
        ctx.emit(Notices.routing(ctx.at(), turn.agent, turn.id, channel)).rule("M1").decision(moved);
    }

    /**
     * M1: under {@code latest-inbound}, what a live boundary or the turn's next start takes in
     * ({@code taken}, in the order taken in) re-pins a public turn's locus to the channel of the
     * newest addressed channel message among it that is still on the agent's history: one removed
     * from the history is not there to answer.
     */
    public static void repin(Context ctx, Turn turn, List<String> taken) {
        if (turn.locusPolicy != LocusPolicy.LATEST_INBOUND || !turn.mode.usesLocus() || turn.locus == null) return;
        String newest = null;
        String arrival = null;
        for (String id : taken) {
            StoredMessage m = ctx.state().privacy.message(turn.agent, id);
            if (m != null && m.channel != null && m.addressed && m.onBranch) {
                newest = m.channel;
                arrival = id;
            }
        }
        if (newest != null && !newest.equals(turn.locus)) emit(ctx, turn, newest, LocusMoveReason.ADDRESSED_ARRIVAL, arrival);
    }
}
