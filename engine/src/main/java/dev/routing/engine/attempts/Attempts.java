package dev.routing.engine.attempts;

import dev.routing.engine.context.Because;
import dev.routing.engine.context.Context;
import dev.routing.journal.event.PublishRequested;
import java.util.List;

/** Journals a publish attempt with the next attempt id; the journal syncs it before the host sees it (J3). */
public final class Attempts {
    public static final String SPEECH = "speech";
    public static final String RESEND = "resend";
    public static final String UNSENT = "unsent";
    public static final String CHANNEL_PUBLISH = "channel_publish";

    private Attempts() {}

    public static Because request(Context ctx, String agent, Long turn, Destination to, String text, List<String> drafts, String via) {
        return request(ctx, agent, turn, to, text, drafts, via, List.of(), false);
    }

    public static Because request(Context ctx, String agent, Long turn, Destination to, String text, List<String> drafts,
            String via, List<String> queued, boolean confirmDuplicate) {
        return request(ctx, agent, turn, to, text, drafts, via, queued, confirmDuplicate, false);
    }

    /** An envelope's words (explicit and hybrid mode): a provably failed delivery bounces them (D1, M2, M3). */
    public static Because requestEnvelope(Context ctx, String agent, Long turn, Destination to, String text) {
        return request(ctx, agent, turn, to, text, List.of(), SPEECH, List.of(), false, true);
    }

    /** The attempt is journaled; the caller says why on what this returns (J3 is how, not why). */
    private static Because request(Context ctx, String agent, Long turn, Destination to, String text, List<String> drafts,
            String via, List<String> queued, boolean confirmDuplicate, boolean envelope) {
        long id = ctx.state().nextAttempt;
        Because b = ctx.emit(new PublishRequested(ctx.at(), id, agent, to.channel(), to.server(), text, drafts, via, turn, queued,
                confirmDuplicate, envelope ? true : null)).channel(to.channel());
        if (turn != null) b.turn(turn);
        return b.drafts(agent, drafts);
    }
}
