package dev.routing.engine.publish;

import dev.routing.engine.attempts.Attempts;
import dev.routing.engine.attempts.Destination;
import dev.routing.engine.calls.CallPlan;
import dev.routing.engine.context.Because;
import dev.routing.engine.context.Context;
import dev.routing.engine.turns.Locus;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.ToolDecided;
import dev.routing.projections.EngineState;
import dev.routing.projections.roster.AgentSettings;
import dev.routing.projections.turns.Turn;
import java.util.List;

/**
 * {@code channel_publish}: where it goes, or why it is refused. One that names a channel goes
 * there (P11), resolved strictly (O4). One that names none is refused in a private turn (P13: the
 * model's by its own turn, a script's by the turn that started it) and for a {@code named} agent
 * (M5); otherwise, as on 0.30.0, it goes to its turn's channel, else the fallback.
 */
public final class ChannelPublish {
    public static final String TOOL = "channel_publish";
    private static final String PRIVATE_REFUSAL = "Nothing was posted: this turn has taken in private input, so "
            + "channel_publish must name its channel";
    static final String NAMED_REFUSAL = "Nothing was posted: channel_publish needs a channelId, since nothing "
            + "is sent to a default channel. channel_list shows the channel ids.";

    private ChannelPublish() {}

    /** Where a call goes, the RULES id of the rule that decided it, and the fallback it took (P17), if any. */
    private record Target(Destination to, String rule, String fallback) {
        Target(Destination to, String rule) {
            this(to, rule, null);
        }
    }

    /**
     * Where a {@code channel_publish} goes for a turn (open, or null once it ended: then
     * {@code ended} is the channel the ledger kept for it).
     */
    private static Target target(Context ctx, Turn turn, String ended, String agent, boolean turnPrivate, String channel,
            String server) {
        EngineState state = ctx.state();
        if (server != null && server.isBlank()) return new Target(Destination.refused("Nothing was posted: " + Destination.EMPTY_SERVER), "O4");
        if (channel != null && !channel.isBlank()) {
            Destination to = Destination.resolve(state, channel, server);
            return new Target(to, to.ok() ? "P11" : "O4");
        }
        AgentSettings settings = state.roster.agent(agent);
        if (ctx.rules().privateTurns() && turnPrivate) {
            // B4: the refusal points to channel_list only for an agent that may call it.
            return new Target(Destination.refused(PRIVATE_REFUSAL
                    + ((turn != null ? turn.mayCall("channel_list") : settings.mayCall("channel_list"))
                            ? " (channel_list shows the channel ids)." : ".")), "P13");
        }
        // M5: judged by the mode the turn opened in (a new mode takes effect at the next turn).
        Mode mode = turn != null ? turn.mode : settings.mode;
        if (mode == Mode.NAMED) return new Target(Destination.refused(NAMED_REFUSAL), "M5");
        // As on 0.30.0: the turn's own channel (kept past its end for a script left running), else the fallback.
        String own = turn != null ? turn.channel() : ended;
        String fallback = null;
        if (own == null) {
            Locus fb = Locus.fallback(state, agent, settings, null);
            own = fb.channel();
            fallback = fb.fallback();
        }
        if (own == null) {
            return new Target(Destination.refused("Nothing was posted: this turn has no channel; name one (channel_list shows the channel ids)."),
                    "P17");
        }
        return new Target(Destination.resolve(state, own, server), "P17", fallback);
    }

    /** What a call's answer rests on: the turn (its privacy, for P13), the channel it names, the agent's settings. */
    private static void because(Because b, Target t, String agent, long turn, String channel) {
        b.rule(t.rule()).turn(turn);
        switch (t.rule()) {
            case "P13" -> b.privateTurn(turn);
            case "M5" -> b.configured(agent);
            case "P17" -> {
                if ("focus".equals(t.fallback())) b.focus(agent);
                else if ("latest-inbound".equals(t.fallback())) b.inbound(agent);
                else b.locus(turn);
            }
            default -> { }
        }
        if (channel != null && !channel.isBlank()) b.channel(channel.trim());
    }

    /** The model's call in a round: where it goes or why it is refused, and on success its attempt. */
    public static CallPlan plan(Context ctx, Turn turn, int round, int index, Call call, boolean sendsSilence) {
        Target t = target(ctx, turn, null, turn.agent, turn.isPrivate, call.channel(), call.server());
        Destination to = t.to();
        ToolDecided answer = answer(ctx, turn.agent, turn.id, round, index, to, sendsSilence);
        because(ctx.because(answer), t, turn.agent, turn.id, call.channel());
        CallPlan.Effect effect = request(turn.agent, turn.id, to, call.text(), t.rule(), answer);
        return to.ok() ? CallPlan.sending(CallPlan.Kind.CHANNEL_PUBLISH, answer, to.channel(), effect)
                : CallPlan.answered(CallPlan.Kind.CHANNEL_PUBLISH, answer, effect);
    }

    /**
     * A script's call, judged by the turn that started the script as it stands now (P13); one left
     * running past a public turn's end goes where that turn spoke, as on 0.30.0.
     */
    static void decideScript(Context ctx, String agent, long startTurn, boolean turnPrivate, String channel, String server,
            String text) {
        Turn turn = ctx.state().turns.turn(startTurn);
        String ended = turn == null ? ctx.state().turns.endedChannel(startTurn, ctx.today()) : null;
        Target t = target(ctx, turn, ended, agent, turnPrivate, channel, server);
        Destination to = t.to();
        ToolDecided answer = answer(ctx, agent, startTurn, null, null, to, false);
        because(ctx.emit(answer), t, agent, startTurn, channel);
        request(agent, startTurn, to, text, t.rule(), answer).apply(ctx);
    }

    private static ToolDecided answer(Context ctx, String agent, long turn, Integer round, Integer index, Destination to,
            boolean countsAsSend) {
        boolean send = to.ok() && countsAsSend;
        return new ToolDecided(ctx.at(), turn, round, index, TOOL, to.ok(), to.channel(), to.refusal(), agent,
                to.ok() ? "published to " + to.channel() : to.refusal(), send ? true : null, send ? to.channel() : null);
    }

    private static CallPlan.Effect request(String agent, long turn, Destination to, String text, String rule, ToolDecided answer) {
        if (!to.ok()) return CallPlan.Effect.NONE;
        return ctx -> Attempts.request(ctx, agent, turn, to, text == null ? "" : text, List.of(), Attempts.CHANNEL_PUBLISH)
                .rule(rule).decision(answer);
    }

}
