package dev.routing.engine.testing;

/**
 * One step of a random host, as small numbers so a failing stream prints, replays and shrinks
 * easily. The interpreter ({@link StreamHost}) reads each against the host's state and skips one
 * that makes no sense there, so every subsequence of a stream is itself a valid stream.
 */
public record Action(Kind kind, int a, int b, int c) {

    public enum Kind {
        CONFIGURE, CHANNEL_MESSAGE, OPERATOR_MESSAGE, WORK_MESSAGE, WAKE, START, ROUND, BOUNDARY, END, SETTLE,
        SCRIPT, FOCUS, HISTORY, RESTART, CLOCK_JUMP,
        /** The same wake id queued again, with other marks (P16). */
        REQUEUE,
        /** Input the engine cannot classify: a message id or turn id it was never told of (P2). */
        STRAY,
        /** A long history: thousands of room messages, each read and answered in a channel turn (issue 25). */
        LONG_HISTORY,
        /** {@link DraftsHost}'s steps: each a whole turn. */
        HOLD, RESEND, DISMISS, UNSENT,
        /** An explicit or hybrid envelope to {@code work}: its settle may fail it (a bounce) or leave it unknown. */
        ENVELOPE,
        /** A hybrid turn: a bad or undelivered envelope, then plain speech that must be held. */
        HYBRID_HOLD,
        /** A locus round beside a drafts call the engine refuses: it counts for nothing. */
        REFUSED_CALL
    }

    @Override
    public String toString() {
        return kind + "(" + a + "," + b + "," + c + ")";
    }
}
