package dev.routing.projections.privacy;

import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.projections.retention.Retention;

/**
 * The privacy record's evolve (RULES P2, P7, P9): what a stored message, a history change and a
 * notice leave in it. The marks a turn's start, boundary and first round spend are the turns'
 * evolve's, which reads this record ({@code TurnEvolve}).
 */
public final class PrivacyEvolve {
    private PrivacyEvolve() {}

    /** Stores the message; {@code nextTurn}: the next turn id, so work naming a turn never assigned names none. */
    public static StoredMessage message(PrivacyRecord privacy, MessageReceived m, long nextTurn) {
        StoredMessage stored = StoredMessage.of(m);
        // P2: work that names a turn never assigned names no known turn, as 0 does, for good (fail closed).
        if (stored.isWork() && stored.workTurn() >= nextTurn) stored.workTurn(0);
        StoredMessage before = privacy.message(m.agent(), m.id());
        // P7: only what this message is sets the mark; a reused id's private words were marked when stored.
        if (privacy.isPrivateInput(stored)) privacy.markOf(m.agent()).add(m.id());
        // P2, fail closed: an id that named private input, or work that may yet be (P3: judged as
        // its turn stands), goes on counting as private input once a message classified otherwise
        // is stored under it: a start or a boundary that names it cannot be shown public.
        if (before != null && before.mayBePrivate() && (before.unclassified != null || !stored.classifiesAs(before))) {
            stored.unclassified = StoredMessage.REUSED;
        }
        privacy.store(m.agent(), m.id(), stored, before);
        return stored;
    }

    /** The messages a history change takes off the agent's branch and puts back. */
    public static void history(PrivacyRecord privacy, HistoryChanged h, long clockMillis) {
        // a change that puts ids back gives the agent its (maybe empty) map of messages, as checkpoints have always shown
        if (!h.restored().isEmpty()) privacy.holdMessagesOf(h.agent());
        for (String id : h.removed()) privacy.branch(h.agent(), id, false);
        for (String id : h.restored()) {
            if (privacy.branch(h.agent(), id, true) != null) continue;
            // P2, P9: back on the branch, yet neither stored nor a public message let go: the history
            // now holds what the engine cannot classify
            if (!privacy.forgottenHolds(h.agent(), id, Retention.today(clockMillis, h.at()))) {
                privacy.store(h.agent(), id, StoredMessage.unknown());
            }
        }
    }

    /** What the resident was last told of where their speech goes. */
    public static void notice(PrivacyRecord privacy, NoticeIssued n) {
        if ("private-turn".equals(n.kind())) privacy.lastTold.put(n.agent(), "");
        else if ("routing".equals(n.kind())) {
            privacy.lastTold.put(n.agent(), n.names().channels().isEmpty() ? "" : n.names().channels().get(0));
        }
    }
}
