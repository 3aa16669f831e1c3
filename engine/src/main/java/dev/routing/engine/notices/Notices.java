package dev.routing.engine.notices;

import dev.routing.engine.attempts.Outcome;
import dev.routing.engine.privacy.PrivateStart;
import dev.routing.engine.routes.KeptPrivate;
import dev.routing.journal.event.Names;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.projections.privacy.StoredMessage;
import java.time.Instant;
import java.util.List;

/** What the resident is told, in the project's own words: every notice the engine issues is built here. */
public final class Notices {
    private Notices() {}

    public static NoticeIssued privateTurn(Instant at, String agent, long turn, String why) {
        return privateTurn(at, agent, turn, why, null);
    }

    /** P12: {@code source}, when given, says what the private input was in place of the reason's general words. */
    public static NoticeIssued privateTurn(Instant at, String agent, long turn, String why, String source) {
        return new NoticeIssued(at, agent, NoticeKind.PRIVATE_TURN.wire(), Names.NONE,
                "[routing] Private input came into this turn (" + (source != null ? source : reason(why))
                        + "). For the rest of this turn "
                        + "your plain speech goes to no channel: it stays on the surface you were addressed from. "
                        + "To reach a channel, use an explicit send tool or an envelope that names it.",
                false, turn);
    }

    public static NoticeIssued channelsHeld(Instant at, String agent, long turn, List<String> channels) {
        return new NoticeIssued(at, agent, NoticeKind.CHANNELS_HELD.wire(), Names.channels(channels),
                "[routing] This private turn took in messages from " + String.join(", ", channels)
                        + ". Your plain speech reaches none of them; answer there with an explicit send if you mean to.",
                false, turn);
    }

    public static NoticeIssued routing(Instant at, String agent, long turn, String channel) {
        String where = channel == null ? "no channel" : channel;
        return new NoticeIssued(at, agent, NoticeKind.ROUTING.wire(), channel == null ? Names.NONE : Names.channels(List.of(channel)),
                "[routing] Your plain speech now goes to " + where + ".", false, turn);
    }

    /**
     * 0.30.0's notice that someone addressed the agent from another channel than its plain speech
     * goes to; {@code locus} is null in a private turn, whose plain speech goes to no channel.
     */
    public static NoticeIssued addressedElsewhere(Instant at, String agent, long turn, List<String> channels, String locus) {
        String now = locus == null ? "This turn's plain speech goes to no channel"
                : "Your plain speech still goes to " + locus;
        return new NoticeIssued(at, agent, NoticeKind.ROUTING.wire(), Names.channels(channels),
                "[routing] Someone addressed you from " + String.join(", ", channels) + ". " + now
                        + "; answer there with an explicit send if you mean to.", false, turn);
    }

    /** Explicit mode: a private turn's unprefixed words were kept; {@code unsent} is the draft {{unsent}} still names. */
    public static NoticeIssued keptPrivate(Instant at, String agent, long turn, int segments, String unsent) {
        return new NoticeIssued(at, agent, NoticeKind.KEPT_PRIVATE.wire(), unsentNames(unsent),
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
        return new NoticeIssued(at, agent, NoticeKind.BOUNCE.wire(), unsentNames(unsent),
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
        return new NoticeIssued(at, agent, NoticeKind.BOUNCE.wire(), Names.drafts(List.of(draft)),
                "[bounce] Not delivered: " + why + ". Your words are held as " + draft + "." + offer, wake, turn);
    }

    /** D5: an {{unsent}} that names nothing sendable, with no words of its own: nothing was sent, nothing held. */
    public static NoticeIssued nothingSent(Instant at, String agent, Long turn, String why, String unsent) {
        return new NoticeIssued(at, agent, NoticeKind.BOUNCE.wire(), unsentNames(unsent),
                "[bounce] Nothing was sent: " + why + ", and the envelope had no words of its own, so nothing was held."
                        + stillNames(unsent), false, turn);
    }

    /** D5: {@code >>skip_reply {{unsent}}} while that draft is being sent leaves it as it is. */
    public static NoticeIssued notSetAside(Instant at, String agent, long turn, String draft, Long attempt) {
        String why = attempt != null ? "its attempt " + attempt + " is out" : "a resend owns it";
        return new NoticeIssued(at, agent, NoticeKind.BOUNCE.wire(), Names.drafts(List.of(draft)),
                "[bounce] skip_reply {{unsent}} left " + draft + " as it is: " + why + ", and words on their way cannot"
                        + " be set aside. Dismiss it with the drafts tool once that is done, if you still mean to.",
                false, turn);
    }

    public static NoticeIssued continuation(Instant at, String agent, long turn, String target) {
        return new NoticeIssued(at, agent, NoticeKind.CONTINUATION.wire(), Names.NONE,
                "[routing] " + target + " ! asked for a continuation: the turn goes on.", true, turn);
    }

    /** D7: at a turn's start, the drafts no notice on the current branch names: every one by id, the first {@code described.size()} with their state and why. */
    public static NoticeIssued catchUp(Instant at, String agent, long turn, List<String> ids, List<String> described) {
        StringBuilder text = new StringBuilder("[drafts] Drafts no notice in your current history names:");
        for (int i = 0; i < ids.size(); i++) {
            text.append(i == 0 ? " " : ", ").append(ids.get(i));
            if (i < described.size()) text.append(" (").append(described.get(i)).append(')');
        }
        text.append(". The drafts tool lists, reads, resends or dismisses them.");
        return new NoticeIssued(at, agent, NoticeKind.CATCH_UP.wire(), Names.drafts(ids), text.toString(), false, turn);
    }

    /** D7: a live boundary names the drafts held since the last notice; {@code notes}, one per id, null for a draft no longer kept. */
    public static NoticeIssued heldDrafts(Instant at, String agent, long turn, List<String> ids, List<String> notes) {
        StringBuilder text = new StringBuilder("[drafts] Held, not sent:");
        for (int i = 0; i < ids.size(); i++) {
            text.append(' ').append(ids.get(i));
            if (notes.get(i) != null) text.append(" (").append(notes.get(i)).append(')');
        }
        text.append(". Resend with drafts resend and a destination, or dismiss.");
        return new NoticeIssued(at, agent, NoticeKind.HELD_DRAFTS.wire(), Names.drafts(ids), text.toString(), false, turn);
    }

    /** O5: an attempt that was not delivered says which outcome it had: nothing posted, or maybe posted. */
    public static NoticeIssued sendFailed(Instant at, String agent, Long turn, long attempt, String channel, List<String> drafts,
            Outcome outcome, String connectorText) {
        String text = outcome == Outcome.FAILED
                ? "[send-failed] Attempt " + attempt + " to " + channel + " could not be delivered. Nothing was posted."
                : "[send-failed] Attempt " + attempt + " to " + channel + " was not confirmed. It may or may not have been "
                        + "posted, so sending it again could post it twice.";
        if (connectorText != null) text += " The connector said: " + connectorText;
        return new NoticeIssued(at, agent, NoticeKind.SEND_FAILED.wire(), new Names(List.of(channel), drafts), text, false, turn);
    }

    /** D4: a resend's next draft could not be sent; {@code said} is why, draft by draft. */
    public static NoticeIssued resendStopped(Instant at, String agent, Long turn, List<String> queued, String said) {
        return new NoticeIssued(at, agent, NoticeKind.SEND_FAILED.wire(), Names.drafts(queued),
                "[drafts] The resend stopped: " + said, false, turn);
    }

    /**
     * D4: a resend stops at an attempt not delivered: {@code outcome} is its outcome, or null when its
     * failure was answered otherwise (a re-hold, a bounce).
     */
    public static NoticeIssued resendStopped(Instant at, String agent, Long turn, List<String> queued, long attempt,
            Outcome outcome) {
        String why = outcome == null ? "its attempt " + attempt + " was not delivered"
                : "attempt " + attempt + " was " + (outcome == Outcome.UNKNOWN ? "not confirmed" : "not delivered");
        return new NoticeIssued(at, agent, NoticeKind.SEND_FAILED.wire(), Names.drafts(queued),
                "[drafts] The resend stopped, since " + why + ". Not attempted: " + String.join(", ", queued) + ".",
                false, turn);
    }

    /**
     * D7: the turn's receipt: where its words went ({@code lines}, parted by "; "), opening with what
     * was confirmed, and "nothing confirmed", never "nothing", when something may have been posted.
     */
    public static NoticeIssued receipt(Instant at, String agent, long turn, List<String> drafts, int delivered,
            boolean mayHavePosted, CharSequence lines) {
        String head = delivered > 0 ? "[delivered] " + delivered + " publication(s) confirmed"
                : mayHavePosted ? "[delivered] nothing confirmed" : "[delivered] nothing";
        String text = lines.isEmpty() ? head + "."
                : new StringBuilder(head.length() + lines.length() + 3).append(head).append(": ").append(lines)
                        .append('.').toString();
        return new NoticeIssued(at, agent, NoticeKind.RECEIPT.wire(), Names.drafts(drafts), text, false, turn);
    }

    /** A receipt's words for why plain speech was kept private. */
    public static String keptWhy(String why) {
        KeptPrivate reason = KeptPrivate.of(why);
        if (reason == null) return why;
        return switch (reason) {
            case PRIVATE_TURN -> "private turn: publish only with an explicit send or an envelope that names a channel";
            case NAMED -> "kept in your context, sent to no one: only a send tool that names where it goes reaches anyone";
            case DISABLED -> "proseRouting=disabled: post to a channel only with an explicit send tool";
            case SKIP_REPLY, PRIVATE_THINK -> "skip_reply or a private think";
            case DRAFTS_ROUND -> "a drafts call in a turn a send silenced";
            case SILENT -> "a silent tick";
            case NOTHING_TO_SEND -> "{{unsent}} named nothing that could be sent, and no words of its own";
            case TURN_NOT_OPEN -> why;
        };
    }

    /**
     * P7: the private input stored before a start that the start answers, named as what it is: an
     * operator's message, or what a private turn's work brought back (mail, a result, a script's
     * report), or a message the engine cannot classify; {@code others}, more such input beside it.
     */
    public static String storedInput(String id, StoredMessage m, int others) {
        String what;
        if (m == null || m.unclassified != null) {
            what = "a message (" + id + ") the engine cannot classify";
        } else if (m.surface) {
            what = "an operator's message from a private surface (" + id + ")";
        } else if (!m.isWork() || m.workTurn() == 0) {
            what = "work (" + id + ") of a turn the engine never assigned";
        } else {
            long t = m.workTurn();
            what = switch (String.valueOf(m.kind)) {
                case "agent-mail" -> "agent mail (" + id + ") sent while its sender's turn " + t + " was private";
                case "work-result" -> "a result (" + id + ") of work that private turn " + t + " started";
                case "script-report" -> "a script's report (" + id + ") of private turn " + t;
                default -> "what private turn " + t + "'s work brought back (" + id + ")";
            };
        }
        return what + (others > 0 ? " and " + others + " more" : "") + ", stored before this start";
    }

    public static String reason(String why) {
        if (why == null) return "unknown";
        return switch (why) {
            case PrivateStart.SURFACE -> "an operator's message from a private surface";
            case PrivateStart.WORK -> "what a private turn's work brought back";
            case PrivateStart.ARMED -> "work a private turn started or continues";
            case PrivateStart.STORED -> "private input stored before this start";
            case PrivateStart.RETAKE -> "a retake of a history that holds an operator's message";
            case PrivateStart.WAITED -> "a wake that waited on a private turn";
            case PrivateStart.INJECTED -> "an operator's message injected at a tool boundary";
            case PrivateStart.UNKNOWN_MESSAGE -> "a message the engine was never told of (or let go too long ago), so it cannot tell it is not an operator's";
            case PrivateStart.REUSED_MESSAGE -> "a message id stored again for another message while it named an operator's or a turn's work, so it cannot tell which words it names";
            case PrivateStart.READ_IN_PRIVATE -> "a channel message a private turn already read, which gets no inferred reply in its channel";
            case PrivateStart.UNKNOWN_TURN -> "work of a turn the engine never assigned, so it cannot tell it is not a private turn's";
            case PrivateStart.UNKNOWN_WAKE -> "a wake the engine was never told of, so it cannot tell it is not an operator's";
            case PrivateStart.FOREIGN_TURN -> "a start that claims another resident's turn, so whose words follow is unknown";
            default -> why;
        };
    }
}
