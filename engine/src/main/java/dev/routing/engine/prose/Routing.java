package dev.routing.engine.prose;

import dev.routing.engine.attempts.Attempts;
import dev.routing.engine.attempts.Destination;
import dev.routing.engine.context.Because;
import dev.routing.engine.context.Context;
import dev.routing.engine.drafts.Bounces;
import dev.routing.engine.drafts.Expansion;
import dev.routing.engine.drafts.Holding;
import dev.routing.engine.envelopes.Envelope;
import dev.routing.engine.notices.Notices;
import dev.routing.engine.routes.HoldCause;
import dev.routing.engine.routes.KeptPrivate;
import dev.routing.engine.routes.LocusMoveReason;
import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.TurnLocusMoved;
import dev.routing.projections.turns.Turn;
import java.util.List;

/**
 * Routes one segment of a round (RULES M1-M8, P4, P11, P12, D1, D2, D5); a small object so each rule
 * reads as one method. It reads the segment's {{unsent}} from the {@link Expansion} made before it
 * (never from the drafts), so a segment sees one latest bounce from start to end.
 */
final class Routing {
    private final Context ctx;
    private final Turn turn;
    private final int round;
    private final int index;
    private final RoundPlan plan;
    private final Expansion unsent;
    private final List<NoticeIssued> notices;
    boolean emitted;
    boolean keptByPrivateTurn;

    Routing(Context ctx, Turn turn, int round, int index, RoundPlan plan, Expansion unsent, List<NoticeIssued> notices) {
        this.ctx = ctx;
        this.turn = turn;
        this.round = round;
        this.index = index;
        this.plan = plan;
        this.unsent = unsent;
        this.notices = notices;
    }

    void route(Envelope e) {
        if (e.prefixed() && e.empty()) {
            wordless(e);
            return;
        }
        if (!e.prefixed() && e.body().isBlank()) return;
        if (plan.silence() != null) {
            // D5: hybrid's >>>skip_reply {{unsent}} sets the latest bounce aside in a skip_reply round
            // too, unless the round has a private think.
            if (plan.silence() == KeptPrivate.SKIP_REPLY && !plan.privateThink() && turn.mode == Mode.HYBRID
                    && e.skipReply() && unsent.mentions()) setAside();
            // M6: skip_reply and a private think outrank a send; D2: a silent tick's words are never drafted
            keep(e, plan.silence()).rule(plan.silence() == KeptPrivate.SILENT ? "D2" : "M6").turn(turn.id);
        } else if (turn.mode == Mode.NAMED) {
            keep(e, KeptPrivate.NAMED).rule("M5").turn(turn.id);
        } else if (turn.mode == Mode.DISABLED) {
            keep(e, KeptPrivate.DISABLED).rule("M4").turn(turn.id);
        } else if (turn.isPrivate) {
            privateTurn(e);
        } else if (e.prefixed()) {
            envelope(e);
        } else {
            unprefixed(e);
        }
    }

    /**
     * An envelope with no words: nothing to route. One that names a destination still moves the
     * sticky target (and its {@code !} still asks for a continuation); hybrid's bare
     * {@code >>>skip_reply} keeps what follows private; a bare malformed one routes nowhere.
     */
    private void wordless(Envelope e) {
        if (plan.silence() != null || turn.mode == Mode.NAMED || turn.mode == Mode.DISABLED || e.malformed()) return;
        if (e.skipReply()) {
            if (turn.mode == Mode.HYBRID && !turn.isPrivate) stickTo(Envelope.SKIP_REPLY, null);
            return;
        }
        Destination to = Destination.resolve(ctx.state(), e.target(), null);
        if (!to.ok()) return;
        stick(to, e);
        continuation(e);
    }

    /**
     * P4, P11, P12: a private turn keeps its words private; an envelope naming a channel still goes
     * there, and one that bounces keeps its words private too (a bounce notice, no draft).
     */
    private void privateTurn(Envelope e) {
        if (!e.prefixed()) {
            keptByPrivateTurn = true;
            keep(e, KeptPrivate.PRIVATE_TURN).rule("P4").privateTurn(turn.id);
            return;
        }
        if (e.skipReply()) {
            if (unsent.mentions()) setAside();
            keep(e, KeptPrivate.SKIP_REPLY).rule(envelopeRule());
            return;
        }
        Destination to = e.malformed() ? null : Destination.resolve(ctx.state(), e.target(), null);
        if (to == null || !to.ok()) {
            privateBounce(e, to == null ? "the envelope names no target" : to.refusal());
            return;
        }
        if (plan.holds(to.channel()) || plan.silencedDraftsRound()) {
            holdEnvelope(e);
        } else if (!unsent.mentions()) {
            // P11: a deliberate envelope still reaches the channel it names
            publish(e, to, true, "P11");
        } else if (unsent.sendable()) {
            sendUnsent(e, to);
        } else {
            privateBounce(e, "{{unsent}} names nothing that can be sent now");
        }
        continuation(e);
    }

    /** P12: a private turn's bounce keeps its words private, and tells the resident as a bounce does. */
    private void privateBounce(Envelope e, String why) {
        keep(e, KeptPrivate.PRIVATE_TURN).rule("P12").privateTurn(turn.id);
        NoticeIssued told = Notices.privateBounce(ctx.at(), turn.agent, turn.id, why, false, unsent.names(),
                Bounces.wakes(ctx, turn.agent, turn.id), turn.mode == Mode.HYBRID ? ">>>" : ">>");
        ctx.because(told).rule("P12").privateTurn(turn.id);
        notices.add(told);
    }

    private void envelope(Envelope e) {
        if (e.skipReply()) {
            if (unsent.mentions()) setAside();
            if (turn.mode == Mode.HYBRID) stickTo(Envelope.SKIP_REPLY, null);
            keep(e, KeptPrivate.SKIP_REPLY).rule(envelopeRule());
            return;
        }
        Destination to = e.malformed() ? null : Destination.resolve(ctx.state(), e.target(), null);
        if (to == null || !to.ok()) {
            String why = to == null ? "the envelope names no target" : to.refusal();
            // M2: after a malformed or unresolved envelope hybrid holds the rest until a destination is named.
            if (turn.mode == Mode.HYBRID) stickTo(Turn.HELD, null);
            // #824: a send whose place cannot be read holds speech going anywhere; M7: a silenced
            // drafts round holds a refused or malformed envelope with no notice.
            if (plan.holdAnywhere() || plan.silencedDraftsRound()) {
                holdAsRead(e, HoldCause.EXPLICIT_SEND, plan.draftsRound(), plan.silencedDraftsRound() ? "M7" : "M6");
            } else {
                bounce(e, why);
            }
            return;
        }
        stick(to, e);
        if (plan.holds(to.channel()) || plan.silencedDraftsRound()) {
            holdEnvelope(e);
        } else if (unsent.mentions()) {
            sendUnsent(e, to);
        } else {
            publish(e, to, true, envelopeRule());
        }
        continuation(e);
    }

    private void unprefixed(Envelope e) {
        if (Envelope.SKIP_REPLY.equals(turn.sticky)) {
            keep(e, KeptPrivate.SKIP_REPLY).rule("M2").locus(turn.id);
            return;
        }
        if (Turn.HELD.equals(turn.sticky)) {
            noDestination(e, "M2");
            return;
        }
        // M1, M2, M3: explicit mode's plain speech goes only to its sticky target; locus and hybrid
        // prefer the sticky target, then the locus (a heartbeat's turn starts with none, M1a).
        String destination = turn.mode == Mode.EXPLICIT ? turn.sticky
                : turn.sticky != null ? turn.sticky : turn.locus;
        Destination to = destination == null ? null : Destination.resolve(ctx.state(), destination,
                destination.equals(turn.sticky) ? turn.stickyServer : turn.locusServer);
        if (to == null || !to.ok()) {
            noDestination(e, turn.mode == Mode.EXPLICIT ? "M3" : turn.heartbeat ? "M1a" : "M1");
        } else if (turn.mode != Mode.EXPLICIT && (plan.holds(to.channel()) || plan.silencedDraftsRound())) {
            silenced(e);
        } else {
            boolean sticky = destination.equals(turn.sticky);
            publish(e, to, sticky, sticky ? envelopeRule() : "M1");
        }
    }

    /** Plain speech with nowhere to go (M1, M1a, M3, M7); {@code rule} is why it has none. */
    private void noDestination(Envelope e, String rule) {
        if (turn.mode != Mode.EXPLICIT && (plan.holdAnywhere() || plan.silencedDraftsRound())) {
            // #824: a send whose place cannot be read may have posted anywhere.
            silenced(e);
            return;
        }
        if (turn.mode != Mode.EXPLICIT) {
            // M1: held with no destination; beside a drafts call with no notice mid-turn (M7).
            hold(e, e.published(), HoldCause.NO_DESTINATION, plan.callsDrafts(), false, plan.callsDrafts() ? "M7" : rule,
                    true);
            return;
        }
        if (!plan.callsDrafts() && !turn.heartbeat) {
            bounce(e, "plain speech in explicit mode needs a >>target");
            return;
        }
        // M7 (and M1a for a heartbeat's turn): held as the bounce would hold it, with no bounce
        // notice and no wake; a bare {{unsent}} is the latest bounce itself, already held.
        if (unsent.exact() && unsent.latest() != null) {
            keep(e, KeptPrivate.DRAFTS_ROUND).rule("M7");
            return;
        }
        if (namesNothing(e, "plain speech in explicit mode needs a >>target")) return;
        hold(e, unsent.heldWords(), HoldCause.NO_DESTINATION, plan.callsDrafts(),
                unsent.risk(), plan.callsDrafts() ? "M7" : "M1a", false);
    }

    /** M6: speech going where a send may have posted; M7: a drafts round keeps it instead. */
    private void silenced(Envelope e) {
        if (plan.draftsRound()) keep(e, KeptPrivate.DRAFTS_ROUND).rule("M7").send(turn.id);
        else hold(e, e.raw(), HoldCause.EXPLICIT_SEND, false, false, "M6", false);
    }

    /** A send held an addressed envelope: the draft holds the message it would have published. */
    private void holdEnvelope(Envelope e) {
        if (unsent.latest() == null && namesNothing(e, "{{unsent}} names no bounce")) return;
        String words = unsent.heldWords();
        hold(e, words, HoldCause.EXPLICIT_SEND, plan.draftsRound(), unsent.risk(),
                plan.silencedDraftsRound() ? "M7" : "M6", false);
    }

    /** A refused or malformed envelope held rather than bounced: as routing read it (D1). */
    private void holdAsRead(Envelope e, HoldCause cause, boolean quiet, String rule) {
        if (namesNothing(e, "the envelope's target was refused")) return;
        hold(e, unsent.heldWords(), cause, quiet,
                unsent.risk(), rule, false);
    }

    /** M3: {@code TARGET !} asks for a continuation, whatever became of the envelope's words. */
    private void continuation(Envelope e) {
        if (!e.continuation()) return;
        NoticeIssued more = Notices.continuation(ctx.at(), turn.agent, turn.id, e.target());
        ctx.because(more).rule("M3");
        notices.add(more);
    }

    /**
     * An envelope's {{unsent}} send (D5). When {{unsent}} names nothing sendable, the envelope sends
     * nothing: its own words are held as a bounce with {{unsent}} written out from the draft it
     * names, that draft's risk carried; a bare {{unsent}} holds nothing new (it is that draft, or
     * nothing) and a short notice says nothing was sent.
     */
    private void sendUnsent(Envelope e, Destination to) {
        emitted = true;
        if (unsent.sendText() == null) {
            if (unsent.bare()) {
                Because kept = speech(e.published(), Route.keptPrivate(KeptPrivate.NOTHING_TO_SEND.wire()), e).rule("D5");
                NoticeIssued told = Notices.nothingSent(ctx.at(), turn.agent, turn.id, unsent.whyNot(), unsent.namesLeft());
                Because b = ctx.because(told).rule("D5");
                if (unsent.latest() != null) {
                    kept.draft(turn.agent, unsent.latest());
                    b.draft(turn.agent, unsent.latest());
                }
                notices.add(told);
                return;
            }
            String id = Bounces.hold(ctx, turn.agent, turn.id, unsent.heldWords(), unsent.risk()).rule("D5").turn(turn.id).id();
            speech(unsent.heldWords(), Route.bounced(id), e).rule("D5");
            NoticeIssued told = Bounces.notice(ctx, turn.agent, turn.id, id, unsent.whyNot(), false, Bounces.prefix(turn.mode));
            ctx.because(told).rule("D5").draft(turn.agent, id);
            notices.add(told);
            return;
        }
        SpeechRouted routed = new SpeechRouted(ctx.at(), turn.id, round, index, unsent.sendText(),
                Route.publish(to.channel(), to.server()), turn.agent, e.target());
        ctx.emit(routed).rule("D5").draft(turn.agent, unsent.sent()).channel(to.channel());
        Attempts.request(ctx, turn.agent, turn.id, to, unsent.sendText(), List.of(unsent.sent()), Attempts.UNSENT).rule("D5")
                .decision(routed);
    }

    /**
     * {@code >>skip_reply {{unsent}}} sets the latest bounce aside. While that draft is being sent (its
     * attempt is out, or a resend owns it) it leaves the draft and tells the resident (D5).
     */
    private void setAside() {
        Expansion.SetAside aside = unsent.setAside();
        if (aside == null) return;
        if (aside.refused()) {
            NoticeIssued told = Notices.notSetAside(ctx.at(), turn.agent, turn.id, aside.draft(), aside.outAttempt());
            Because b = ctx.because(told).rule("D5").draft(turn.agent, aside.draft());
            if (aside.outAttempt() != null) b.attempt(aside.outAttempt());
            notices.add(told);
            return;
        }
        ctx.emit(new DraftDismissed(ctx.at(), aside.draft(), turn.agent, aside.risk())).rule("D5").draft(turn.agent, aside.draft());
    }

    /** The rule an envelope's own routing follows: hybrid's (M2) or explicit's (M3). */
    private String envelopeRule() {
        return turn.mode == Mode.HYBRID ? "M2" : "M3";
    }

    private Because keep(Envelope e, KeptPrivate why) {
        return speech(e.asRead(), Route.keptPrivate(why.wire()), e);
    }

    /**
     * {@code rule}: why the words are held; {@code nowhere}: they had no destination (the turn's
     * locus or target is what they rest on), else a send of the turn held them (M6).
     */
    private void hold(Envelope e, String words, HoldCause cause, boolean quiet, boolean risk, String rule, boolean nowhere) {
        String draft = Holding.hold(ctx, turn.agent, turn.id, words, cause, risk, quiet).rule(rule).turn(turn.id).id();
        Because b = speech(words, Route.held(draft, cause.wire()), e).rule(rule);
        if (nowhere) b.locus(turn.id);
        else if (cause == HoldCause.EXPLICIT_SEND) b.send(turn.id);
    }

    /** D1, D5: a bounce holds the envelope's words, never its routing prefix, {{unsent}} expanded. */
    private void bounce(Envelope e, String why) {
        if (namesNothing(e, why)) return;
        String words = unsent.heldWords();
        boolean risk = unsent.risk();
        String draft = Bounces.hold(ctx, turn.agent, turn.id, words, risk).rule(envelopeRule()).turn(turn.id).id();
        speech(words, Route.bounced(draft), e).rule(envelopeRule());
        NoticeIssued told = Bounces.notice(ctx, turn.agent, turn.id, draft, why, Bounces.wakes(ctx, turn.agent, turn.id),
                Bounces.prefix(turn.mode));
        ctx.because(told).rule(envelopeRule()).draft(turn.agent, draft);
        notices.add(told);
    }

    /**
     * D5: a bare {@code {{unsent}}} that would be held or bounced holds nothing new: it is the
     * latest bounce itself, already held, or nothing, and the placeholder is never held (so never
     * posted). The segment is kept, and a short notice says nothing was sent.
     */
    private boolean namesNothing(Envelope e, String why) {
        if (!unsent.bare()) return false;
        keep(e, KeptPrivate.NOTHING_TO_SEND).rule("D5");
        NoticeIssued told = Notices.nothingSent(ctx.at(), turn.agent, turn.id, why, unsent.namesLeft());
        ctx.because(told).rule("D5");
        notices.add(told);
        return true;
    }

    /**
     * {@code envelope}: words an envelope addressed, its sticky target's included, whose failed
     * delivery bounces; {@code rule}: what sends them there (the locus M1, an envelope M2/M3, P11).
     */
    private void publish(Envelope e, Destination to, boolean envelope, String rule) {
        String text = e.published();
        SpeechRouted routed = new SpeechRouted(ctx.at(), turn.id, round, index, text, Route.publish(to.channel(), to.server()),
                turn.agent, addressed(e));
        Because b = ctx.emit(routed).rule(rule).channel(to.channel());
        emitted = true;
        // an envelope names its destination itself; unprefixed speech goes where the turn's locus or target stood
        if (!e.prefixed()) b.locus(turn.id);
        Because requested = envelope ? Attempts.requestEnvelope(ctx, turn.agent, turn.id, to, text)
                : Attempts.request(ctx, turn.agent, turn.id, to, text, List.of(), Attempts.SPEECH);
        requested.rule(rule).decision(routed);
    }

    private void stick(Destination to, Envelope e) {
        // B2: in a private turn an envelope sets no sticky destination.
        if (turn.isPrivate || (turn.mode != Mode.HYBRID && turn.mode != Mode.EXPLICIT)) return;
        if (to.channel().equals(turn.sticky)) return;
        stickTo(to.channel(), to.server());
    }

    private void stickTo(String channel, String server) {
        if (channel.equals(turn.sticky)) return;
        ctx.emit(new TurnLocusMoved(ctx.at(), turn.id, channel, server, LocusMoveReason.ENVELOPE.wire(), true))
                .rule(envelopeRule()).turn(turn.id);
    }

    private Because speech(String text, Route route, Envelope e) {
        emitted = true;
        return ctx.emit(new SpeechRouted(ctx.at(), turn.id, round, index, text, route, turn.agent, addressed(e)));
    }

    /** What a segment's envelope addressed, as {@code speech.routed.envelope} says it; null for unprefixed speech. */
    private static String addressed(Envelope e) {
        return e.prefixed() ? (e.target() == null ? "" : e.target()) : null;
    }
}
