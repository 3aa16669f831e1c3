package dev.routing.engine.drafts;

import dev.routing.engine.attempts.Attempts;
import dev.routing.engine.attempts.Destination;
import dev.routing.engine.context.Because;
import dev.routing.engine.context.Context;
import dev.routing.engine.envelopes.Envelope;
import dev.routing.engine.notices.Notices;
import dev.routing.engine.routes.KeptPrivate;
import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.projections.drafts.Draft;
import dev.routing.projections.turns.Turn;
import java.util.List;
import java.util.Locale;

/**
 * {@code {{unsent}}} (RULES D5): the latest bounce, while it is open. It expands exactly (no
 * pattern syntax: {@code $&}, {@code $$}, {@code $1} stay as written). An envelope whose
 * {@code {{unsent}}} names nothing sendable, or would make a message over {@link #MAX_EXPANDED}
 * characters, sends nothing, and its own words are held as a bounce.
 */
public final class Unsent {
    public static final String TOKEN = "{{unsent}}";
    /**
     * The most characters an expansion may make: no more than a fact may carry, so that no fact's
     * decisions outgrow what one journal group holds.
     */
    static final int MAX_EXPANDED = Fact.MAX_BYTES;

    private Unsent() {}

    public static boolean mentions(String text) {
        return text != null && text.contains(TOKEN);
    }

    /**
     * The latest bounce if it can be sent now: held, not set aside, no attempt out, not owned by a
     * resend still under way (D4), not possibly posted.
     */
    public static Draft sendable(Context ctx, String agent, Claims claims) {
        Draft d = latest(ctx, agent);
        if (d == null || d.delivered || d.dismissed || d.outAttempt != null || d.queuedBehind != null
                || d.unconfirmed || d.risk || claims.taken(d.id)) {
            return null;
        }
        return d;
    }

    /** The id of the draft {{unsent}} names now (the latest bounce, neither delivered nor dismissed), or null. */
    public static String names(Context ctx, String agent) {
        Draft d = latest(ctx, agent);
        return d == null || d.delivered || d.dismissed ? null : d.id;
    }

    /** The same, as the round's own calls leave it: a dismissal of this round takes the draft from {{unsent}}. */
    public static String names(Context ctx, String agent, Claims claims) {
        String id = names(ctx, agent);
        return id == null || claims.dismissed(id) ? null : id;
    }

    /** The latest bounce while it is kept, whatever its state. */
    public static Draft latest(Context ctx, String agent) {
        String id = ctx.state().drafts.latestBounce.get(agent);
        return id == null ? null : ctx.state().drafts.get(agent, id);
    }

    /**
     * An envelope's {{unsent}} send. When {{unsent}} names nothing sendable (D5), the envelope sends
     * nothing: its own words are held as a bounce with {{unsent}} written out from the draft it
     * names, that draft's risk carried; a bare {{unsent}} holds nothing new (it is that draft, or
     * nothing) and a short notice says nothing was sent.
     */
    public static void send(Context ctx, Turn turn, int round, int index, Envelope e, Destination to, Claims claims,
            List<NoticeIssued> notices) {
        Draft bounce = sendable(ctx, turn.agent, claims);
        String text = bounce == null ? null : e.body().replace(TOKEN, bounce.text).strip();
        if (bounce == null || text.length() > MAX_EXPANDED) {
            String why = bounce == null ? whyNot(ctx, turn.agent, claims)
                    : String.format(Locale.ROOT, "{{unsent}} would make a message of %,d characters, over the %,d one message may be",
                            text.length(), MAX_EXPANDED);
            Draft named = latest(ctx, turn.agent);
            if (bare(e.published())) {
                Because kept = ctx.emit(new SpeechRouted(ctx.at(), turn.id, round, index, e.published(),
                        Route.keptPrivate(KeptPrivate.NOTHING_TO_SEND.wire()), turn.agent, e.target())).rule("D5");
                NoticeIssued told = Notices.nothingSent(ctx.at(), turn.agent, turn.id, why, names(ctx, turn.agent, claims));
                Because b = ctx.because(told).rule("D5");
                if (named != null) {
                    kept.draft(turn.agent, named.id);
                    b.draft(turn.agent, named.id);
                }
                notices.add(told);
                return;
            }
            String words = expandForBounce(ctx, turn.agent, e.published());
            String id = Bounces.hold(ctx, turn.agent, turn.id, words, copiesRisk(ctx, turn.agent, e.published())).rule("D5")
                    .turn(turn.id).id();
            ctx.emit(new SpeechRouted(ctx.at(), turn.id, round, index, words, Route.bounced(id), turn.agent, e.target())).rule("D5");
            NoticeIssued told = Bounces.notice(ctx, turn.agent, turn.id, id, why, false, Bounces.prefix(turn.mode));
            ctx.because(told).rule("D5").draft(turn.agent, id);
            notices.add(told);
            return;
        }
        SpeechRouted routed = new SpeechRouted(ctx.at(), turn.id, round, index, text, Route.publish(to.channel(), to.server()),
                turn.agent, e.target());
        ctx.emit(routed).rule("D5").draft(turn.agent, bounce.id).channel(to.channel());
        Attempts.request(ctx, turn.agent, turn.id, to, text, List.of(bounce.id), Attempts.UNSENT).rule("D5").decision(routed);
    }

    /** Words that are {@code {{unsent}}} and nothing else: the latest bounce itself, or nothing. */
    public static boolean bare(String words) {
        return mentions(words) && words.replace(TOKEN, "").isBlank();
    }

    /** Why {{unsent}} sends nothing now. */
    static String whyNot(Context ctx, String agent, Claims claims) {
        Draft d = latest(ctx, agent);
        if (d == null) return "{{unsent}} names no bounce";
        if (d.outAttempt != null) {
            return "{{unsent}}'s draft " + d.id + " is being sent (attempt " + d.outAttempt + " is out); once its result"
                    + " is in, a copy can be resent with confirmDuplicate: true";
        }
        if (d.delivered) return "{{unsent}}'s draft " + d.id + " was already delivered";
        if (d.queuedBehind != null || claims.sending(d.id) || claims.queued(d.id)) {
            return "{{unsent}}'s draft " + d.id + " belongs to a resend";
        }
        if (claims.dismissed(d.id)) return "{{unsent}}'s draft " + d.id + " is dismissed by a call of this round";
        // What is left, since sendable found a reason (a dismissal outside this round clears the latest bounce):
        return "{{unsent}}'s draft " + d.id + " may already have been posted";
    }

    /**
     * A bounce holds its envelope's words with {{unsent}} expanded from the latest bounce; written out
     * as the placeholder instead when expanding would pass {@link #MAX_EXPANDED} (each bounce that
     * copies the one before doubles it), and left out when there is no bounce to expand, so that a
     * placeholder naming nothing is never held and so never posted.
     */
    public static String expandForBounce(Context ctx, String agent, String words) {
        if (!mentions(words)) return words;
        Draft latest = latest(ctx, agent);
        if (latest == null) return words.replace(TOKEN, "").strip();
        String expanded = words.replace(TOKEN, latest.text);
        return expanded.length() > MAX_EXPANDED ? words : expanded;
    }

    /** Words copied out of a draft that may already have been posted carry that risk (D3, D5). */
    public static boolean copiesRisk(Context ctx, String agent, String words) {
        if (!mentions(words)) return false;
        Draft latest = latest(ctx, agent);
        return latest != null && (latest.risk || latest.unconfirmed);
    }

    /**
     * {@code >>skip_reply {{unsent}}} sets the latest bounce aside. While that draft is being sent (its
     * attempt is out, or a resend owns it) it leaves the draft and tells the resident (D5).
     */
    public static void setAside(Context ctx, Turn turn, Claims claims, List<NoticeIssued> notices) {
        Draft latest = latest(ctx, turn.agent);
        if (latest == null || latest.dismissed || latest.delivered) return;
        if (latest.outAttempt != null || latest.queuedBehind != null || claims.taken(latest.id)) {
            NoticeIssued told = Notices.notSetAside(ctx.at(), turn.agent, turn.id, latest.id, latest.outAttempt);
            Because b = ctx.because(told).rule("D5").draft(turn.agent, latest.id);
            if (latest.outAttempt != null) b.attempt(latest.outAttempt);
            notices.add(told);
            return;
        }
        ctx.emit(new DraftDismissed(ctx.at(), latest.id, turn.agent, latest.risk || latest.unconfirmed)).rule("D5")
                .draft(turn.agent, latest.id);
    }
}
