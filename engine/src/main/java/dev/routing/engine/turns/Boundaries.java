package dev.routing.engine.turns;

import dev.routing.engine.context.Context;
import dev.routing.engine.drafts.HeldNotice;
import dev.routing.engine.notices.Notices;
import dev.routing.engine.privacy.PrivateStart;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.ToolBoundary;
import dev.routing.journal.event.TurnMadePrivate;
import dev.routing.projections.EngineState;
import dev.routing.projections.privacy.StoredMessage;
import dev.routing.projections.turns.Turn;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** A tool-result boundary: private input injected here makes the turn private from here (P5). */
public final class Boundaries {
    private Boundaries() {}

    /** Decides the boundary; returns why it made its turn private (null when it did not), for the audit's evidence. */
    public static PrivateStart.Reason decide(Context ctx, ToolBoundary boundary) {
        EngineState state = ctx.state();
        Turn turn = state.turns.turn(boundary.turn());
        if (turn == null) return null;
        // C4: a boundary that ends its turn leaves it as it was; its input waits for the next start.
        boolean takesIn = !boundary.endsTurn() && ctx.rules().privateTurns();
        PrivateStart.Reason reason = takesIn && !turn.isPrivate
                ? PrivateStart.atBoundary(state, ctx.today(), turn.agent, boundary.injected()) : null;
        String why = reason == null ? null : reason.why();
        Set<String> channels = Set.of();
        Set<String> elsewhere = Set.of();
        for (String id : boundary.injected()) {
            StoredMessage m = state.privacy.message(turn.agent, id);
            if (m == null) continue;
            if (m.channel != null && !m.ambientOrSystem() && (m.addressed || followsUp(turn, m))) {
                channels = with(channels, m.channel);
            }
            if (m.channel != null && m.addressed && !m.ambientOrSystem() && !m.channel.equals(turn.locus)) {
                elsewhere = with(elsewhere, m.channel);
            }
        }
        if (why != null) {
            PrivateStart.because(ctx.emit(new TurnMadePrivate(ctx.at(), turn.id, "boundary", why)), turn.agent, reason);
            Starts.tellPrivate(ctx, turn, why);
        }
        if (!boundary.endsTurn()) tellAddressedElsewhere(ctx, turn, elsewhere);
        if (turn.isPrivate) {
            Starts.nameChannelsHeld(ctx, turn, channels);
        } else if (!boundary.endsTurn()) {
            LocusMove.repin(ctx, turn, boundary.injected());
        }
        if (!boundary.endsTurn()) HeldNotice.decide(ctx, turn);
        return reason;
    }

    /** The channels, in the order first named, with one more; made on the first, as most boundaries name none. */
    private static Set<String> with(Set<String> channels, String channel) {
        Set<String> grown = channels.isEmpty() ? new LinkedHashSet<>() : channels;
        grown.add(channel);
        return grown;
    }

    /**
     * E1, 0.30.0: under delivery a live boundary that injects a room's message that addressed the
     * agent from another channel than its locus tells it so, once per channel per turn; the private
     * turn's own notice reads the same record, so it names what this one did not.
     */
    private static void tellAddressedElsewhere(Context ctx, Turn turn, Set<String> elsewhere) {
        if (turn.locusPolicy != LocusPolicy.DELIVERY || !turn.mode.usesLocus()) return;
        List<String> fresh = elsewhere.stream().filter(c -> !turn.channelsNamed.contains(c)).toList();
        if (!fresh.isEmpty()) {
            ctx.emit(Notices.addressedElsewhere(ctx.at(), turn.agent, turn.id, fresh, turn.isPrivate ? null : turn.locus))
                    .rule("P15").turn(turn.id);
        }
    }

    /**
     * E1: under delivery a private turn's boundary also names an unaddressed message that follows up
     * where the turn sent (0.30.0's notice names only those that addressed the agent); under
     * latest-inbound it names what 0.30.0 would re-pin to, the addressed ones.
     */
    private static boolean followsUp(Turn turn, StoredMessage m) {
        return turn.locusPolicy == LocusPolicy.DELIVERY && turn.sentTo.contains(m.channel);
    }
}
