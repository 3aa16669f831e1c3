package dev.routing.engine.drafts;

import dev.routing.engine.Context;
import dev.routing.engine.notices.Notices;
import dev.routing.engine.prose.Envelope;
import dev.routing.engine.publish.Attempts;
import dev.routing.engine.publish.Destination;
import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.store.Journal;
import dev.routing.projections.drafts.Draft;
import dev.routing.projections.turns.Turn;
import java.util.List;

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
     * decisions outgrow what one journal group holds ({@link Journal#GROUP_LIMIT}).
     */
    static final int MAX_EXPANDED = Journal.FACT_LIMIT;

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

    /** The latest bounce while it is kept, whatever its state. */
    public static Draft latest(Context ctx, String agent) {
        String id = ctx.state().drafts.latestBounce.get(agent);
        return id == null ? null : ctx.state().drafts.get(agent, id);
    }

    public static void send(Context ctx, Turn turn, int round, int index, Envelope e, Destination to, Claims claims,
            List<NoticeIssued> notices) {
        Draft bounce = sendable(ctx, turn.agent, claims);
        String text = bounce == null ? null : e.body().replace(TOKEN, bounce.text).strip();
        if (bounce == null || text.length() > MAX_EXPANDED) {
            Draft latest = latest(ctx, turn.agent);
            boolean risk = latest != null && (latest.risk || latest.unconfirmed);
            String words = e.asRead();
            String id = Holding.hold(ctx, turn.agent, turn.id, words, Holding.BOUNCED, risk, false);
            ctx.emit(new SpeechRouted(ctx.at(), turn.id, round, index, words, Route.bounced(id), turn.agent, e.target()));
            notices.add(Notices.bounce(ctx.at(), turn.agent, turn.id, id, bounce == null
                    ? "{{unsent}} names nothing that can be sent now"
                    : String.format("{{unsent}} would make a message of %,d characters, over the %,d one message may be",
                            text.length(), MAX_EXPANDED), false));
            return;
        }
        ctx.emit(new SpeechRouted(ctx.at(), turn.id, round, index, text, Route.publish(to.channel(), to.server()),
                turn.agent, e.target()));
        Attempts.request(ctx, turn.agent, turn.id, to, text, List.of(bounce.id), Attempts.UNSENT);
    }

    /**
     * A bounce holds its envelope as routing read it, with {{unsent}} expanded from the latest bounce;
     * written out instead when expanding would pass {@link #MAX_EXPANDED} (each bounce that copies the
     * one before doubles it).
     */
    public static String expandForBounce(Context ctx, String agent, String words) {
        if (!mentions(words)) return words;
        Draft latest = latest(ctx, agent);
        if (latest == null) return words;
        String expanded = words.replace(TOKEN, latest.text);
        return expanded.length() > MAX_EXPANDED ? words : expanded;
    }

    /** Words copied out of a draft that may already have been posted carry that risk (D3, D5). */
    public static boolean copiesRisk(Context ctx, String agent, String words) {
        if (!mentions(words)) return false;
        Draft latest = latest(ctx, agent);
        return latest != null && (latest.risk || latest.unconfirmed);
    }

    /** {@code >>skip_reply {{unsent}}} sets the latest bounce aside, unless its attempt is out. */
    public static void setAside(Context ctx, Turn turn, Claims claims) {
        Draft latest = latest(ctx, turn.agent);
        if (latest == null || latest.dismissed || latest.delivered || latest.outAttempt != null || claims.taken(latest.id)) return;
        ctx.emit(new DraftDismissed(ctx.at(), latest.id, turn.agent, latest.risk || latest.unconfirmed));
    }
}
