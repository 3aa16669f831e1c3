package dev.routing.engine.drafts;

import dev.routing.engine.context.Context;
import dev.routing.engine.routes.HoldCause;
import dev.routing.journal.event.DraftHeld;

/** Holds words as a draft: draws its id and emits the durable {@code draft.held}. */
public final class Holding {
    private Holding() {}

    public static String hold(Context ctx, String agent, Long turn, String text, HoldCause cause, boolean risk, boolean quiet) {
        String id = DraftIds.next(ctx.state().drafts, agent);
        ctx.emit(new DraftHeld(ctx.at(), id, agent, cause.wire(), text, risk, turn, quiet));
        return id;
    }
}
