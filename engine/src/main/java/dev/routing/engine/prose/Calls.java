package dev.routing.engine.prose;

import dev.routing.engine.attempts.Destination;
import dev.routing.engine.calls.CallPlan;
import dev.routing.engine.calls.SendTools;
import dev.routing.engine.context.Context;
import dev.routing.engine.drafts.Claims;
import dev.routing.engine.drafts.DraftsTool;
import dev.routing.engine.publish.ChannelPublish;
import dev.routing.engine.routes.KeptPrivate;
import dev.routing.engine.routes.LocusMoveReason;
import dev.routing.engine.turns.LocusMove;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.ToolDecided;
import dev.routing.projections.EngineState;
import dev.routing.projections.roster.Roster;
import dev.routing.projections.turns.Turn;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A round's calls, each worked out once ({@link CallPlan}) before the round's speech is routed, in
 * order, each against what the calls before it take ({@link Claims}); answered after the speech,
 * each with its {@code tool.decided}. A call the agent was not permitted to make (the host says so,
 * or the agent's {@code tools} leave out a tool the engine carries out) counts for nothing.
 */
final class Calls {
    private Calls() {}

    /** What the round's calls mean for its speech: each call's plan, then what they come to together. */
    static RoundPlan plan(Context ctx, Turn turn, RoundSpoken round) {
        Claims claims = new Claims();
        List<CallPlan> calls = plans(ctx, turn, round, claims);
        KeptPrivate silence = turn.startSilent ? KeptPrivate.SILENT : null;
        // A copy of the turn's places, which the round's own decisions change as they fold; made
        // only when there is something to copy, as most rounds hold nowhere.
        TreeSet<String> places = turn.holdPlaces.isEmpty() ? null : new TreeSet<>(turn.holdPlaces);
        boolean anywhere = turn.holdAnywhere;
        boolean drafts = false;
        boolean ownSend = false;
        boolean sendsSilence = turn.mode.usesLocus();
        for (CallPlan call : calls) {
            if (call.kind() == CallPlan.Kind.SKIP_REPLY && silence == null) silence = KeptPrivate.SKIP_REPLY;
            // A refused call counts for nothing: not a drafts round's call, not a send (M6, M7).
            if (call.kind() == CallPlan.Kind.DRAFTS && call.allowed()) drafts = true;
            if (!call.send()) continue;
            if (call.kind() != CallPlan.Kind.DRAFTS) ownSend = true;
            if (!sendsSilence) continue;
            if (call.place() == null) anywhere = true;
            else {
                if (places == null) places = new TreeSet<>();
                places.add(call.place());
            }
        }
        if (silence == null && round.privateThink()) silence = KeptPrivate.PRIVATE_THINK;
        return new RoundPlan(calls, claims, silence, round.privateThink(), places == null ? Set.of() : places, anywhere,
                drafts, drafts && !ownSend);
    }

    private static List<CallPlan> plans(Context ctx, Turn turn, RoundSpoken round, Claims claims) {
        boolean sendsSilence = turn.mode.usesLocus();
        List<CallPlan> plans = new ArrayList<>(round.calls().size());
        for (int i = 0; i < round.calls().size(); i++) {
            plans.add(plan(ctx, turn, round.round(), i, round.calls().get(i), sendsSilence, claims));
        }
        return plans;
    }

    private static CallPlan plan(Context ctx, Turn turn, int round, int index, Call call, boolean sendsSilence, Claims claims) {
        String tool = call.tool();
        boolean relevant = SendTools.isDecided(tool);
        // The host's word on every call; the agent's tools (as its turn opened) on the calls the engine
        // itself carries out: either refusal counts the call for nothing.
        if (!call.permitted() || (SendTools.isCarriedOutByEngine(tool) && !turn.mayCall(tool))) {
            ToolDecided refused = relevant ? new ToolDecided(ctx.at(), turn.id, round, index, tool, false, null,
                    "the agent may not call " + tool + ": it counts for nothing", turn.agent, null, null, null) : null;
            // M6: a call the agent was not permitted to make counts for nothing
            if (refused != null) ctx.because(refused).rule("M6").turn(turn.id).configured(turn.agent);
            return CallPlan.nothing(refused);
        }
        if (SendTools.isSkipReply(tool)) return CallPlan.skipReply();
        if (SendTools.isChannelPublish(tool)) return ChannelPublish.plan(ctx, turn, round, index, call, sendsSilence);
        if (SendTools.isDrafts(tool)) return DraftsTool.plan(ctx, turn, round, index, call, sendsSilence, claims);
        if (SendTools.isChannelOpen(tool)) return channelOpen(ctx, turn, round, index, call);
        if (!relevant) return CallPlan.nothing(null);
        String place = placeOf(ctx.state(), call);
        ToolDecided sent = new ToolDecided(ctx.at(), turn.id, round, index, tool, true, place, null,
                turn.agent, null, sendsSilence ? true : null, sendsSilence ? place : null);
        // M6: a send tool the host carries out; in locus and hybrid mode it holds the round's speech going where it posts
        ctx.because(sent).rule("M6").turn(turn.id);
        return CallPlan.sending(CallPlan.Kind.SEND, sent, place, CallPlan.Effect.NONE);
    }

    /** P14: a private turn's channel_open opens the channel for reading only; a public turn's moves its locus. */
    private static CallPlan channelOpen(Context ctx, Turn turn, int round, int index, Call call) {
        String channel = call.namesChannel() ? call.channel().trim() : null;
        String result = turn.isPrivate ? "opened for reading; this turn's plain speech stays private"
                : "opened; later plain speech goes there";
        ToolDecided answer = new ToolDecided(ctx.at(), turn.id, round, index, call.tool(), channel != null, channel,
                channel == null ? "channel_open needs a channel" : null, turn.agent, result, null, null);
        if (turn.isPrivate) ctx.because(answer).rule("P14").privateTurn(turn.id);
        else ctx.because(answer).rule("M1").turn(turn.id);
        boolean moves = channel != null && !turn.isPrivate && turn.mode.usesLocus() && !channel.equals(turn.locus);
        return CallPlan.answered(CallPlan.Kind.CHANNEL_OPEN, answer,
                moves ? c -> LocusMove.emit(c, turn, channel, LocusMoveReason.CHANNEL_OPEN) : CallPlan.Effect.NONE);
    }

    /**
     * #824: where a host-carried send may have posted, read from the channel it names: the channel
     * id its selector (an id or a label) resolves to, or the selector itself when it names no
     * registered channel; null when it names none, or a label that more than one channel carries.
     */
    static String placeOf(EngineState state, Call call) {
        if (!call.namesChannel()) return null;
        String selector = call.channel().trim();
        String place = null;
        for (Roster.Resolved r : Destination.onServer(state.roster.resolve(selector), call.server())) {
            if (place == null) place = r.channel();
            else if (!place.equals(r.channel())) return null;
        }
        return place == null ? selector : place;
    }
}
