package dev.routing.engine.prose;

import dev.routing.engine.calls.SendTools;
import dev.routing.engine.context.Context;
import dev.routing.engine.routes.KeptPrivate;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.ToolDecided;

/**
 * P4, fail closed: a round the host reports for a turn that is not open (it ended, or the engine
 * never assigned it) has no route to stand on, so its words stay private, as one segment, and its
 * send calls are refused. A turn that was private says so; any other says the turn is not open.
 */
final class LateRounds {
    private LateRounds() {}

    static void decide(Context ctx, RoundSpoken round) {
        long turn = round.turn();
        boolean wasPrivate = turn < ctx.state().nextTurn && ctx.state().privacy.isPrivateTurn(turn);
        String agent = ctx.state().turns.owner(turn, ctx.today());
        if (!round.text().isEmpty()) {
            ctx.emit(new SpeechRouted(ctx.at(), turn, round.round(), 0, round.text(),
                    Route.keptPrivate((wasPrivate ? KeptPrivate.PRIVATE_TURN : KeptPrivate.TURN_NOT_OPEN).wire()), agent, null))
                    .rule("P4").turn(turn);
        }
        String refusal = "turn " + turn + (turn < ctx.state().nextTurn ? " is not open" : " is not open: the engine never assigned it")
                + ": its calls count for nothing";
        for (int i = 0; i < round.calls().size(); i++) {
            Call call = round.calls().get(i);
            if (SendTools.isDecided(call.tool())) {
                ctx.emit(new ToolDecided(ctx.at(), turn, round.round(), i, call.tool(), false, null, refusal, agent,
                        null, null, null)).rule("P4").turn(turn);
            }
        }
    }
}
