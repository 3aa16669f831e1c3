package dev.routing.projections.privacy;

import dev.routing.journal.event.MessageReceived;

/**
 * Whether a message is a private surface's (RULES P1, P2): one from a sender that names no
 * channel. Decided by what the message names, never by a list of known sources, so a surface
 * added tomorrow fails closed.
 */
public final class Classification {
    private Classification() {}

    /** P1: an operator's message, or any message of a kind a channel never sends, that names no channel. */
    public static boolean isPrivateSurface(MessageReceived m) {
        if (m.namesChannel()) return false;
        return switch (m.kind()) {
            case "external-message", "api:message" -> true;
            // P2: the framework's own tool-list notice is not input; a module's look-alike is.
            case "tool-list-notice" -> !"host".equals(m.writer());
            case "channel-message" -> true;
            case "agent-mail", "work-result", "script-report", "module-event" -> false;
            default -> true;
        };
    }

    /** P2: only the host may mark a message as a turn's work; anyone else's mark is dropped. */
    public static Long workTurn(MessageReceived m) {
        return "host".equals(m.writer()) ? m.fromTurn() : null;
    }
}
