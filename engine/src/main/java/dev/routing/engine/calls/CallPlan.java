package dev.routing.engine.calls;

import dev.routing.engine.Context;
import dev.routing.journal.event.ToolDecided;

/**
 * One tool call's meaning, worked out once, before its round's speech is routed: what the tool
 * answers ({@code answer}, its {@code tool.decided}; null for a call that gets none), whether it is
 * a send of the round's own and where that send may have posted ({@code place}, null when it cannot
 * be read: RULES M6), and what it does once answered ({@code effect}: an attempt, a dismissal, a
 * locus move). The round's routing ({@code RoundPlan}) and the tool's answer both read this plan,
 * so they cannot disagree about a call.
 */
public record CallPlan(Kind kind, ToolDecided answer, boolean send, String place, Effect effect) {

    /** What the call is, for the round's routing. */
    public enum Kind {
        /** A call the agent was not permitted to make, or one routing ignores: it counts for nothing. */
        NOTHING,
        /** skip_reply (a module's tool of that bare name too): a private silence (M6). */
        SKIP_REPLY,
        /** The engine's own drafts tool, answered allowed (M7). */
        DRAFTS,
        CHANNEL_PUBLISH,
        /** A send tool the host carries out itself. */
        SEND,
        CHANNEL_OPEN
    }

    /** What an answered call does after its answer: decisions that need ids drawn as they are emitted. */
    @FunctionalInterface
    public interface Effect {
        Effect NONE = ctx -> { };

        void apply(Context ctx);
    }

    public static CallPlan nothing(ToolDecided answer) {
        return new CallPlan(Kind.NOTHING, answer, false, null, Effect.NONE);
    }

    public static CallPlan answered(Kind kind, ToolDecided answer, Effect effect) {
        return new CallPlan(kind, answer, false, null, effect);
    }

    public static CallPlan sending(Kind kind, ToolDecided answer, String place, Effect effect) {
        return new CallPlan(kind, answer, true, place, effect);
    }

    /** Its answer, then what it does. */
    public void emit(Context ctx) {
        if (answer != null) ctx.emit(answer);
        effect.apply(ctx);
    }
}
