package dev.routing.projections.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import dev.routing.projections.Fold;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a request and its outcome leave in the drafts they send or queue: a delivered draft leaves
 * D7's catch-up, a queued one waits behind its attempt until that settles (D4), and each counts as
 * a draft entry toward retention's next checkpoint only when it names a draft (T3).
 */
class AttemptEvolveTest {
    private static final Instant AT = Instant.parse("2026-11-02T09:00:00Z");

    private static DraftHeld held(String id) {
        return new DraftHeld(AT, id, "qa", "bounced", "words of " + id, false, null, false);
    }

    private static PublishRequested request(long attempt, List<String> drafts, List<String> queued) {
        return new PublishRequested(AT, attempt, "qa", "C1", "slack", "words", drafts, "drafts_send", null, queued, null, null);
    }

    private static PublishOutcome outcome(long attempt, String outcome) {
        return new PublishOutcome(AT.plusSeconds(1), attempt, outcome, null, "qa", null, null);
    }

    private static List<String> unnamed(Fold fold) {
        return fold.state().drafts.unnamed("qa").stream().map(d -> d.id).toList();
    }

    @Test
    void D7_aDeliveredDraftLeavesTheCatchUpAndAFailedOneStays() {
        Fold fold = new Fold();
        fold.accept(held("d-a"));
        fold.accept(held("d-b"));
        assertEquals(List.of("d-b", "d-a"), unnamed(fold));
        fold.accept(request(1, List.of("d-a"), List.of()));
        fold.accept(request(2, List.of("d-b"), List.of()));
        fold.accept(outcome(1, "delivered"));
        fold.accept(outcome(2, "failed"));
        assertEquals(List.of("d-b"), unnamed(fold));
    }

    @Test
    void D4_aQueuedDraftWaitsBehindItsAttemptUntilThatSettles() {
        Fold fold = new Fold();
        fold.accept(held("d-a"));
        fold.accept(held("d-b"));
        fold.accept(request(1, List.of("d-a"), List.of("d-b")));
        assertEquals(1L, fold.state().drafts.get("qa", "d-b").queuedBehind);
        fold.accept(outcome(1, "failed"));
        assertNull(fold.state().drafts.get("qa", "d-b").queuedBehind);
        assertNull(fold.state().drafts.get("qa", "d-a").outAttempt);
    }

    @Test
    void T3_aRequestAndItsOutcomeCountAsDraftEntriesOnlyWhenTheyNameADraft() {
        Fold fold = new Fold();
        fold.accept(held("d-a"));
        assertEquals(1, fold.state().retention.draftEntries);
        fold.accept(request(1, List.of(), List.of()));
        fold.accept(outcome(1, "delivered"));
        assertEquals(1, fold.state().retention.draftEntries, "speech's own attempt names no draft");
        fold.accept(request(2, List.of("d-a"), List.of()));
        assertEquals(2, fold.state().retention.draftEntries);
        fold.accept(outcome(2, "delivered"));
        assertEquals(3, fold.state().retention.draftEntries);
    }
}
