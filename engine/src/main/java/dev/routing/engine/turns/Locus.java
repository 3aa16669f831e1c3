package dev.routing.engine.turns;

import dev.routing.engine.context.Because;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.WakeQueued;
import dev.routing.projections.EngineState;
import dev.routing.projections.privacy.StoredMessage;
import dev.routing.projections.roster.AgentSettings;
import java.util.List;

/**
 * Where a public turn's unprefixed speech goes, frozen at its start (RULES M1, P17): a fork's home,
 * else the trigger channel, else a fallback: an open focus's excepted channel, then under
 * {@code latest-inbound} the newest inbound channel. A run takes no fallback.
 */
public record Locus(String channel, String fallback, String trigger) {
    public static final Locus NONE = new Locus(null, null, null);

    public static Locus of(EngineState state, String agent, List<WakeQueued> batch) {
        AgentSettings settings = state.roster.agent(agent);
        String trigger = trigger(state, agent, batch);
        if (settings.home != null) return new Locus(settings.home, null, trigger);
        if (trigger != null) return new Locus(trigger, null, trigger);
        return fallback(state, agent, settings, null);
    }

    /** P17's fallback order, for a turn (or a call) with no channel of its own. */
    public static Locus fallback(EngineState state, String agent, AgentSettings settings, String trigger) {
        if (settings.run) return new Locus(null, null, trigger);
        String focus = state.roster.focus.get(agent);
        if (focus != null) return new Locus(focus, "focus", trigger);
        if (settings.locusPolicy == LocusPolicy.LATEST_INBOUND) {
            String newest = state.turns.newestInbound.get(agent);
            if (newest != null) return new Locus(newest, "latest-inbound", trigger);
        }
        return new Locus(null, null, trigger);
    }

    /**
     * What a public turn's locus rests on (M1, M1a, P17): the agent's settings (a fork's home, its
     * mode); the batch's wakes (the trigger); a fallback's focus or newest inbound message.
     */
    public static void because(Because b, String agent, Locus locus, boolean heartbeat) {
        b.configured(agent);
        if ("focus".equals(locus.fallback())) b.rule("P17").focus(agent);
        else if ("latest-inbound".equals(locus.fallback())) b.rule("P17").inbound(agent);
        else b.rule(heartbeat ? "M1a" : "M1");
    }

    /** The addressed channel wake of the batch, else its newest channel wake. */
    static String trigger(EngineState state, String agent, List<WakeQueued> batch) {
        String newest = null;
        for (WakeQueued w : batch) {
            if (!w.namesChannel()) continue;
            if (addressed(state, agent, w)) return w.channel().trim();
            newest = w.channel().trim();
        }
        return newest;
    }

    private static boolean addressed(EngineState state, String agent, WakeQueued w) {
        for (String id : w.messages()) {
            StoredMessage m = state.privacy.message(agent, id);
            if (m != null && m.addressed) return true;
        }
        return false;
    }
}
