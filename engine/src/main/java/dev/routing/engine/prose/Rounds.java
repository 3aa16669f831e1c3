package dev.routing.engine.prose;

import dev.routing.engine.Context;
import dev.routing.engine.drafts.Holding;
import dev.routing.engine.drafts.Unsent;
import dev.routing.engine.notices.Notices;
import dev.routing.engine.publish.Attempts;
import dev.routing.engine.publish.Destination;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.TurnLocusMoved;
import dev.routing.projections.turns.Turn;
import java.util.ArrayList;
import java.util.List;

/**
 * A round's plain speech, segment by segment (RULES M1-M8, P4, P11, P12, D1, D2), then its calls,
 * then its notices. Each segment goes where the route stood when it was written (M8).
 */
public final class Rounds {
    private Rounds() {}

    public static void decide(Context ctx, RoundSpoken round) {
        Turn turn = ctx.state().turns.turn(round.turn());
        if (turn == null) return;
        RoundPlan plan = RoundPlan.of(ctx, turn, round);
        List<NoticeIssued> notices = new ArrayList<>();
        int index = 0;
        int keptPrivateTurn = 0;
        for (Envelope segment : segments(turn.mode, round.text())) {
            Routing routing = new Routing(ctx, turn, round.round(), index, plan, notices);
            routing.route(segment);
            if (routing.keptByPrivateTurn) keptPrivateTurn++;
            if (routing.emitted) index++;
        }
        Calls.decide(ctx, turn, round, plan);
        if (keptPrivateTurn > 0 && turn.mode == Mode.EXPLICIT) {
            notices.add(Notices.keptPrivate(ctx.at(), turn.agent, turn.id, keptPrivateTurn));
        }
        notices.forEach(ctx::emit);
    }

    /** locus, disabled and named read a round as one segment; hybrid and explicit split it into envelopes. */
    static List<Envelope> segments(Mode mode, String text) {
        return switch (mode) {
            case HYBRID -> EnvelopeParser.HYBRID.parse(text);
            case EXPLICIT -> EnvelopeParser.EXPLICIT.parse(text);
            default -> text.isEmpty() ? List.of() : List.of(new Envelope(false, null, false, text, text));
        };
    }

    /** Routes one segment; a small object so each rule reads as one method. */
    private static final class Routing {
        private final Context ctx;
        private final Turn turn;
        private final int round;
        private final int index;
        private final RoundPlan plan;
        private final List<NoticeIssued> notices;
        boolean emitted;
        boolean keptByPrivateTurn;

        Routing(Context ctx, Turn turn, int round, int index, RoundPlan plan, List<NoticeIssued> notices) {
            this.ctx = ctx;
            this.turn = turn;
            this.round = round;
            this.index = index;
            this.plan = plan;
            this.notices = notices;
        }

        void route(Envelope e) {
            if (e.prefixed() && !e.malformed() && !e.skipReply() && e.empty()) {
                // An envelope that only names a destination moves the sticky target and holds nothing.
                if (plan.silence() == null && !turn.isPrivate && turn.mode != Mode.NAMED && turn.mode != Mode.DISABLED) {
                    Destination to = Destination.resolve(ctx.state(), e.target(), null);
                    if (to.ok()) stick(to, e);
                }
                return;
            }
            if (!e.prefixed() && e.body().isBlank()) return;
            if (plan.silence() != null) {
                keep(e, plan.silence());
            } else if (turn.mode == Mode.NAMED) {
                keep(e, "named");
            } else if (turn.mode == Mode.DISABLED) {
                keep(e, "disabled");
            } else if (turn.isPrivate) {
                privateTurn(e);
            } else if (e.prefixed()) {
                envelope(e);
            } else {
                unprefixed(e);
            }
        }

        /** P4, P11, P12: a private turn keeps its words private; an envelope naming a channel still goes there. */
        private void privateTurn(Envelope e) {
            if (e.prefixed() && e.skipReply()) {
                keep(e, "skip-reply");
                return;
            }
            if (e.prefixed() && !e.malformed()) {
                Destination to = Destination.resolve(ctx.state(), e.target(), null);
                if (to.ok()) {
                    if (plan.holds(to.channel())) hold(e, e.raw(), Holding.EXPLICIT_SEND);
                    else publish(e, to, false);
                    return;
                }
            }
            keptByPrivateTurn = true;
            keep(e, "private-turn");
        }

        private void envelope(Envelope e) {
            if (e.skipReply()) {
                if (Unsent.mentions(e.body())) Unsent.setAside(ctx, turn);
                if (turn.mode == Mode.HYBRID) stickTo(Envelope.SKIP_REPLY, null);
                keep(e, "skip-reply");
                return;
            }
            Destination to = e.malformed() ? null : Destination.resolve(ctx.state(), e.target(), null);
            if (to == null || !to.ok()) {
                String why = to == null ? "the envelope names no target" : to.refusal();
                if (plan.draftsRound() && plan.holding()) hold(e, e.asRead(), Holding.EXPLICIT_SEND, true);
                else bounce(e, why);
                return;
            }
            stick(to, e);
            if (plan.holds(to.channel())) {
                hold(e, e.raw(), Holding.EXPLICIT_SEND, plan.draftsRound());
            } else if (Unsent.mentions(e.body())) {
                Unsent.send(ctx, turn, round, index, e, to, notices);
                emitted = true;
            } else {
                publish(e, to, true);
            }
            if (e.continuation()) notices.add(Notices.continuation(ctx.at(), turn.agent, turn.id, e.target()));
        }

        private void unprefixed(Envelope e) {
            if (Envelope.SKIP_REPLY.equals(turn.sticky)) {
                keep(e, "skip-reply");
                return;
            }
            String destination = turn.mode == Mode.EXPLICIT ? turn.sticky
                    : turn.heartbeat ? null
                    : turn.sticky != null ? turn.sticky : turn.locus;
            Destination to = destination == null ? null : Destination.resolve(ctx.state(), destination,
                    destination.equals(turn.locus) ? turn.locusServer : turn.stickyServer);
            if (to == null || !to.ok()) {
                if (turn.mode == Mode.EXPLICIT && !plan.draftsRound()) bounce(e, "plain speech in explicit mode needs a >>target");
                else hold(e, e.asRead(), Holding.NO_DESTINATION, plan.draftsRound());
                return;
            }
            if (plan.holds(to.channel()) && turn.mode != Mode.EXPLICIT) {
                if (plan.draftsRound()) keep(e, "drafts-round");
                else hold(e, e.raw(), Holding.EXPLICIT_SEND);
                return;
            }
            publish(e, to, false);
        }

        private void keep(Envelope e, String why) {
            speech(e.asRead(), Route.keptPrivate(why), e);
        }

        private void hold(Envelope e, String words, String cause) {
            hold(e, words, cause, false);
        }

        private void hold(Envelope e, String words, String cause, boolean quiet) {
            String draft = Holding.hold(ctx, turn.agent, turn.id, words, cause, false, quiet);
            speech(words, Route.held(draft, cause), e);
        }

        private void bounce(Envelope e, String why) {
            String words = Unsent.expandForBounce(ctx, turn.agent, e.asRead());
            boolean risk = Unsent.copiesRisk(ctx, turn.agent, e.asRead());
            String draft = Holding.hold(ctx, turn.agent, turn.id, words, Holding.BOUNCED, risk, false);
            speech(words, Route.bounced(draft), e);
            int streak = ctx.state().turns.bounceStreak.getOrDefault(turn.agent, 0);
            notices.add(Notices.bounce(ctx.at(), turn.agent, turn.id, draft, why, streak < 2));
        }

        private void publish(Envelope e, Destination to, boolean envelope) {
            String text = e.published();
            speech(text, Route.publish(to.channel(), to.server()), e);
            Attempts.request(ctx, turn.agent, turn.id, to, text, List.of(), Attempts.SPEECH);
        }

        private void stick(Destination to, Envelope e) {
            // B2: in a private turn an envelope sets no sticky destination.
            if (turn.isPrivate || (turn.mode != Mode.HYBRID && turn.mode != Mode.EXPLICIT)) return;
            if (to.channel().equals(turn.sticky)) return;
            stickTo(to.channel(), to.server());
        }

        private void stickTo(String channel, String server) {
            if (channel.equals(turn.sticky)) return;
            ctx.emit(new TurnLocusMoved(ctx.at(), turn.id, channel, server, "envelope", true));
        }

        private void speech(String text, Route route, Envelope e) {
            ctx.emit(new SpeechRouted(ctx.at(), turn.id, round, index, text, route, turn.agent,
                    e.prefixed() ? (e.target() == null ? "" : e.target()) : null));
            emitted = true;
        }
    }
}
