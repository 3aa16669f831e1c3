package dev.routing.engine.drafts;

import dev.routing.engine.context.Context;
import dev.routing.journal.event.Fact;
import dev.routing.projections.drafts.Draft;
import java.util.Locale;

/**
 * {@code {{unsent}}} (RULES D5): the latest bounce, while it is open. It expands exactly (no
 * pattern syntax: {@code $&}, {@code $$}, {@code $1} stay as written). An envelope whose
 * {@code {{unsent}}} names nothing sendable, or would make a message over {@link #MAX_EXPANDED}
 * characters, sends nothing, and its own words are held as a bounce. Each segment's
 * {@code {{unsent}}} is read once, before routing ({@link #expand}); routing reads that
 * {@link Expansion} and never calls back here.
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

    /** The latest bounce while it is kept, whatever its state. */
    static Draft latest(Context ctx, String agent) {
        String id = ctx.state().drafts.latestBounce.get(agent);
        return id == null ? null : ctx.state().drafts.get(agent, id);
    }

    /**
     * A segment's {{unsent}} read once, before it is routed: everything routing may ask of the latest
     * bounce, as the round's calls ({@code claims}) leave it.
     */
    public static Expansion expand(Context ctx, String agent, String body, Claims claims) {
        Draft latest = latest(ctx, agent);
        String names = latest == null || latest.delivered || latest.dismissed ? null : latest.id;
        String namesLeft = names == null || claims.dismissed(names) ? null : names;
        String published = body.strip();
        if (!mentions(body)) {
            return new Expansion(false, false, false, latest == null ? null : latest.id, names, namesLeft, false, null, null, null,
                    published, false, null);
        }
        Draft bounce = sendable(ctx, agent, claims);
        String text = bounce == null ? null : body.replace(TOKEN, bounce.text).strip();
        String whyNot = null;
        if (bounce == null) {
            whyNot = whyNot(ctx, agent, claims);
        } else if (text.length() > MAX_EXPANDED) {
            whyNot = String.format(Locale.ROOT, "{{unsent}} would make a message of %,d characters, over the %,d one message may be",
                    text.length(), MAX_EXPANDED);
            text = null;
        }
        return new Expansion(true, bare(published), TOKEN.equals(published), latest == null ? null : latest.id, names, namesLeft, bounce != null,
                text, text == null ? null : bounce.id, whyNot, expandForBounce(latest, published),
                copiesRisk(latest), setAside(latest, claims));
    }

    /** Words that are {@code {{unsent}}} and nothing else: the latest bounce itself, or nothing. */
    static boolean bare(String words) {
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
     * A bounce holds its envelope's words, which mention {{unsent}}, with it expanded from the latest
     * bounce; written out as the placeholder instead when expanding would pass {@link #MAX_EXPANDED}
     * (each bounce that copies the one before doubles it), and left out when there is no bounce to
     * expand, so that a placeholder naming nothing is never held and so never posted.
     */
    private static String expandForBounce(Draft latest, String words) {
        if (latest == null) return words.replace(TOKEN, "").strip();
        String expanded = words.replace(TOKEN, latest.text);
        return expanded.length() > MAX_EXPANDED ? words : expanded;
    }

    /** Words that mention {{unsent}} copy the latest bounce: if it may already have been posted, they carry that risk (D3, D5). */
    private static boolean copiesRisk(Draft latest) {
        return latest != null && (latest.risk || latest.unconfirmed);
    }

    /**
     * {@code >>skip_reply {{unsent}}} sets the latest bounce aside. While that draft is being sent (its
     * attempt is out, or a resend owns it) it leaves the draft and tells the resident (D5).
     */
    private static Expansion.SetAside setAside(Draft latest, Claims claims) {
        if (latest == null || latest.dismissed || latest.delivered) return null;
        boolean refused = latest.outAttempt != null || latest.queuedBehind != null || claims.taken(latest.id);
        return new Expansion.SetAside(latest.id, refused, latest.outAttempt, latest.risk || latest.unconfirmed);
    }
}
