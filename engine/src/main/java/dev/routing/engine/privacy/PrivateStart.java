package dev.routing.engine.privacy;

import dev.routing.journal.event.WakeQueued;
import dev.routing.projections.privacy.PrivacyRecord;
import dev.routing.projections.privacy.StoredMessage;
import java.util.List;

/**
 * Why a start is private, or null when it is not (RULES P3, P6-P9, P15). One judgment for every
 * start, fresh or continuing, made where the start reads its work, so a turn that turned private
 * after arming the work counts as it stands now.
 */
public final class PrivateStart {
    /** An operator's message from a private surface is in the start. */
    public static final String SURFACE = "private-surface";
    /** What a private turn's work brought back (a script, a derived agent, mail). */
    public static final String WORK = "private-work";
    /** A private turn armed or continues this work (a self-wake, a retry, a bounce, a budget restart). */
    public static final String ARMED = "private-turn-work";
    /** Private input stored before the start that no start has answered yet. */
    public static final String STORED = "stored-private-input";
    /** An operator's retake over a history that holds private input. */
    public static final String RETAKE = "retake-of-private-history";
    /** The wake waited behind a private turn's continuation. */
    public static final String WAITED = "waited-on-private-turn";
    /** Private input injected at a tool boundary. */
    public static final String INJECTED = "private-input-at-boundary";

    private PrivateStart() {}

    public static String why(PrivacyRecord privacy, String agent, Long continues, List<WakeQueued> batch,
            List<String> reads) {
        // P8: a start that continues a turn's work (a budget restart, a retry) speaks as that turn,
        // even when the turn it names has ended or a restart closed it.
        if (continues != null && privacy.isPrivateTurn(continues)) return ARMED;
        for (WakeQueued w : batch) {
            String why = whyWake(privacy, agent, w);
            if (why != null) return why;
        }
        for (String id : reads) {
            String why = whyMessage(privacy, privacy.message(agent, id));
            if (why != null) return why;
        }
        if (privacy.marked(agent)) return STORED;
        return null;
    }

    private static String whyWake(PrivacyRecord privacy, String agent, WakeQueued w) {
        if (w.privateSurface()) return SURFACE;
        if (w.retake() != null) return privacy.historyHoldsPrivateInput(agent) ? RETAKE : null;
        if (w.armedBy() != null && privacy.isPrivateTurn(w.armedBy())) return ARMED;
        if (w.waitedOn() != null && privacy.isPrivateTurn(w.waitedOn())) return WAITED;
        for (String id : w.messages()) {
            String why = whyMessage(privacy, privacy.message(agent, id));
            if (why != null) return why;
        }
        return null;
    }

    /** Why one stored message is private input, or null. */
    public static String whyMessage(PrivacyRecord privacy, StoredMessage m) {
        if (m == null) return null;
        if (m.surface) return SURFACE;
        if (m.workTurn != null && privacy.isPrivateTurn(m.workTurn)) return WORK;
        return null;
    }
}
