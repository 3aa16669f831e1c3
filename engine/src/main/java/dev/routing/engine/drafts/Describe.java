package dev.routing.engine.drafts;

import dev.routing.projections.drafts.Draft;

/** How a draft's cause and state read to the resident. */
public final class Describe {
    private Describe() {}

    public static String cause(String cause) {
        return switch (cause) {
            case Holding.EXPLICIT_SEND -> "held beside an explicit send";
            case Holding.NO_DESTINATION -> "it had no destination: plain speech with no target waits for one";
            case Holding.BOUNCED -> "bounced: not delivered";
            default -> cause;
        };
    }

    public static String state(Draft d) {
        String state = d.state();
        return "unconfirmed".equals(state) ? "unconfirmed: it may have been posted" : state;
    }
}
