package dev.routing.engine.prose;

import dev.routing.engine.calls.CallPlan;
import dev.routing.engine.drafts.Claims;
import dev.routing.engine.routes.KeptPrivate;
import java.util.List;
import java.util.Set;

/**
 * What a round's calls mean for its speech, as {@link Calls#plan} reads it before any segment
 * is routed: a private silence (M6's skip_reply, a same-round private think, a silent tick), the
 * explicit-send hold (M6, with #824's place rule), whether it calls the engine's own {@code drafts}
 * tool, and whether it is a drafts round (M7: a drafts call and no send of its own, a resend aside).
 * {@code claims} are the drafts the round's calls take, which its {{unsent}} leaves to them.
 */
public record RoundPlan(List<CallPlan> calls, Claims claims, KeptPrivate silence, boolean privateThink,
        Set<String> holdPlaces, boolean holdAnywhere, boolean callsDrafts, boolean draftsRound) {

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
