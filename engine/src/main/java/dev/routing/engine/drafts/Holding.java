package dev.routing.engine.drafts;

import dev.routing.engine.context.Because;
import dev.routing.engine.context.Context;
import dev.routing.engine.routes.HoldCause;
import dev.routing.journal.event.DraftHeld;

/** Holds words as a draft: draws its id and emits the durable {@code draft.held}. */
public final class Holding {
    private Holding() {}

    /** The draft just held: its id, and why it was held, which the rule that held it says (D1 and its own). */
    public record Held(String id, Because because) {
        public Held rule(String id) {
            because.rule(id);
            return this;
        }

        public Held turn(long turn) {
            because.turn(turn);
            return this;
        }

        public Held attempt(long attempt) {
            because.attempt(attempt);
            return this;
        }
    }

    public static Held hold(Context ctx, String agent, Long turn, String text, HoldCause cause, boolean risk, boolean quiet) {
        String id = DraftIds.next(ctx.state().drafts, agent);
        return new Held(id, ctx.emit(new DraftHeld(ctx.at(), id, agent, cause.wire(), text, risk, turn, quiet)));
    }
}
