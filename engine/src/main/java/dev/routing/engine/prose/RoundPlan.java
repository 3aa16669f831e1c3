package dev.routing.engine.prose;

import dev.routing.engine.Context;
import dev.routing.engine.publish.ChannelPublish;
import dev.routing.engine.publish.Destination;
import dev.routing.engine.publish.SendTools;
import dev.routing.engine.turns.Starts;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.projections.EngineState;
import dev.routing.projections.roster.Roster;
import dev.routing.projections.turns.Turn;
import java.util.List;
import java.util.TreeSet;

/**
 * What a round's calls mean for its speech, read before any segment is routed: a private silence
 * (M6's skip_reply, a same-round private think, a silent tick), the explicit-send hold (M6, with
 * #824's place rule), whether it calls the engine's own {@code drafts} tool, and whether it is a
 * drafts round (M7: a drafts call and no send of its own, a resend aside). A call the agent was
 * not permitted to make counts for nothing.
 */
public record RoundPlan(String silence, boolean privateThink, TreeSet<String> holdPlaces, boolean holdAnywhere,
        boolean callsDrafts, boolean draftsRound) {

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
                // A resend counts as a send where its destination resolves; one refused for want of a
                // destination posted nothing and counts for nothing (as DraftsTool answers it).
                if ("resend".equals(call.action()) && sendsSilence && !call.draftIds().isEmpty()) {
                    Destination to = Destination.resolve(ctx.state(), call.channel(), call.server());
                    if (to.ok()) places.add(to.channel());
                }
                continue;
            }
            String place;
            if (SendTools.isChannelPublish(call.tool())) {
                Destination to = ChannelPublish.target(ctx, turn, turn.agent, turn.isPrivate, call.channel(), call.server());
                if (!to.ok()) continue;
                place = to.channel();
            } else if (SendTools.isSend(call.tool())) {
                place = placeOf(ctx.state(), call);
            } else {
                continue;
            }
            ownSend = true;
            if (!sendsSilence) continue;
            if (place == null) anywhere = true;
            else places.add(place);
        }
        if (silence == null && round.privateThink()) silence = "private-think";
        return new RoundPlan(silence, round.privateThink(), places, anywhere, drafts, drafts && !ownSend);
    }

    /**
     * #824: where a host-carried send may have posted, read from the channel it names: the channel
     * id its selector (an id or a label) resolves to, or the selector itself when it names no
     * registered channel; null when it names none, or a label that more than one channel carries.
     */
    static String placeOf(EngineState state, Call call) {
        if (!call.namesChannel()) return null;
        String selector = call.channel().trim();
        List<Roster.Resolved> found = state.roster.resolve(selector);
        if (call.server() != null && !call.server().isBlank()) {
            found = found.stream().filter(r -> r.server().equals(call.server().trim())).toList();
        }
        List<String> channels = found.stream().map(Roster.Resolved::channel).distinct().toList();
        if (channels.isEmpty()) return selector;
        return channels.size() == 1 ? channels.get(0) : null;
    }

    /** M6: a send holds speech going where it may have posted, or anywhere when its place is unreadable. */
    public boolean holds(String channel) {
        return holdAnywhere || (channel != null && holdPlaces.contains(channel));
    }

    public boolean holding() {
        return holdAnywhere || !holdPlaces.isEmpty();
    }
}
