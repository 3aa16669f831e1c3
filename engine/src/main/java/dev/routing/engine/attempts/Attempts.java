package dev.routing.engine.attempts;

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

    public static long request(Context ctx, String agent, Long turn, Destination to, String text, List<String> drafts, String via) {
        return request(ctx, agent, turn, to, text, drafts, via, List.of(), false);
    }

    public static long request(Context ctx, String agent, Long turn, Destination to, String text, List<String> drafts,
            String via, List<String> queued, boolean confirmDuplicate) {
        return request(ctx, agent, turn, to, text, drafts, via, queued, confirmDuplicate, false);
    }

    /** An envelope's words (explicit and hybrid mode): a provably failed delivery bounces them (D1, M2, M3). */
    public static long requestEnvelope(Context ctx, String agent, Long turn, Destination to, String text) {
        return request(ctx, agent, turn, to, text, List.of(), SPEECH, List.of(), false, true);
    }

    private static long request(Context ctx, String agent, Long turn, Destination to, String text, List<String> drafts,
            String via, List<String> queued, boolean confirmDuplicate, boolean envelope) {
        long id = ctx.state().nextAttempt;
        ctx.emit(new PublishRequested(ctx.at(), id, agent, to.channel(), to.server(), text, drafts, via, turn, queued,
                confirmDuplicate, envelope ? true : null));
        return id;
    }
}
