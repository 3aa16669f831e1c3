package dev.routing.engine.notices;

/** The kinds of notice the resident gets (PROTOCOL.md's {@code notice.issued} kinds), each with its wire word. */
public enum NoticeKind {
    /** P12: the turn took in private input; its plain speech goes to no channel. */
    PRIVATE_TURN("private-turn"),
    /** P15: the channels whose messages a private turn took in. */
    CHANNELS_HELD("channels-held"),
    /** Where plain speech goes now, or that someone addressed the agent from elsewhere (0.30.0). */
    ROUTING("routing"),
    /** Explicit mode: a private turn's unprefixed words were kept, not bounced. */
    KEPT_PRIVATE("kept-private"),
    /** M3, D5, P12: words not delivered, or an {{unsent}} that sent nothing. */
    BOUNCE("bounce"),
    /** M3: {@code TARGET !} asked for a continuation. */
    CONTINUATION("continuation"),
    /** D7: at a turn's start, the drafts no notice on the current branch names. */
    CATCH_UP("catch-up"),
    /** D7: a live boundary names the drafts held since the last notice. */
    HELD_DRAFTS("held-drafts"),
    /** O5, D4: an attempt that was not delivered, or a resend that stopped. */
    SEND_FAILED("send-failed"),
    /** D7: the turn's end, once nothing of it is out. */
    RECEIPT("receipt");

    private final String wire;

    NoticeKind(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
