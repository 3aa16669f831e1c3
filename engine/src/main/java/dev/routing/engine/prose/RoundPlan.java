package dev.routing.engine.prose;

import dev.routing.engine.attempts.Destination;
import dev.routing.engine.calls.CallPlan;
import dev.routing.engine.context.Context;
import dev.routing.engine.drafts.Claims;
import dev.routing.engine.routes.KeptPrivate;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.projections.EngineState;
import dev.routing.projections.roster.Roster;
import dev.routing.projections.turns.Turn;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a round's calls mean for its speech, read from their plans ({@link Calls}) before any segment
 * is routed: a private silence (M6's skip_reply, a same-round private think, a silent tick), the
 * explicit-send hold (M6, with #824's place rule), whether it calls the engine's own {@code drafts}
 * tool, and whether it is a drafts round (M7: a drafts call and no send of its own, a resend aside).
 * {@code claims} are the drafts the round's calls take, which its {{unsent}} leaves to them.
 */
public record RoundPlan(List<CallPlan> calls, Claims claims, KeptPrivate silence, boolean privateThink,
        Set<String> holdPlaces, boolean holdAnywhere, boolean callsDrafts, boolean draftsRound) {

    public static RoundPlan of(Context ctx, Turn turn, RoundSpoken round) {
        Claims claims = new Claims();
        List<CallPlan> calls = Calls.plan(ctx, turn, round, claims);
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

    /** M6: a send holds speech going where it may have posted, or anywhere when its place is unreadable. */
    public boolean holds(String channel) {
        return holdAnywhere || (channel != null && holdPlaces.contains(channel));
    }

    public boolean holding() {
        return holdAnywhere || !holdPlaces.isEmpty();
    }

    /**
     * M7: a drafts round of a turn a send silenced: the whole round, wherever its words go, keeps
     * its plain speech private and holds what its envelopes addressed with no notice mid-turn
     * (drafts-round.txt: a send to #a, then {@code >>>#ops ...} beside a resend, is held).
     */
    public boolean silencedDraftsRound() {
        return draftsRound && holding();
    }
}
