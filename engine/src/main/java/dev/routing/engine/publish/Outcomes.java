package dev.routing.engine.publish;

import dev.routing.engine.attempts.Attempts;
import dev.routing.engine.attempts.Outcome;
import dev.routing.engine.context.Because;
import dev.routing.engine.context.Context;
import dev.routing.engine.drafts.Bounces;
import dev.routing.engine.drafts.ResendChain;
import dev.routing.engine.drafts.Unsent;
import dev.routing.engine.notices.Notices;
import dev.routing.engine.turns.Ends;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishSettled;
import dev.routing.journal.event.TextCut;
import dev.routing.projections.publish.Attempt;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a connector's answer (RULES O1-O3): delivered only on {@code delivered: true}; failed
 * when provably nothing was posted; unknown otherwise. An attempt with no answer 60 s after it
 * was requested (by the facts' clock) reads as unknown; a late answer that confirms delivery still
 * makes it delivered, and a late failure never clears an unknown outcome.
 */
public final class Outcomes {
    public static final long DEADLINE_MILLIS = 60_000;
    public static final int CONNECTOR_TEXT_LIMIT = 2_000;

    private Outcomes() {}

    public static void settle(Context ctx, PublishSettled settled) {
        Attempt attempt = ctx.state().attempts.get(settled.attempt());
        if (attempt == null) return;
        Outcome outcome = read(settled);
        if (!attempt.out() && !(Outcome.of(attempt.outcome) == Outcome.UNKNOWN && outcome == Outcome.DELIVERED)) return;
        String connectorText = bounded(settled.connectorText());
        boolean late = !attempt.out();
        List<String> queued = attempt.queued;
        PublishOutcome read = new PublishOutcome(ctx.at(), attempt.id, outcome.wire(), why(settled, outcome), attempt.agent,
                connectorText, settled.connectorData());
        ctx.emit(read).rule(outcome.rule()).attempt(attempt.id);
        if (late) return;
        if (outcome == Outcome.DELIVERED) {
            ResendChain.continueAfter(ctx, attempt, queued);
        } else if (outcome == Outcome.FAILED && (UnsentFailure.reholds(ctx, attempt) || EnvelopeFailure.bounces(ctx, attempt))) {
            ResendChain.stop(ctx, attempt, queued, null);
        } else {
            told(ctx.emit(failedNotice(ctx, attempt, outcome, connectorText)), attempt, read);
            ResendChain.stop(ctx, attempt, queued, outcome);
        }
        if (outcome != Outcome.DELIVERED) EnvelopeFailure.holdsTheRest(ctx, attempt);
        Ends.afterOutcome(ctx, attempt.turn);
    }

    /** O1-O3. */
    static Outcome read(PublishSettled s) {
        if (Boolean.TRUE.equals(s.delivered())) return Outcome.DELIVERED;
        if ("not-sent".equals(s.error())) return Outcome.FAILED;
        if (Boolean.FALSE.equals(s.delivered()) && s.messageId() == null && s.error() == null) return Outcome.FAILED;
        return Outcome.UNKNOWN;
    }

    private static String why(PublishSettled s, Outcome outcome) {
        return switch (outcome) {
            case DELIVERED -> "the connector confirmed delivery";
            case FAILED -> "not-sent".equals(s.error()) ? "refused before dispatch: nothing was posted"
                    : "the connector reported no delivery and named no message: nothing was posted";
            default -> s.error() != null ? "the connector answered " + s.error() + ": it may have been posted"
                    : "the connector's receipt is missing or contradictory: it may have been posted";
        };
    }

    /** O3: an attempt still out when a later fact's time passes its deadline reads as unknown. */
    public static void expire(Context ctx) {
        long now = ctx.at().toEpochMilli();
        List<Attempt> late = null;
        for (Attempt a : ctx.state().attempts.out.values()) {
            if (a.requestedAtMillis + DEADLINE_MILLIS < now) {
                if (late == null) late = new ArrayList<>();
                late.add(a);
            }
        }
        if (late == null) return;
        // Collected first: each outcome folds as it is emitted, and lets its attempt go from out.
        for (Attempt a : late) {
            List<String> queued = a.queued;
            PublishOutcome read = new PublishOutcome(ctx.at(), a.id, Outcome.UNKNOWN.wire(), "no answer within 60 s: it may have been posted",
                    a.agent, null, null);
            ctx.emit(read).rule("O3").attempt(a.id);
            told(ctx.emit(failedNotice(ctx, a, Outcome.UNKNOWN, null)), a, read);
            ResendChain.stop(ctx, a, queued, Outcome.UNKNOWN);
            EnvelopeFailure.holdsTheRest(ctx, a);
            Ends.afterOutcome(ctx, a.turn);
        }
    }

    /** A restart ends every attempt still out as unknown: it may have left before the crash (J3). */
    public static void restart(Context ctx) {
        for (Attempt a : ctx.state().attempts.outstanding()) {
            List<String> queued = a.queued;
            PublishOutcome read = new PublishOutcome(ctx.at(), a.id, Outcome.UNKNOWN.wire(),
                    "the engine restarted while the attempt was out: it may have been posted", a.agent, null, null);
            // J3: an attempt journaled before its request left reads, after a restart, as unknown, never as unsent
            ctx.emit(read).rule("J3").attempt(a.id);
            told(ctx.emit(failedNotice(ctx, a, Outcome.UNKNOWN, null)), a, read);
            ResendChain.stop(ctx, a, queued, Outcome.UNKNOWN);
            Ends.afterOutcome(ctx, a.turn);
        }
    }

    /** What a failed or unknown attempt's notice rests on: the outcome, and a private turn's privacy (P12) or O5. */
    private static void told(Because b, Attempt a, PublishOutcome read) {
        b.decision(read).attempt(a.id);
        if (privateBounce(a)) {
            b.rule("P12");
            if (a.turn != null) b.privateTurn(a.turn);
        } else {
            b.rule("O5");
        }
    }

    private static boolean privateBounce(Attempt a) {
        return a.privateTurn && (Attempts.SPEECH.equals(a.via) || Attempts.UNSENT.equals(a.via));
    }

    /**
     * O5: the resident's notice says which outcome happened. A private turn's envelope that did not
     * go out is a bounce kept private (P12): the bounce notice, saying nothing was posted or that the
     * words may have gone out, waking the resident as a bounce does.
     */
    static NoticeIssued failedNotice(Context ctx, Attempt a, Outcome outcome, String connectorText) {
        if (privateBounce(a)) {
            String why = outcome == Outcome.FAILED ? "the send to " + a.channel + " failed. Nothing was posted"
                    : "the send to " + a.channel + " was not confirmed";
            if (connectorText != null) why += " (the connector said: " + connectorText + ")";
            Mode mode = ctx.state().roster.agent(a.agent).mode;
            return Notices.privateBounce(ctx.at(), a.agent, a.turn, why, outcome != Outcome.FAILED,
                    Unsent.names(ctx, a.agent), Bounces.wakes(ctx, a.agent, a.turn), mode == Mode.HYBRID ? ">>>" : ">>");
        }
        return Notices.sendFailed(ctx.at(), a.agent, a.turn, a.id, a.channel, a.drafts, outcome, connectorText);
    }

    static String bounded(String text) {
        if (text == null || text.length() <= CONNECTOR_TEXT_LIMIT) return text;
        return TextCut.atMost(text, CONNECTOR_TEXT_LIMIT);
    }
}
