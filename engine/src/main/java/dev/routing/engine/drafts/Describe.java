package dev.routing.engine.drafts;

import dev.routing.engine.routes.HoldCause;
import dev.routing.projections.drafts.Draft;

/** How a draft's cause and state read to the resident. */
public final class Describe {
    private Describe() {}

    public static String cause(String cause) {
        HoldCause known = HoldCause.of(cause);
        if (known == null) return cause;
        return switch (known) {
            case EXPLICIT_SEND -> "held beside an explicit send";
            case NO_DESTINATION -> "it had no destination: plain speech with no target waits for one";
            case BOUNCED -> "bounced: not delivered";
        };
    }

    public static String state(Draft d) {
        String state = d.state();
        return "unconfirmed".equals(state) ? "unconfirmed: it may have been posted" : state;
    }
}
