package dev.routing.engine.notices;

import dev.routing.engine.privacy.PrivateStart;
import dev.routing.journal.event.Names;
import dev.routing.journal.event.NoticeIssued;
import java.time.Instant;
import java.util.List;

/** What the resident is told, in the project's own words. One builder per kind of notice. */
public final class Notices {
    private Notices() {}

    public static NoticeIssued privateTurn(Instant at, String agent, long turn, String why) {
        return new NoticeIssued(at, agent, "private-turn", Names.NONE,
                "[routing] Private input came into this turn (" + reason(why) + "). For the rest of this turn "
                        + "your plain speech goes to no channel: it stays on the surface you were addressed from. "
                        + "To reach a channel, use an explicit send tool or an envelope that names it.",
                false, turn);
    }

    public static NoticeIssued channelsHeld(Instant at, String agent, long turn, List<String> channels) {
        return new NoticeIssued(at, agent, "channels-held", Names.channels(channels),
                "[routing] This private turn took in messages from " + String.join(", ", channels)
                        + ". Your plain speech reaches none of them; answer there with an explicit send if you mean to.",
                false, turn);
    }

    public static NoticeIssued routing(Instant at, String agent, long turn, String channel) {
        String where = channel == null ? "no channel" : channel;
        return new NoticeIssued(at, agent, "routing", channel == null ? Names.NONE : Names.channels(List.of(channel)),
                "[routing] Your plain speech now goes to " + where + ".", false, turn);
    }

    /**
     * 0.30.0's notice that someone addressed the agent from another channel than its plain speech
     * goes to; {@code locus} is null in a private turn, whose plain speech goes to no channel.
     */
    public static NoticeIssued addressedElsewhere(Instant at, String agent, long turn, List<String> channels, String locus) {
        String now = locus == null ? "This turn's plain speech goes to no channel"
                : "Your plain speech still goes to " + locus;
        return new NoticeIssued(at, agent, "routing", Names.channels(channels),
                "[routing] Someone addressed you from " + String.join(", ", channels) + ". " + now
                        + "; answer there with an explicit send if you mean to.", false, turn);
    }

    /** Explicit mode: a private turn's unprefixed words were kept; {@code unsent} is the draft {{unsent}} still names. */
    public static NoticeIssued keptPrivate(Instant at, String agent, long turn, int segments, String unsent) {
        return new NoticeIssued(at, agent, "kept-private", unsentNames(unsent),
                "[routing] " + segments + " plain-speech segment(s) of this private turn were kept private, not "
                        + "bounced." + stillNames(unsent) + " To publish, start a line with >>#channel, or use a send tool.",
                false, turn);
    }

    /**
     * P12: a private turn's envelope that bounced (no destination, a channel that does not resolve,
     * a delivery that failed or threw) kept its words private: no draft, no resend offered. Like any
     * bounce it wakes the resident, into a turn whose plain words stay private too.
     */
    public static NoticeIssued privateBounce(Instant at, String agent, Long turn, String why, boolean mayHavePosted,
            String unsent, boolean wake, String prefix) {
        String what = mayHavePosted
                ? "[bounce] Not confirmed: " + why + ". The words may have gone out, so sending them again could post "
                        + "them twice. This turn is private: nothing was held as a draft."
                : "[bounce] Not delivered: " + why + ". This turn is private, so the words were kept private: not held "
                        + "as a draft, not offered for resend.";
        return new NoticeIssued(at, agent, "bounce", unsentNames(unsent),
                what + stillNames(unsent) + " To publish, name a registered channel (" + prefix + "#channel) or use a send tool.",
                wake, turn);
    }

    private static Names unsentNames(String unsent) {
        return unsent == null ? Names.NONE : Names.drafts(List.of(unsent));
    }

    private static String stillNames(String unsent) {
        return unsent == null ? "" : " {{unsent}} still names " + unsent + ", not these words.";
    }

    /**
     * A bounce notice (D5, and the seed's offer rule): it offers {@code {{unsent}}}, in the resident's
     * own envelope prefix ({@code >>>} in hybrid mode), only when {@code {{unsent}}} would send that
     * draft ({@code unsentSends}: the latest bounce, nothing out, no risk); otherwise it names the
     * drafts tool's resend, with {@code confirmDuplicate: true} when the words may already have been
     * posted, and its dismiss.
     */
    public static NoticeIssued bounce(Instant at, String agent, Long turn, String draft, String why, boolean wake,
            String prefix, boolean unsentSends, boolean risk) {
        String offer = unsentSends
                ? " Send them with " + prefix + "#channel {{unsent}}, or with the drafts tool (resend or dismiss)."
                : risk ? " They may already have been posted: resend them with the drafts tool's resend and"
                        + " confirmDuplicate: true if you mean to post them again, or dismiss them."
                        : " Send them with the drafts tool's resend and a destination, or dismiss them.";
        return new NoticeIssued(at, agent, "bounce", Names.drafts(List.of(draft)),
                "[bounce] Not delivered: " + why + ". Your words are held as " + draft + "." + offer, wake, turn);
    }

    /** D5: an {{unsent}} that names nothing sendable, with no words of its own: nothing was sent, nothing held. */
    public static NoticeIssued nothingSent(Instant at, String agent, Long turn, String why, String unsent) {
        return new NoticeIssued(at, agent, "bounce", unsentNames(unsent),
                "[bounce] Nothing was sent: " + why + ", and the envelope had no words of its own, so nothing was held."
                        + stillNames(unsent), false, turn);
    }

    /** D5: {@code >>skip_reply {{unsent}}} while that draft is being sent leaves it as it is. */
    public static NoticeIssued notSetAside(Instant at, String agent, long turn, String draft, Long attempt) {
        String why = attempt != null ? "its attempt " + attempt + " is out" : "a resend owns it";
        return new NoticeIssued(at, agent, "bounce", Names.drafts(List.of(draft)),
                "[bounce] skip_reply {{unsent}} left " + draft + " as it is: " + why + ", and words on their way cannot"
                        + " be set aside. Dismiss it with the drafts tool once that is done, if you still mean to.",
                false, turn);
    }

    public static NoticeIssued continuation(Instant at, String agent, long turn, String target) {
        return new NoticeIssued(at, agent, "continuation", Names.NONE,
                "[routing] " + target + " ! asked for a continuation: the turn goes on.", true, turn);
    }

    public static String reason(String why) {
        if (why == null) return "unknown";
        return switch (why) {
            case PrivateStart.SURFACE -> "an operator's message from a private surface";
            case PrivateStart.WORK -> "what a private turn's work brought back";
            case PrivateStart.ARMED -> "work a private turn started or continues";
            case PrivateStart.STORED -> "an operator's message stored before this start";
            case PrivateStart.RETAKE -> "a retake of a history that holds an operator's message";
            case PrivateStart.WAITED -> "a wake that waited on a private turn";
            case PrivateStart.INJECTED -> "an operator's message injected at a tool boundary";
            case PrivateStart.UNKNOWN_MESSAGE -> "a message the engine was never told of, so it cannot tell it is not an operator's";
            case PrivateStart.UNKNOWN_TURN -> "work of a turn the engine never assigned, so it cannot tell it is not a private turn's";
            case PrivateStart.UNKNOWN_WAKE -> "a wake the engine was never told of, so it cannot tell it is not an operator's";
            case PrivateStart.FOREIGN_TURN -> "a start that claims another resident's turn, so whose words follow is unknown";
            default -> why;
        };
    }
}
