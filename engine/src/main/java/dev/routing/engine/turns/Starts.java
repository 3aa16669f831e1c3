package dev.routing.engine.turns;

import dev.routing.engine.context.Because;
import dev.routing.engine.context.Context;
import dev.routing.engine.drafts.CatchUp;
import dev.routing.engine.notices.Notices;
import dev.routing.engine.privacy.PrivateStart;
import dev.routing.journal.event.TurnContinued;
import dev.routing.journal.event.TurnMadePrivate;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import dev.routing.projections.EngineState;
import dev.routing.projections.privacy.StoredMessage;
import dev.routing.projections.roster.AgentSettings;
import dev.routing.projections.turns.Turn;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** A start: it opens a turn or continues one, and decides whether the turn is private from here. */
public final class Starts {
    private Starts() {}

    /** Decides the start; returns why it takes in private input (null when it does not), for the audit's evidence. */
    public static PrivateStart.Reason decide(Context ctx, TurnStarted start) {
        EngineState state = ctx.state();
        List<WakeQueued> batch = new ArrayList<>();
        String unknownWake = null;
        for (String id : start.wakes()) {
            List<WakeQueued> queued = state.turns.wake(start.agent(), id);
            if (queued.isEmpty() && unknownWake == null) unknownWake = id;
            batch.addAll(queued);
        }
        PrivateStart.Reason reason = ctx.rules().privateTurns()
                ? PrivateStart.why(state, ctx.today(), start.agent(), start.continues(), unknownWake, batch, start.reads()) : null;
        String source = storedSource(state, start.agent(), reason);
        Turn open = start.continues() == null ? null : state.turns.turn(start.continues());
        if (open != null && open.agent.equals(start.agent())) {
            continueTurn(ctx, start, open, batch, reason, source);
        } else {
            openTurn(ctx, start, batch, reason, source);
            if (open != null) contest(ctx, open);
        }
        return reason;
    }

    /** P7, P12: what the stored private input a start answers is, in the resident's words; null for any other reason. */
    private static String storedSource(EngineState state, String agent, PrivateStart.Reason reason) {
        if (reason == null || !PrivateStart.STORED.equals(reason.why())) return null;
        var mark = state.privacy.mark.get(agent);
        int others = mark == null ? 0 : Math.max(0, mark.size() - 1);
        return Notices.storedInput(reason.message(), state.privacy.message(agent, reason.message()), others);
    }

    /**
     * P2: another resident's start claimed this open turn, so the rounds the host reports under its
     * id may be either resident's words: the turn publishes no plain speech from here, and says so.
     */
    private static void contest(Context ctx, Turn turn) {
        if (turn.isPrivate || !ctx.rules().privateTurns()) return;
        ctx.emit(new TurnMadePrivate(ctx.at(), turn.id, "start", PrivateStart.FOREIGN_TURN)).rule("P2").turn(turn.id);
        tellPrivate(ctx, turn, PrivateStart.FOREIGN_TURN);
    }

    /** P12: a turn made private where it stands is told once, and why, unless it began as a silent tick. */
    static void tellPrivate(Context ctx, Turn turn, String why) {
        if (!turn.startSilent && !turn.privateNoticeGiven) {
            ctx.emit(Notices.privateTurn(ctx.at(), turn.agent, turn.id, why)).rule("P12").privateTurn(turn.id);
        }
    }

    private static void openTurn(Context ctx, TurnStarted start, List<WakeQueued> batch, PrivateStart.Reason reason,
            String source) {
        String why = reason == null ? null : reason.why();
        EngineState state = ctx.state();
        AgentSettings settings = state.roster.agent(start.agent());
        long id = state.nextTurn;
        boolean heartbeat = false;
        for (WakeQueued w : batch) heartbeat |= "heartbeat".equals(w.cause());
        boolean isPrivate = why != null;
        boolean locates = !isPrivate && !heartbeat && settings.mode.usesLocus();
        Locus locus = locates ? Locus.of(state, start.agent(), batch) : Locus.NONE;
        // Locus.of has read the trigger already; a turn it does not locate reads it alone.
        String trigger = isPrivate ? null : locates ? locus.trigger() : Locus.trigger(state, start.agent(), batch);
        TurnOpened opened = new TurnOpened(ctx.at(), id, start.agent(), isPrivate, why, locus.channel(), locus.fallback(),
                serverOf(state, locus.channel()), trigger, causes(batch));
        Because b = ctx.emit(opened);
        if (b.keeps()) for (WakeQueued w : batch) b.wake(start.agent(), w.id());
        if (isPrivate) PrivateStart.because(b, start.agent(), reason);
        else Locus.because(b, start.agent(), locus, heartbeat);
        if (isPrivate) {
            announcePrivate(ctx, id, start, why, source);
            nameChannelsHeld(ctx, state.turns.turn(id), channelsTakenIn(state, start.agent(), batch, start.reads()));
        } else if (settings.mode.usesLocus() && !heartbeat) {
            tellRouting(ctx, start.agent(), id, locus.channel(), opened);
        }
        CatchUp.decide(ctx, start.agent(), id);
    }

    /** The batch's wake causes, each once, in the order they first appear (a batch is a wake or a few). */
    private static List<String> causes(List<WakeQueued> batch) {
        List<String> causes = new ArrayList<>(batch.size());
        for (WakeQueued w : batch) {
            if (!causes.contains(w.cause())) causes.add(w.cause());
        }
        return causes;
    }

    private static void continueTurn(Context ctx, TurnStarted start, Turn turn, List<WakeQueued> batch,
            PrivateStart.Reason reason, String source) {
        String why = reason == null ? null : reason.why();
        boolean becomesPrivate = why != null && !turn.isPrivate;
        boolean isPrivate = turn.isPrivate || becomesPrivate;
        // P8: a start that continues a turn speaks as that turn, private when it is (or becomes so here)
        Because b = ctx.emit(new TurnContinued(ctx.at(), turn.id, turn.agent, isPrivate,
                isPrivate ? (becomesPrivate ? why : turn.why) : null)).turn(turn.id);
        if (b.keeps()) for (WakeQueued w : batch) b.wake(start.agent(), w.id());
        if (becomesPrivate) {
            PrivateStart.because(b, start.agent(), reason);
            PrivateStart.because(ctx.emit(new TurnMadePrivate(ctx.at(), turn.id, "start", why)), start.agent(), reason);
        } else {
            b.rule("P8");
            if (turn.isPrivate) b.privateTurn(turn.id);
        }
        if (isPrivate) {
            announcePrivate(ctx, turn.id, start, turn.why, becomesPrivate ? source : null);
            nameChannelsHeld(ctx, turn, channelsTakenIn(ctx.state(), start.agent(), batch, start.reads()));
        } else {
            repin(ctx, turn, batch, start.reads());
        }
    }

    /** M1: what a continuing start takes in may re-pin its locus: its batch's messages, then what it reads (the last one it lists). */
    private static void repin(Context ctx, Turn turn, List<WakeQueued> batch, List<String> reads) {
        List<String> ids = new ArrayList<>();
        for (WakeQueued w : batch) ids.addAll(w.messages());
        for (String id : reads) {
            ids.remove(id);
            ids.add(id);
        }
        LocusMove.repin(ctx, turn, ids);
    }

    /** P12: the resident is told once per turn that it is private, and why; a silent tick is told nothing. */
    static void announcePrivate(Context ctx, long turn, TurnStarted start, String why, String source) {
        Turn t = ctx.state().turns.turn(turn);
        if (start.silent() || (t != null && t.privateNoticeGiven)) return;
        ctx.emit(Notices.privateTurn(ctx.at(), start.agent(), turn, why, source)).rule("P12").privateTurn(turn);
    }

    /**
     * P15: in locus and hybrid mode a private turn names, once, each channel whose message it took
     * in; ambient and system messages, whose wakes are dropped once answered, are not named.
     */
    public static void nameChannelsHeld(Context ctx, Turn turn, Set<String> channels) {
        if (turn == null || !turn.mode.usesLocus() || channels.isEmpty()) return;
        List<String> fresh = channels.stream().filter(c -> !turn.channelsNamed.contains(c)).toList();
        if (!fresh.isEmpty()) ctx.emit(Notices.channelsHeld(ctx.at(), turn.agent, turn.id, fresh)).rule("P15").privateTurn(turn.id);
    }

    /**
     * E1: the channels of what a start takes in: each wake of its batch (its own channel and its
     * messages', an ambient or system one's included: the start took its wake), then what it reads
     * whose wake it did not take, but for ambient and system messages, whose wakes are dropped once
     * the turn has read and answered them, and for arrivals removed from the history meanwhile.
     */
    private static Set<String> channelsTakenIn(EngineState state, String agent, List<WakeQueued> batch, List<String> reads) {
        Set<String> channels = new LinkedHashSet<>();
        for (WakeQueued w : batch) {
            if (w.namesChannel()) channels.add(w.channel().trim());
            for (String id : w.messages()) {
                StoredMessage m = state.privacy.message(agent, id);
                if (m != null && m.channel != null) channels.add(m.channel);
            }
        }
        for (String id : reads) {
            StoredMessage m = state.privacy.message(agent, id);
            // An arrival removed from the history before this start is not there to answer.
            if (m != null && m.channel != null && !m.ambientOrSystem() && m.onBranch) channels.add(m.channel);
        }
        return channels;
    }

    /** 0.30.0's record of what the agent was last told: a routing notice when it changes. */
    private static void tellRouting(Context ctx, String agent, long turn, String channel, TurnOpened opened) {
        String told = ctx.state().privacy.lastTold.get(agent);
        String now = channel == null ? "" : channel;
        if (told == null && channel == null) return;
        if (now.equals(told)) return;
        ctx.emit(Notices.routing(ctx.at(), agent, turn, channel)).rule("M1").decision(opened);
    }

    static String serverOf(EngineState state, String channel) {
        if (channel == null) return null;
        var regs = state.roster.channels.get(channel);
        return regs != null && regs.size() == 1 ? regs.firstKey() : null;
    }
}
