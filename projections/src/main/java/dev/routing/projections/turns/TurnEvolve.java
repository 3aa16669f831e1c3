package dev.routing.projections.turns;

import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.ToolBoundary;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.event.TurnContinued;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnLocusMoved;
import dev.routing.journal.event.TurnMadePrivate;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import dev.routing.projections.privacy.PrivacyEvolve;
import dev.routing.projections.privacy.PrivacyRecord;
import dev.routing.projections.privacy.StoredMessage;
import dev.routing.projections.retention.Retention;
import dev.routing.projections.roster.AgentSettings;
import dev.routing.projections.roster.Roster;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The turns' evolve (RULES B2, M1-M3, M6, P4, P7, D7): what opening, starting, speaking in, moving
 * and ending a turn leave in the turn book, and the privacy marks a turn spends (P7).
 */
public final class TurnEvolve {
    private TurnEvolve() {}

    /** A stored message (P2, P7), and the channel the agent last heard from. */
    public static void message(TurnBook turns, PrivacyRecord privacy, MessageReceived m, long nextTurn) {
        StoredMessage stored = PrivacyEvolve.message(privacy, m, nextTurn);
        if (stored.channel != null) turns.newestInbound.put(m.agent(), stored.channel);
    }

    public static void started(TurnBook turns, PrivacyRecord privacy, TurnStarted t, long clockMillis) {
        turns.take(t.agent(), t.wakes());
        // The turn this start decided: the one it continues if that is open and the agent's, else the one it opened.
        Turn turn = t.continues() == null ? null : turns.turn(t.continues());
        if (turn == null || !turn.agent.equals(t.agent())) turn = turns.openTurnOf(t.agent());
        List<String> reads = t.reads();
        Long readIn = turn == null ? null : turn.id;
        long today = Retention.today(clockMillis, t.at());
        for (int i = 0; i < reads.size(); i++) {
            // P2, P7: a silent start leaves what it read to the next start, an id it cannot classify too
            if (t.silent()) privacy.markIfUnclassifiable(t.agent(), reads.get(i), today);
            privacy.markRead(t.agent(), reads.get(i), readIn, today);
        }
        if (turn != null) {
            turn.startSilent = t.silent();
            turn.streamBegun = false;
            turn.markAtStart(privacy.mark.get(t.agent()));
        }
    }

    public static void boundary(TurnBook turns, PrivacyRecord privacy, ToolBoundary b, long clockMillis) {
        Turn turn = turns.turn(b.turn());
        if (turn == null) return;
        boolean live = !b.endsTurn() && !turn.startSilent;
        TreeSet<String> mark = privacy.mark.get(turn.agent);
        List<String> injected = b.injected();
        long today = Retention.today(clockMillis, b.at());
        for (int i = 0; i < injected.size(); i++) {
            String id = injected.get(i);
            // P7 / R1-1d: a live boundary answers what it injects; one that ends its turn does not,
            // and leaves an id it cannot classify to the next start as it would private input (P2).
            if (live && mark != null) mark.remove(id);
            if (!live) privacy.markIfUnclassifiable(turn.agent, id, today);
            privacy.markRead(turn.agent, id, live ? turn.id : null, today);
        }
        if (!injected.isEmpty()) turn.endHold();
    }

    public static void spoken(TurnBook turns, PrivacyRecord privacy, RoundSpoken r) {
        Turn turn = turns.turn(r.turn());
        if (turn == null) return;
        turn.rounds++;
        if (!turn.streamBegun) {
            turn.streamBegun = true;
            // P7: the mark is spent once the stream of a start that can publish begins, for the
            // input stored before that start: what came in since waits for the next one.
            TreeSet<String> mark = privacy.mark.get(turn.agent);
            if (!turn.startSilent && mark != null) {
                mark.removeAll(turn.markAtStart);
                if (mark.isEmpty()) privacy.mark.remove(turn.agent);
            }
            turn.markAtStart(null);
        }
    }

    /** D7: a turn whose receipt waits for its attempts ({@code attemptsOut}: the attempt book's) is kept until the receipt is issued. */
    public static void ended(TurnBook turns, TurnEnded t, Map<Long, ?> attemptsOut) {
        Turn turn = turns.close(t.turn());
        if (turn != null && turn.writesReceipt() && turn.attemptsOut(attemptsOut)) turns.awaitingReceipt.put(turn.id, turn);
    }

    /** A process restart closes every open turn. */
    public static void restarted(TurnBook turns) {
        turns.open.keySet().stream().toList().forEach(turns::close);
    }

    /** {@code lastNotice}: the newest notice id given before the turn opened (D7: what a restart in it takes off the branch). */
    public static void opened(TurnBook turns, Roster roster, PrivacyRecord privacy, TurnOpened o, long clockMillis, long lastNotice) {
        AgentSettings settings = roster.agent(o.agent());
        Turn turn = new Turn();
        turn.id = o.turn();
        turn.agent = o.agent();
        turn.mode = settings.mode;
        turn.locusPolicy = settings.locusPolicy;
        turn.home = settings.home;
        turn.tools = settings.tools;
        turn.isPrivate = o.isPrivate();
        turn.why = o.why();
        turn.locus = o.locus();
        turn.locusServer = o.server();
        turn.fallback = o.fallback();
        turn.trigger = o.trigger();
        turn.heartbeat = o.heartbeat();
        turn.noticesBefore = lastNotice;
        turns.open(turn, Retention.today(clockMillis, o.at()));
        if (turn.isPrivate) privacy.notePrivateTurn(turn.id);
        List<String> causes = o.causes();
        boolean bounceOnly = !causes.isEmpty();
        for (int i = 0; i < causes.size(); i++) bounceOnly &= "bounce".equals(causes.get(i));
        if (bounceOnly) turn.bounceStreak = turns.bounceStreak.getOrDefault(o.agent(), 0);
        else turns.bounceStreak.remove(o.agent());
    }

    public static void continued(TurnBook turns, PrivacyRecord privacy, TurnContinued c) {
        Turn turn = turns.turn(c.turn());
        if (turn != null && c.isPrivate() && !turn.isPrivate) makePrivate(privacy, turn, c.why());
    }

    /** {@code nextTurn}: the next turn id, so a turn never opened is not kept. */
    public static void madePrivate(TurnBook turns, PrivacyRecord privacy, TurnMadePrivate p, long nextTurn) {
        Turn turn = turns.turn(p.turn());
        if (turn != null) makePrivate(privacy, turn, p.why());
        // A turn no longer open (or never opened by this journal: only a damaged one names it) is kept private all the same.
        else if (p.turn() < nextTurn) privacy.notePrivateTurn(p.turn());
    }

    /** P4: a private turn loses its locus, trigger channel and sticky destination, for good. */
    private static void makePrivate(PrivacyRecord privacy, Turn turn, String why) {
        turn.isPrivate = true;
        turn.why = why;
        turn.locus = null;
        turn.locusServer = null;
        turn.fallback = null;
        turn.trigger = null;
        turn.sticky = null;
        turn.stickyServer = null;
        privacy.notePrivateTurn(turn.id);
    }

    public static void locusMoved(TurnBook turns, TurnLocusMoved m) {
        Turn turn = turns.turn(m.turn());
        if (turn == null || turn.isPrivate) return;
        if (m.sticky()) {
            turn.sticky = m.locus();
            turn.stickyServer = m.server();
            return;
        }
        turn.locus = m.locus();
        turn.locusServer = m.server();
        turn.fallback = null;
    }

    public static void routed(TurnBook turns, SpeechRouted r) {
        Turn turn = turns.turn(r.turn());
        if (turn == null) return;
        if ("private".equals(r.route().kind())) turn.keptPrivate(r.route().why());
        // M3: a delivered envelope resets the bounce-wake streak.
        if (r.route().isPublish() && r.envelope() != null) {
            turns.bounceStreak.remove(turn.agent);
            turn.bounceStreak = 0;
        }
    }

    public static void toolDecided(TurnBook turns, ToolDecided t) {
        if (!t.countsAsSend() || t.turn() == null) return;
        Turn turn = turns.turn(t.turn());
        if (turn == null) return;
        if (t.place() == null) {
            turn.holdAnywhere = true;
        } else {
            turn.holdPlace(t.place());
            turn.sentTo(t.place());
        }
    }

    /** What a notice leaves in its turn (E1, D7) and in the agent's bounce-wake streak (M3). */
    public static void notice(TurnBook turns, NoticeIssued n) {
        Turn turn = n.turn() == null ? null : turns.withReceiptDue(n.turn());
        if (turn != null && "receipt".equals(n.kind())) turns.awaitingReceipt.remove(turn.id);
        if (turn != null) {
            // One record of the channels named in a turn (E1): the routing notice that says where
            // plain speech now goes names the locus, which is not a channel "named" in that sense.
            List<String> channels = n.names().channels();
            boolean nowGoesTo = "routing".equals(n.kind()) && channels.size() == 1 && String.valueOf(turn.locus).equals(channels.get(0));
            if (!nowGoesTo) turn.named(channels);
            turn.draftsNamed(n.names().drafts());
            if ("private-turn".equals(n.kind())) turn.privateNoticeGiven = true;
        }
        if ("bounce".equals(n.kind()) && n.wake()) {
            // M3: the agent's streak, which a turn that bounce wakes alone open carries on; and the
            // bounce's own turn's, never the current turn's when the bounce came late
            turns.bounceStreak.merge(n.agent(), 1, Integer::sum);
            if (turn != null) turn.bounceStreak++;
        }
    }
}
