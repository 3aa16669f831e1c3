package dev.routing.engine.calls;

import dev.routing.engine.context.Context;
import dev.routing.journal.event.ToolDecided;
import java.util.function.Function;

/**
 * One tool call's meaning, worked out once, before its round's speech is routed: whether it is
 * allowed (a refused call counts for nothing), whether it is a send of the round's own and where that
 * send may have posted ({@code place}, null when it cannot be read: RULES M6), and what it does once
 * the round's speech is routed ({@code effect}: its {@code tool.decided}, then an attempt, a
 * dismissal, a locus move). The round's routing ({@code RoundPlan}) and the tool's answer both read
 * this plan, so they cannot disagree about a call.
 */
public record CallPlan(Kind kind, boolean allowed, boolean send, String place, Effect effect) {

    /** What the call is, for the round's routing. */
    public enum Kind {
        /** A call the agent was not permitted to make, or one routing ignores: it counts for nothing. */
        NOTHING,
        /** skip_reply (a module's tool of that bare name too): a private silence (M6). */
        SKIP_REPLY,
        /** The engine's own drafts tool (M7). */
        DRAFTS,
        CHANNEL_PUBLISH,
        /** A send tool the host carries out itself. */
        SEND,
        CHANNEL_OPEN
    }

    /** What an answered call does after the round's speech: decisions that need ids drawn as they are emitted. */
    @FunctionalInterface
    public interface Effect {
        Effect NONE = ctx -> { };

        void apply(Context ctx);
    }

    /** A call that counts for nothing; {@code answer} is its refusal, or null for a call that gets none. */
    public static CallPlan nothing(ToolDecided answer) {
        return new CallPlan(Kind.NOTHING, false, false, null, ctx -> {
            if (answer != null) ctx.emit(answer);
        });
    }

    public static CallPlan skipReply() {
        return new CallPlan(Kind.SKIP_REPLY, true, false, null, Effect.NONE);
    }

    /** A call that is not a send: its answer, then what it does. */
    public static CallPlan answered(Kind kind, ToolDecided answer, Effect then) {
        return new CallPlan(kind, answer.allowed(), false, null, ctx -> {
            ctx.emit(answer);
            then.apply(ctx);
        });
    }

    /**
     * An allowed call whose answer only reports (a drafts list or read): worked out as it is emitted,
     * so it sees what the round's speech just held.
     */
    public static CallPlan reporting(Kind kind, Function<Context, ToolDecided> answer) {
        return new CallPlan(kind, true, false, null, ctx -> ctx.emit(answer.apply(ctx)));
    }

    /** A send of the round's own, that may have posted at {@code place}. */
    public static CallPlan sending(Kind kind, ToolDecided answer, String place, Effect then) {
        return new CallPlan(kind, true, true, place, ctx -> {
            ctx.emit(answer);
            then.apply(ctx);
        });
    }

    /** Its answer, then what it does. */
    public void emit(Context ctx) {
        effect.apply(ctx);
    }
}
