package dev.routing.engine.drafts;

/**
 * A segment's {@code {{unsent}}} read once, before the segment is routed (RULES D5, issue 11): the
 * latest bounce as the round's calls leave it, and what the segment's words become with it. Routing
 * reads this and never the drafts again, so each segment sees one latest bounce from start to end.
 *
 * @param mentions the words carry {@code {{unsent}}}
 * @param bare the words are {@code {{unsent}}} and nothing else
 * @param exact the words are one {@code {{unsent}}}, exactly
 * @param latest the latest bounce's id, whatever its state, or null
 * @param names the draft {@code {{unsent}}} names (neither delivered nor dismissed), or null
 * @param namesLeft the same, less a draft this round's calls dismiss
 * @param sendable {@code {{unsent}}} can send the latest bounce now
 * @param sendText the message {@code {{unsent}}} sends, expanded; null when it sends nothing
 * @param sent the draft {@code sendText} sends, or null
 * @param whyNot why {@code {{unsent}}} sends nothing, when the words carry it and {@code sendText} is null
 * @param heldWords the words a hold or a bounce keeps ({@link Unsent#expandForBounce})
 * @param risk the words copy a draft that may already have been posted (D3)
 * @param setAside what {@code skip_reply {{unsent}}} does with the latest bounce, or null when it does nothing
 */
public record Expansion(boolean mentions, boolean bare, boolean exact, String latest, String names, String namesLeft, boolean sendable,
        String sendText, String sent, String whyNot, String heldWords, boolean risk, SetAside setAside) {

    /**
     * {@code skip_reply {{unsent}}} and the latest bounce: dismissed ({@code refused} false, the
     * dismissal carrying {@code risk}), or left because it is being sent ({@code refused}, with the
     * attempt out if there is one).
     */
    public record SetAside(String draft, boolean refused, Long outAttempt, boolean risk) {}
}
