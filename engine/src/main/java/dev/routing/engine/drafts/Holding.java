package dev.routing.engine.drafts;

import dev.routing.engine.context.Context;
import dev.routing.journal.event.DraftHeld;

/** Holds words as a draft: draws its id and emits the durable {@code draft.held}. */
public final class Holding {
    public static final String EXPLICIT_SEND = "explicit-send";
    public static final String NO_DESTINATION = "no-destination";
    public static final String BOUNCED = "bounced";

    private Holding() {}

    public static String hold(Context ctx, String agent, Long turn, String text, String cause, boolean risk, boolean quiet) {
        String id = DraftIds.next(ctx.state().drafts, agent);
        ctx.emit(new DraftHeld(ctx.at(), id, agent, cause, text, risk, turn, quiet));
        return id;
    }
}
