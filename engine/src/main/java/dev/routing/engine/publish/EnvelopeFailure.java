package dev.routing.engine.publish;

import dev.routing.engine.attempts.Attempts;
import dev.routing.engine.context.Context;
import dev.routing.engine.drafts.Bounces;
import dev.routing.engine.routes.LocusMoveReason;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.TurnLocusMoved;
import dev.routing.projections.publish.Attempt;
import dev.routing.projections.turns.Turn;

/**
 * An envelope's delivery that did not go out (D1, M2, M3). A provably failed one bounces: its words
 * are held as a {@code bounced} draft credited to the turn that wrote them, and the resident gets the
 * bounce notice alone, never the failure marker as well, even when its turn has ended (a late
 * bounce). An unknown one holds nothing (D2: it may have been posted) and keeps its marker. Either,
 * while its hybrid turn is still open and still addressed there, takes the sticky target away: the
 * rest of the turn's plain speech is held as drafts until an envelope names a destination. A turn
 * that ended keeps nothing of this, so the next turn's routing is its own.
 */
final class EnvelopeFailure {
    private EnvelopeFailure() {}

    /** True when a failure was answered with a bounce (the caller then sends no failure marker). */
    static boolean bounces(Context ctx, Attempt attempt) {
        if (!attempt.envelope || attempt.privateTurn || !Attempts.SPEECH.equals(attempt.via)) return false;
        // D1: a provably failed delivery is a bounce (M3, and M2 in hybrid mode), held for the turn that wrote it
        String draft = Bounces.hold(ctx, attempt.agent, attempt.turn, attempt.text, false).rule("D1").attempt(attempt.id).id();
        ctx.emit(Bounces.notice(ctx, attempt.agent, attempt.turn, draft, "the send to " + attempt.channel
                + " failed and nothing was posted", Bounces.wakes(ctx, attempt.agent, attempt.turn), Bounces.prefix(ctx, attempt.agent,
                attempt.turn))).rule("D1").draft(attempt.agent, draft).attempt(attempt.id);
        return true;
    }

    /** M2: an undelivered envelope (failed or unknown) takes its open hybrid turn's sticky target away. */
    static void holdsTheRest(Context ctx, Attempt attempt) {
        if (!attempt.envelope || attempt.turn == null) return;
        Turn turn = ctx.state().turns.turn(attempt.turn);
        if (turn == null || turn.isPrivate || turn.mode != Mode.HYBRID || !attempt.channel.equals(turn.sticky)) return;
        ctx.emit(new TurnLocusMoved(ctx.at(), turn.id, Turn.HELD, null, LocusMoveReason.UNDELIVERED.wire(), true))
                .rule("M2").attempt(attempt.id).turn(turn.id);
    }
}
