package dev.routing.engine.prose;

import dev.routing.engine.Context;
import dev.routing.engine.drafts.DraftsTool;
import dev.routing.engine.publish.ChannelPublish;
import dev.routing.engine.publish.SendTools;
import dev.routing.engine.turns.LocusMove;
import dev.routing.engine.turns.Starts;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.ToolDecided;
import dev.routing.projections.turns.Turn;

/** A round's routing-relevant calls, in order, after its speech: each gets a {@code tool.decided}. */
final class Calls {
    private Calls() {}

    static void decide(Context ctx, Turn turn, RoundSpoken round, RoundPlan plan) {
        boolean sendsSilence = Starts.usesLocus(turn.mode);
        for (int i = 0; i < round.calls().size(); i++) {
            Call call = round.calls().get(i);
            String tool = call.tool();
            boolean relevant = SendTools.isChannelPublish(tool) || SendTools.isSend(tool) || SendTools.isDrafts(tool)
                    || SendTools.isChannelOpen(tool);
            if (!relevant) continue;
            if (!call.permitted()) {
                ctx.emit(new ToolDecided(ctx.at(), turn.id, round.round(), i, tool, false, null,
                        "the agent may not call " + tool + ": it counts for nothing", turn.agent, null, null, null));
            } else if (SendTools.isChannelPublish(tool)) {
                ChannelPublish.decide(ctx, turn, round.round(), i, call, sendsSilence);
            } else if (SendTools.isDrafts(tool)) {
                DraftsTool.decide(ctx, turn, round.round(), i, call, sendsSilence);
            } else if (SendTools.isChannelOpen(tool)) {
                channelOpen(ctx, turn, round.round(), i, call);
            } else {
                String place = RoundPlan.placeOf(ctx.state(), call);
                ctx.emit(new ToolDecided(ctx.at(), turn.id, round.round(), i, tool, true, place, null, turn.agent,
                        null, sendsSilence ? true : null, sendsSilence ? place : null));
            }
        }
    }

    /** P14: a private turn's channel_open opens the channel for reading only; a public turn's moves its locus. */
    private static void channelOpen(Context ctx, Turn turn, int round, int index, Call call) {
        String channel = call.namesChannel() ? call.channel().trim() : null;
        String result = turn.isPrivate ? "opened for reading; this turn's plain speech stays private"
                : "opened; later plain speech goes there";
        ctx.emit(new ToolDecided(ctx.at(), turn.id, round, index, call.tool(), channel != null, channel,
                channel == null ? "channel_open needs a channel" : null, turn.agent, result, null, null));
        if (channel != null && !turn.isPrivate && Starts.usesLocus(turn.mode) && !channel.equals(turn.locus)) {
            LocusMove.emit(ctx, turn, channel, "channel-open");
        }
    }
}
