package dev.routing.projections.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.routing.journal.event.Entry;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnOpened;
import dev.routing.projections.EngineState;
import dev.routing.projections.Fold;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The attempt book as requests and outcomes leave it: an attempt that settled as unknown is kept
 * for {@link AttemptBook#KEEP_UNKNOWN_MILLIS} after it settled (O3: a late outcome still finds it)
 * and let go by the first request after that; a turn's receipt waits for its attempts only once
 * the turn has spoken (D7).
 */
class AttemptBookTest {
    private static final Instant AT = Instant.parse("2026-11-02T09:00:00Z");

    private static PublishRequested request(long attempt, Instant at, Long turn) {
        return new PublishRequested(at, attempt, "qa", "C1", "slack", "words", List.of(), "channel_publish", turn);
    }

    private static PublishOutcome unknown(long attempt, Instant at) {
        return new PublishOutcome(at, attempt, "unknown", "timed out", "qa", null, null);
    }

    private static EngineState fold(Entry... entries) {
        Fold fold = new Fold();
        for (Entry e : entries) fold.accept(e);
        return fold.state();
    }

    @Test
    void O3_anUnknownAttemptIsKeptUntilItsTimeHasPassedSinceItSettled() {
        Instant settled = AT.plusSeconds(60);
        Instant edge = settled.plusMillis(AttemptBook.KEEP_UNKNOWN_MILLIS);
        EngineState kept = fold(request(1, AT, null), unknown(1, settled), request(2, edge, null));
        assertNotNull(kept.attempts.get(1L), "requested at the very end of its time: kept");
        EngineState gone = fold(request(1, AT, null), unknown(1, settled), request(2, edge.plusMillis(1), null));
        assertNull(gone.attempts.get(1L));
        assertNotNull(gone.attempts.get(2L));
    }

    @Test
    void D7_aTurnThatSpokeWaitsForItsAttemptsOutAndOneThatNeverSpokeDoesNot() {
        TurnOpened opened = new TurnOpened(AT, 1L, "qa", false, null, "C1", null, "slack", null, List.of("message"));
        EngineState spoke = fold(opened, new RoundSpoken(AT, 1L, 1, "words", null, null), request(1, AT, 1L), new TurnEnded(AT, 1L));
        assertEquals(List.of(1L), List.copyOf(spoke.turns.awaitingReceipt.keySet()));
        EngineState silent = fold(opened, request(1, AT, 1L), new TurnEnded(AT, 1L));
        assertEquals(List.of(), List.copyOf(silent.turns.awaitingReceipt.keySet()), "a turn that never spoke writes no receipt");
    }
}
