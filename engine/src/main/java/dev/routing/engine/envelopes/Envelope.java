package dev.routing.engine.envelopes;

/**
 * One segment of a round's speech as routing reads it. An unprefixed segment has no target; a
 * prefixed one names {@code target} ({@code #label}, a raw channel id or {@code skip_reply}), or
 * none when it is malformed (hybrid's bare {@code >>>}). {@code raw} is the run exactly as
 * written, prefix included; {@code body} is what a publication sends, before trimming.
 */
public record Envelope(boolean prefixed, String target, boolean continuation, String body, String raw) {

    public static final String SKIP_REPLY = "skip_reply";

    public boolean malformed() {
        return prefixed && (target == null || target.isEmpty());
    }

    public boolean skipReply() {
        return SKIP_REPLY.equals(target);
    }

    /** What a publication posts: the body, surrounding whitespace trimmed. */
    public String published() {
        return body.strip();
    }

    /** A bounce or a hold with no destination keeps the envelope as routing read it, trimmed (D1). */
    public String asRead() {
        return raw.strip();
    }

    public boolean empty() {
        return body.isBlank();
    }
}
