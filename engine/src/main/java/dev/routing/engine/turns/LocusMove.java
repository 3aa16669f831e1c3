package dev.routing.engine.turns;

import dev.routing.engine.Context;
import dev.routing.engine.notices.Notices;
import dev.routing.journal.event.TurnLocusMoved;
import dev.routing.projections.turns.Turn;

/**
 * M1: in a public turn, a {@code channel_open} moves the locus for later rounds, and under
 * {@code latest-inbound} a newer addressed arrival re-pins it. A private turn has no locus to move.
 */
public final class LocusMove {
    private LocusMove() {}

    public static void emit(Context ctx, Turn turn, String channel, String why) {
        if (turn.isPrivate) return;
        ctx.emit(new TurnLocusMoved(ctx.at(), turn.id, channel, Starts.serverOf(ctx.state(), channel), why, false));
        ctx.emit(Notices.routing(ctx.at(), turn.agent, turn.id, channel));
    }
}
