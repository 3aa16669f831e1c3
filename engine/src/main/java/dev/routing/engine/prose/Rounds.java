package dev.routing.engine.prose;

import dev.routing.engine.context.Context;
import dev.routing.engine.drafts.Expansion;
import dev.routing.engine.drafts.Unsent;
import dev.routing.engine.envelopes.Envelope;
import dev.routing.engine.envelopes.EnvelopeParser;
import dev.routing.engine.notices.Notices;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.projections.turns.Turn;
import java.util.ArrayList;
import java.util.List;

/**
 * A round's plain speech, segment by segment (RULES M1-M8, P4, P11, P12, D1, D2), then its calls,
 * then its notices. Each segment goes where the route stood when it was written (M8): its
 * {@code {{unsent}}} is expanded first (D5, {@link Unsent#expand}), then {@link Routing} routes it.
 */
public final class Rounds {
    private Rounds() {}

    public static void decide(Context ctx, RoundSpoken round) {
        Turn turn = ctx.state().turns.turn(round.turn());
        if (turn == null) {
            LateRounds.decide(ctx, round);
            return;
        }
        RoundPlan plan = Calls.plan(ctx, turn, round);
        List<NoticeIssued> notices = new ArrayList<>();
        int index = 0;
        int keptPrivateTurn = 0;
        for (Envelope segment : segments(turn.mode, round.text())) {
            // D5: the segment's {{unsent}} is read once, here, before it is routed
            Expansion unsent = Unsent.expand(ctx, turn.agent, segment.body(), plan.claims());
            Routing routing = new Routing(ctx, turn, round.round(), index, plan, unsent, notices);
            routing.route(segment);
            if (routing.keptByPrivateTurn) keptPrivateTurn++;
            if (routing.emitted) index++;
        }
        plan.calls().forEach(call -> call.emit(ctx));
        if (keptPrivateTurn > 0 && turn.mode == Mode.EXPLICIT) {
            NoticeIssued kept = Notices.keptPrivate(ctx.at(), turn.agent, turn.id, keptPrivateTurn, Unsent.names(ctx, turn.agent));
            ctx.because(kept).rule("P12").privateTurn(turn.id);
            notices.add(kept);
        }
        notices.forEach(ctx::emit);
    }

    /** locus, disabled and named read a round as one segment; hybrid and explicit split it into envelopes. */
    static List<Envelope> segments(Mode mode, String text) {
        return switch (mode) {
            case HYBRID -> EnvelopeParser.HYBRID.parse(text);
            case EXPLICIT -> EnvelopeParser.EXPLICIT.parse(text);
            default -> text.isEmpty() ? List.of() : List.of(new Envelope(false, null, false, text, text));
        };
    }
}
