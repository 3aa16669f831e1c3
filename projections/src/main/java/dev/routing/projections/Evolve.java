package dev.routing.projections;

import dev.routing.journal.event.*;
import dev.routing.projections.drafts.Draft;
import dev.routing.projections.drafts.DraftBook;
import dev.routing.projections.privacy.PrivacyRecord;
import dev.routing.projections.privacy.StoredMessage;
import dev.routing.projections.publish.Attempt;
import dev.routing.projections.publish.AttemptBook;
import dev.routing.projections.retention.Retention;
import dev.routing.projections.roster.AgentSettings;
import dev.routing.projections.turns.Turn;
import java.util.List;
import java.util.TreeSet;

/**
 * {@code evolve(state, event)}: what is true after one journal entry. Pure: it reads nothing but
 * the state and the entry, and the state it returns is the one it was given, changed in place (the
 * fold owns its state, as an LMAX core owns its model).
 *
 * <p>Fold order: a fact's own bookkeeping folds after the decisions it caused, so that
 * {@code decide} sees the state as it stood when the fact arrived. {@link Fold} keeps that order
 * for replay; the runtime keeps it live.
 */
public final class Evolve {
    // Loops over an entry's lists index them (every list an entry holds is random access): an
    // iterator per loop was a tenth of what a fold allocated.
    private Evolve() {}

    public static EngineState evolve(EngineState s, Entry e) {
        s.entries++;
        if (e instanceof Fact f) {
            s.clockMillis = Math.max(s.clockMillis, f.at().toEpochMilli());
            sweepIds(s, f);
            fact(s, f);
            s.drafts.factFolded();
        } else if (e instanceof Decision d) {
            decision(s, d);
        }
        return s;
    }

    /** At the first fact of a UTC day, retention lets go the message and turn ids it no longer keeps. */
    private static void sweepIds(EngineState s, Fact f) {
        long today = Retention.today(s.clockMillis, f.at());
        if (today <= s.retention.idsSweptDay) return;
        s.retention.idsSweptDay = today;
        s.privacy.letGoBefore(Retention.keptFrom(today));
        s.turns.ledger.letGoBefore(Retention.keptFrom(today));
    }

    private static void fact(EngineState s, Fact f) {
        if (f instanceof AgentConfigured c) s.roster.evolve(c);
        else if (f instanceof ChannelRegistered c) s.roster.evolve(c);
        else if (f instanceof FocusOpened o) s.roster.evolve(o);
        else if (f instanceof FocusClosed c) s.roster.evolve(c);
        else if (f instanceof MessageReceived m) message(s, m);
        else if (f instanceof WakeQueued w) s.turns.queue(w);
        else if (f instanceof TurnStarted t) started(s, t);
        else if (f instanceof ToolBoundary b) boundary(s, b);
        else if (f instanceof RoundSpoken r) spoken(s, r);
        else if (f instanceof TurnEnded t) ended(s, t);
        else if (f instanceof HistoryChanged h) history(s, h);
        else if (f instanceof EngineStarted e) s.rules = e.rules();
        else if (f instanceof ProcessRestarted) restarted(s);
        // script.called and publish.settled change nothing by themselves: their decisions do.
    }

    /** Every open turn ends, aborted; D7: the notices given while one was open may never have been recorded. */
    private static void restarted(EngineState s) {
        for (Turn turn : s.turns.open.values()) s.drafts.restarted(turn.agent, turn.noticesBefore);
        s.turns.open.keySet().stream().toList().forEach(s.turns::close);
    }

    private static void message(EngineState s, MessageReceived m) {
        StoredMessage stored = StoredMessage.of(m);
        // P2: work that names a turn never assigned names no known turn, as 0 does, for good (fail closed).
        if (stored.workTurn != null && stored.workTurn >= s.nextTurn) stored.workTurn = 0L;
        StoredMessage before = s.privacy.message(m.agent(), m.id());
        // P7: only what this message is sets the mark; a reused id's private words were marked when stored.
        if (s.privacy.isPrivateInput(stored)) s.privacy.markOf(m.agent()).add(m.id());
        // P2, fail closed: an id that named private input, or work that may yet be (P3: judged as
        // its turn stands), goes on counting as private input once a message classified otherwise
        // is stored under it: a start or a boundary that names it cannot be shown public.
        if (before != null && before.mayBePrivate() && (before.unclassified != null || !stored.classifiesAs(before))) {
            stored.unclassified = StoredMessage.REUSED;
        }
        s.privacy.store(m.agent(), m.id(), stored);
        if (stored.channel != null) s.turns.newestInbound.put(m.agent(), stored.channel);
    }

    private static void started(EngineState s, TurnStarted t) {
        s.turns.take(t.agent(), t.wakes());
        // The turn this start decided: the one it continues if that is open and the agent's, else the one it opened.
        Turn turn = t.continues() == null ? null : s.turns.turn(t.continues());
        if (turn == null || !turn.agent.equals(t.agent())) turn = s.turns.openTurnOf(t.agent());
        List<String> reads = t.reads();
        Long readIn = turn == null ? null : turn.id;
        long today = Retention.today(s.clockMillis, t.at());
        for (int i = 0; i < reads.size(); i++) {
            // P2, P7: a silent start leaves what it read to the next start, an id it cannot classify too
            if (t.silent()) s.privacy.markIfUnclassifiable(t.agent(), reads.get(i), today);
            s.privacy.markRead(t.agent(), reads.get(i), readIn, today);
        }
        if (turn != null) {
            turn.startSilent = t.silent();
            turn.streamBegun = false;
            turn.markAtStart(s.privacy.mark.get(t.agent()));
        }
    }

    private static void boundary(EngineState s, ToolBoundary b) {
        Turn turn = s.turns.turn(b.turn());
        if (turn == null) return;
        boolean live = !b.endsTurn() && !turn.startSilent;
        TreeSet<String> mark = s.privacy.mark.get(turn.agent);
        List<String> injected = b.injected();
        long today = Retention.today(s.clockMillis, b.at());
        for (int i = 0; i < injected.size(); i++) {
            String id = injected.get(i);
            // P7 / R1-1d: a live boundary answers what it injects; one that ends its turn does not,
            // and leaves an id it cannot classify to the next start as it would private input (P2).
            if (live && mark != null) mark.remove(id);
            if (!live) s.privacy.markIfUnclassifiable(turn.agent, id, today);
            s.privacy.markRead(turn.agent, id, live ? turn.id : null, today);
        }
        if (!injected.isEmpty()) turn.endHold();
    }

    private static void spoken(EngineState s, RoundSpoken r) {
        Turn turn = s.turns.turn(r.turn());
        if (turn == null) return;
        turn.rounds++;
        if (!turn.streamBegun) {
            turn.streamBegun = true;
            // P7: the mark is spent once the stream of a start that can publish begins, for the
            // input stored before that start: what came in since waits for the next one.
            TreeSet<String> mark = s.privacy.mark.get(turn.agent);
            if (!turn.startSilent && mark != null) {
                mark.removeAll(turn.markAtStart);
                if (mark.isEmpty()) s.privacy.mark.remove(turn.agent);
            }
            turn.markAtStart(null);
        }
    }

    /** D7: a turn whose receipt waits for its attempts is kept until the receipt is issued. */
    private static void ended(EngineState s, TurnEnded t) {
        Turn turn = s.turns.close(t.turn());
        if (turn != null && turn.writesReceipt() && turn.attemptsOut(s.attempts)) s.turns.awaitingReceipt.put(turn.id, turn);
    }

    private static void history(EngineState s, HistoryChanged h) {
        // D7: whether a draft counts as named follows the notices on the agent's current branch
        List<Long> off = h.removedNotices();
        for (int i = 0; i < off.size(); i++) s.drafts.noticeRemoved(h.agent(), off.get(i), s.lastNotice);
        List<Long> on = h.restoredNotices();
        for (int i = 0; i < on.size(); i++) s.drafts.noticeRestored(h.agent(), on.get(i));
        // a change that puts ids back gives the agent its (maybe empty) map of messages, as checkpoints have always shown
        if (!h.restored().isEmpty()) s.privacy.messagesOf(h.agent());
        for (String id : h.removed()) {
            StoredMessage m = s.privacy.message(h.agent(), id);
            if (m != null) s.privacy.branch(h.agent(), id, m, false);
        }
        for (String id : h.restored()) {
            StoredMessage m = s.privacy.message(h.agent(), id);
            if (m != null) s.privacy.branch(h.agent(), id, m, true);
            // P2, P9: back on the branch, yet neither stored nor a public message let go: the history
            // now holds what the engine cannot classify
            else if (!s.privacy.forgottenHolds(h.agent(), id, Retention.today(s.clockMillis, h.at()))) s.privacy.store(h.agent(), id, StoredMessage.unknown());
        }
    }

    private static void decision(EngineState s, Decision d) {
        if (d instanceof TurnOpened o) opened(s, o);
        else if (d instanceof TurnContinued c) continued(s, c);
        else if (d instanceof TurnMadePrivate p) madePrivate(s, p);
        else if (d instanceof TurnLocusMoved m) locusMoved(s, m);
        else if (d instanceof SpeechRouted r) routed(s, r);
        else if (d instanceof ToolDecided t) toolDecided(s, t);
        else if (d instanceof PublishRequested p) requested(s, p);
        else if (d instanceof PublishOutcome o) outcome(s, o);
        else if (d instanceof DraftHeld h) held(s, h);
        else if (d instanceof DraftDismissed x) dismissed(s, x);
        else if (d instanceof DraftLetGo g) letGo(s, g);
        else if (d instanceof NoticeIssued n) notice(s, n);
        else if (d instanceof RetentionCheckpoint) {
            s.retention.draftEntries = 0;
            s.drafts.forgetSpentNotices();
        }
    }

    private static void opened(EngineState s, TurnOpened o) {
        s.nextTurn = Math.max(s.nextTurn, o.turn() + 1);
        AgentSettings settings = s.roster.agent(o.agent());
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
        turn.noticesBefore = s.lastNotice;
        s.turns.open(turn, Retention.today(s.clockMillis, o.at()));
        if (turn.isPrivate) s.privacy.notePrivateTurn(turn.id);
        List<String> causes = o.causes();
        boolean bounceOnly = !causes.isEmpty();
        for (int i = 0; i < causes.size(); i++) bounceOnly &= "bounce".equals(causes.get(i));
        if (bounceOnly) turn.bounceStreak = s.turns.bounceStreak.getOrDefault(o.agent(), 0);
        else s.turns.bounceStreak.remove(o.agent());
    }

    private static void continued(EngineState s, TurnContinued c) {
        Turn turn = s.turns.turn(c.turn());
        if (turn != null && c.isPrivate() && !turn.isPrivate) makePrivate(s, turn, c.why());
    }

    private static void madePrivate(EngineState s, TurnMadePrivate p) {
        Turn turn = s.turns.turn(p.turn());
        if (turn != null) makePrivate(s, turn, p.why());
        // A turn no longer open (or never opened by this journal: only a damaged one names it) is kept private all the same.
        else if (p.turn() < s.nextTurn) s.privacy.notePrivateTurn(p.turn());
    }

    /** P4: a private turn loses its locus, trigger channel and sticky destination, for good. */
    private static void makePrivate(EngineState s, Turn turn, String why) {
        turn.isPrivate = true;
        turn.why = why;
        turn.locus = null;
        turn.locusServer = null;
        turn.fallback = null;
        turn.trigger = null;
        turn.sticky = null;
        turn.stickyServer = null;
        s.privacy.notePrivateTurn(turn.id);
    }

    private static void locusMoved(EngineState s, TurnLocusMoved m) {
        Turn turn = s.turns.turn(m.turn());
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

    private static void routed(EngineState s, SpeechRouted r) {
        Turn turn = s.turns.turn(r.turn());
        if (turn == null) return;
        if ("private".equals(r.route().kind())) turn.keptPrivate(r.route().why());
        // M3: a delivered envelope resets the bounce-wake streak.
        if (r.route().isPublish() && r.envelope() != null) {
            s.turns.bounceStreak.remove(turn.agent);
            turn.bounceStreak = 0;
        }
    }

    private static void toolDecided(EngineState s, ToolDecided t) {
        if (!t.countsAsSend() || t.turn() == null) return;
        Turn turn = s.turns.turn(t.turn());
        if (turn == null) return;
        if (t.place() == null) {
            turn.holdAnywhere = true;
        } else {
            turn.holdPlace(t.place());
            turn.sentTo(t.place());
        }
    }

    private static void requested(EngineState s, PublishRequested p) {
        s.nextAttempt = Math.max(s.nextAttempt, p.attempt() + 1);
        // The entry's own box, for every map and list that keeps the id.
        Long id = p.attempt();
        Attempt a = new Attempt();
        a.id = id;
        a.agent = p.agent();
        a.channel = p.channel();
        a.server = p.server();
        a.via = p.via();
        a.text = p.text();
        a.drafts = p.drafts();
        a.queued = p.queued();
        a.confirmDuplicate = p.confirmDuplicate();
        a.envelope = Boolean.TRUE.equals(p.envelope());
        a.turn = p.turn();
        a.requestedAtMillis = p.at().toEpochMilli();
        s.attempts.forgetUnknownBefore(a.requestedAtMillis - AttemptBook.KEEP_UNKNOWN_MILLIS);
        s.attempts.attempts.put(id, a);
        s.attempts.out.put(id, a);
        if (p.turn() != null) {
            Turn turn = s.turns.withReceiptDue(p.turn());
            if (turn != null) {
                turn.requested(id, a.channel);
                a.privateTurn = turn.isPrivate;
            }
        }
        List<String> drafts = p.drafts();
        for (int i = 0; i < drafts.size(); i++) {
            Draft d = s.drafts.get(p.agent(), drafts.get(i));
            if (d == null) continue;
            d.outAttempt = id;
            d.attempts.add(id);
            d.touchedMillis = a.requestedAtMillis;
            d.queuedBehind = null;
        }
        List<String> queued = p.queued();
        for (int i = 0; i < queued.size(); i++) {
            Draft d = s.drafts.get(p.agent(), queued.get(i));
            if (d != null) d.queuedBehind = id;
        }
        if (!drafts.isEmpty()) s.retention.draftEntries++;
    }

    private static void outcome(EngineState s, PublishOutcome o) {
        Long id = o.attempt();
        Attempt a = s.attempts.get(id);
        if (a == null) return;
        if (a.out()) a.settledAtMillis = o.at().toEpochMilli();
        s.attempts.out.remove(id);
        a.outcome = o.outcome();
        for (int i = 0; i < a.drafts.size(); i++) {
            Draft d = s.drafts.get(a.agent, a.drafts.get(i));
            if (d == null) continue;
            if (d.outAttempt != null && d.outAttempt == a.id) d.outAttempt = null;
            d.touchedMillis = o.at().toEpochMilli();
            switch (o.outcome()) {
                case "delivered" -> {
                    d.delivered = true;
                    s.drafts.recheck(d);
                }
                case "unknown" -> {
                    d.unconfirmed = true;
                    d.risk = true;
                }
                default -> { }
            }
        }
        for (int i = 0; i < a.queued.size(); i++) {
            Draft d = s.drafts.get(a.agent, a.queued.get(i));
            if (d != null && d.queuedBehind != null && d.queuedBehind == a.id) d.queuedBehind = null;
        }
        a.queued = List.of();
        if (!a.drafts.isEmpty()) s.retention.draftEntries++;
        // The receipt reads a settled attempt's outcome from its turn once the book lets it go (D7).
        Turn turn = a.turn == null ? null : s.turns.withReceiptDue(a.turn);
        if (turn != null) turn.settled(id, o.outcome());
        if (!"unknown".equals(o.outcome())) s.attempts.attempts.remove(id);
    }

    private static void held(EngineState s, DraftHeld h) {
        DraftBook book = s.drafts;
        book.drawn++;
        Draft d = new Draft();
        d.id = h.draft();
        d.agent = h.agent();
        d.cause = h.cause();
        d.text = h.text();
        d.risk = h.risk();
        d.seq = book.nextSeq++;
        d.turn = h.turn();
        d.heldAtMillis = h.at().toEpochMilli();
        d.touchedMillis = d.heldAtMillis;
        book.put(d);
        TreeSet<String> gone = book.letGo.get(h.agent());
        if (gone != null) gone.remove(d.id);
        if ("bounced".equals(d.cause)) book.latestBounce.put(h.agent(), d.id);
        if (h.turn() != null) {
            Turn turn = s.turns.withReceiptDue(h.turn());
            if (turn != null) turn.held(d.id, h.quiet());
        }
        s.retention.draftEntries++;
    }

    private static void dismissed(EngineState s, DraftDismissed x) {
        Draft d = s.drafts.get(x.agent(), x.draft());
        if (d == null) return;
        d.dismissed = true;
        s.drafts.recheck(d);
        d.touchedMillis = x.at().toEpochMilli();
        s.drafts.latestBounce.remove(x.agent(), x.draft());
        s.retention.draftEntries++;
    }

    private static void letGo(EngineState s, DraftLetGo g) {
        s.drafts.remove(g.agent(), g.draft());
        s.drafts.latestBounce.remove(g.agent(), g.draft());
        TreeSet<String> gone = s.drafts.letGo.computeIfAbsent(g.agent(), a -> new TreeSet<>());
        gone.add(g.draft());
        while (gone.size() > DraftBook.REMEMBERED_LET_GO) gone.pollFirst();
    }

    private static void notice(EngineState s, NoticeIssued n) {
        Turn turn = n.turn() == null ? null : s.turns.withReceiptDue(n.turn());
        if (turn != null && "receipt".equals(n.kind())) s.turns.awaitingReceipt.remove(turn.id);
        if (turn != null) {
            // One record of the channels named in a turn (E1): the routing notice that says where
            // plain speech now goes names the locus, which is not a channel "named" in that sense.
            List<String> channels = n.names().channels();
            boolean nowGoesTo = "routing".equals(n.kind()) && channels.size() == 1 && String.valueOf(turn.locus).equals(channels.get(0));
            if (!nowGoesTo) turn.named(channels);
            turn.draftsNamed(n.names().drafts());
            if ("private-turn".equals(n.kind())) turn.privateNoticeGiven = true;
        }
        if (n.notice() != null) s.lastNotice = Math.max(s.lastNotice, n.notice());
        List<String> drafts = n.names().drafts();
        if (!drafts.isEmpty()) {
            s.drafts.named(n.agent(), n.notice(), drafts, n.at().toEpochMilli());
            s.retention.draftEntries++;
        }
        if ("bounce".equals(n.kind()) && n.wake()) {
            // M3: the agent's streak, which a turn that bounce wakes alone open carries on; and the
            // bounce's own turn's, never the current turn's when the bounce came late
            s.turns.bounceStreak.merge(n.agent(), 1, Integer::sum);
            if (turn != null) turn.bounceStreak++;
        }
        PrivacyRecord privacy = s.privacy;
        if ("private-turn".equals(n.kind())) privacy.lastTold.put(n.agent(), "");
        else if ("routing".equals(n.kind())) {
            privacy.lastTold.put(n.agent(), n.names().channels().isEmpty() ? "" : n.names().channels().get(0));
        }
    }
}
