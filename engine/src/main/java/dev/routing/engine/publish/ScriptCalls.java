package dev.routing.engine.publish;

import dev.routing.engine.context.Context;
import dev.routing.journal.event.ScriptCalled;
import dev.routing.journal.event.ToolDecided;
import dev.routing.projections.EngineState;
import dev.routing.projections.retention.Retention;

/**
 * A call a script makes, judged by the turn that started it (P13), which must be the calling
 * agent's own: a call that names another resident's turn, a turn never assigned, or one older than
 * retention keeps (no one can tell whose it was) is refused and publishes nothing (P2, fail closed).
 */
public final class ScriptCalls {
    private ScriptCalls() {}

    public static void decide(Context ctx, ScriptCalled call) {
        EngineState state = ctx.state();
        long turn = call.turn();
        String refusal = null;
        if (turn <= 0 || turn >= state.nextTurn) {
            refusal = "Nothing was posted: turn " + turn + " was never assigned, so it started no script of "
                    + call.agent() + "'s.";
        } else {
            String owner = state.turns.owner(turn, ctx.today());
            if (owner == null) {
                refusal = "Nothing was posted: turn " + turn + " opened more than " + Retention.KEEP_IDS_DAYS
                        + " days ago, so the engine no longer knows whose script this is.";
            } else if (!owner.equals(call.agent())) {
                refusal = "Nothing was posted: turn " + turn + " is not " + call.agent() + "'s own turn.";
            }
        }
        if (refusal != null) {
            // P2, fail closed: a call whose turn is not the agent's own, or no longer known, publishes nothing
            ctx.emit(new ToolDecided(ctx.at(), turn, null, null, call.tool(), false, null, refusal, call.agent(), refusal,
                    null, null)).rule("P2");
        } else if (ChannelPublish.TOOL.equals(call.tool())) {
            ChannelPublish.decideScript(ctx, call.agent(), turn, state.privacy.isPrivateTurn(turn),
                    call.channel(), call.server(), call.text());
        }
    }
}
