package dev.routing.engine.context;

import dev.routing.journal.event.Decision;

/**
 * One entry a decision rests on, named as the rules know it (a message id, a turn id, an attempt id);
 * explain finds the entry in the journal. {@code decision} is set for {@link Kind#DECISION} only.
 */
public record Ground(Kind kind, String agent, String key, long number, Decision decision) {

    public enum Kind {
        MESSAGE, WAKE, TURN, PRIVATE_TURN, ATTEMPT, DRAFT, CONFIGURED, FOCUS, CHANNEL, LOCUS, SEND, HISTORY, INBOUND,
        /** An earlier decision answering the same fact. */
        DECISION
    }
}
