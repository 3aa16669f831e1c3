package dev.routing.projections;

import dev.routing.journal.event.*;
import dev.routing.projections.drafts.DraftEvolve;
import dev.routing.projections.privacy.PrivacyEvolve;
import dev.routing.projections.publish.AttemptEvolve;
import dev.routing.projections.retention.Retention;
import dev.routing.projections.turns.TurnEvolve;

/**
 * {@code evolve(state, event)}: what is true after one journal entry. Pure: it reads nothing but
 * the state and the entry, and the state it returns is the one it was given, changed in place (the
 * fold owns its state, as an LMAX core owns its model).
 *
 * <p>This is the one dispatch: each concept's evolve lives beside its book, in its package, where the
 * rule that decides it names it ({@code roster.Roster}, {@code turns.TurnEvolve},
 * {@code privacy.PrivacyEvolve}, {@code drafts.DraftEvolve}, {@code publish.AttemptEvolve}); this
 * class keeps the counters every concept shares (ids, the clock) and the retention sweep.
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
        else if (f instanceof MessageReceived m) TurnEvolve.message(s.turns, s.privacy, m, s.nextTurn);
        else if (f instanceof WakeQueued w) s.turns.queue(w);
        else if (f instanceof TurnStarted t) TurnEvolve.started(s.turns, s.privacy, t, s.clockMillis);
        else if (f instanceof ToolBoundary b) TurnEvolve.boundary(s.turns, s.privacy, b, s.clockMillis);
        else if (f instanceof RoundSpoken r) TurnEvolve.spoken(s.turns, s.privacy, r);
        else if (f instanceof TurnEnded t) TurnEvolve.ended(s.turns, t, s.attempts.out);
        else if (f instanceof HistoryChanged h) {
            DraftEvolve.history(s.drafts, h, s.lastNotice);
            PrivacyEvolve.history(s.privacy, h, s.clockMillis);
        } else if (f instanceof EngineStarted e) s.rules = e.rules();
        else if (f instanceof ProcessRestarted) {
            DraftEvolve.restarted(s.drafts, s.turns);
            TurnEvolve.restarted(s.turns);
        }
        // script.called and publish.settled change nothing by themselves: their decisions do.
    }

    private static void decision(EngineState s, Decision d) {
        if (d instanceof TurnOpened o) {
            s.nextTurn = Math.max(s.nextTurn, o.turn() + 1);
            TurnEvolve.opened(s.turns, s.roster, s.privacy, o, s.clockMillis, s.lastNotice);
        } else if (d instanceof TurnContinued c) TurnEvolve.continued(s.turns, s.privacy, c);
        else if (d instanceof TurnMadePrivate p) TurnEvolve.madePrivate(s.turns, s.privacy, p, s.nextTurn);
        else if (d instanceof TurnLocusMoved m) TurnEvolve.locusMoved(s.turns, m);
        else if (d instanceof SpeechRouted r) TurnEvolve.routed(s.turns, r);
        else if (d instanceof ToolDecided t) TurnEvolve.toolDecided(s.turns, t);
        else if (d instanceof PublishRequested p) {
            s.nextAttempt = Math.max(s.nextAttempt, p.attempt() + 1);
            AttemptEvolve.requested(s.attempts, s.turns, s.drafts, s.retention, p);
        } else if (d instanceof PublishOutcome o) AttemptEvolve.outcome(s.attempts, s.turns, s.drafts, s.retention, o);
        else if (d instanceof DraftHeld h) DraftEvolve.held(s.drafts, s.turns, s.retention, h);
        else if (d instanceof DraftDismissed x) DraftEvolve.dismissed(s.drafts, s.retention, x);
        else if (d instanceof DraftLetGo g) DraftEvolve.letGo(s.drafts, g);
        else if (d instanceof NoticeIssued n) notice(s, n);
        else if (d instanceof RetentionCheckpoint) DraftEvolve.retentionCheckpoint(s.drafts, s.retention);
    }

    /** A notice: its turn (E1, D7, M3), the notice ids (D7), the drafts it names (D7), what the resident was told (P). */
    private static void notice(EngineState s, NoticeIssued n) {
        TurnEvolve.notice(s.turns, n);
        if (n.notice() != null) s.lastNotice = Math.max(s.lastNotice, n.notice());
        DraftEvolve.notice(s.drafts, s.retention, n);
        PrivacyEvolve.notice(s.privacy, n);
    }
}
