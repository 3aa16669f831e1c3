package dev.routing.engine.prose;

import dev.routing.engine.Context;
import dev.routing.engine.publish.ChannelPublish;
import dev.routing.engine.publish.Destination;
import dev.routing.engine.publish.SendTools;
import dev.routing.engine.turns.Starts;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.projections.turns.Turn;
import java.util.TreeSet;

/**
 * What a round's calls mean for its speech, read before any segment is routed: a private silence
 * (M6's skip_reply, a same-round private think, a silent tick), the explicit-send hold (M6, with
 * #824's place rule), and whether it is a drafts round (M7). A call the agent was not permitted to
 * make counts for nothing.
 */
public record RoundPlan(String silence, TreeSet<String> holdPlaces, boolean holdAnywhere, boolean draftsRound,
        boolean sendOfItsOwn) {

    public static RoundPlan of(Context ctx, Turn turn, RoundSpoken round) {
        String silence = null;
        if (turn.startSilent) silence = "silent";
        TreeSet<String> places = new TreeSet<>(turn.holdPlaces);
        boolean anywhere = turn.holdAnywhere;
        boolean drafts = false;
        boolean ownSend = false;
        boolean sendsSilence = Starts.usesLocus(turn.mode);
        for (Call call : round.calls()) {
            if (!call.permitted()) continue;
            if (SendTools.isSkipReply(call.tool())) {
                if (silence == null) silence = "skip-reply";
                continue;
            }
            if (SendTools.isDrafts(call.tool())) {
                drafts = true;
                if ("resend".equals(call.action()) && sendsSilence) {
                    Destination to = Destination.resolve(ctx.state(), call.channel(), call.server());
                    if (to.ok()) places.add(to.channel());
                    else anywhere = true;
                }
                continue;
            }
            String place;
            if (SendTools.isChannelPublish(call.tool())) {
                Destination to = ChannelPublish.target(ctx, turn, turn.agent, turn.isPrivate, call.channel(), call.server());
                if (!to.ok()) continue;
                place = to.channel();
            } else if (SendTools.isSend(call.tool())) {
                place = call.namesChannel() ? call.channel().trim() : null;
            } else {
                continue;
            }
            ownSend = true;
            if (!sendsSilence) continue;
            if (place == null) anywhere = true;
            else places.add(place);
        }
        if (silence == null && round.privateThink()) silence = "private-think";
        return new RoundPlan(silence, places, anywhere, drafts && !ownSend, ownSend);
    }

    /** M6: a send holds speech going where it may have posted, or anywhere when its place is unreadable. */
    public boolean holds(String channel) {
        return holdAnywhere || (channel != null && holdPlaces.contains(channel));
    }

    public boolean holding() {
        return holdAnywhere || !holdPlaces.isEmpty();
    }
}
