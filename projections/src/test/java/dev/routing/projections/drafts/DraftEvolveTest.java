package dev.routing.projections.drafts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.DraftLetGo;
import dev.routing.journal.event.Names;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.RetentionCheckpoint;
import dev.routing.projections.Fold;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * T3: every hold, dismissal and notice naming drafts counts as a draft entry toward retention's next
 * checkpoint, which starts the count again; a dismissal or a let-go closes the resident's open
 * bounce (D5), and a let-go id is remembered as let go until it is held again.
 */
class DraftEvolveTest {
    private static final Instant AT = Instant.parse("2026-11-02T09:00:00Z");

    private static DraftHeld held(String id) {
        return new DraftHeld(AT, id, "qa", "bounced", "words of " + id, false, null, false);
    }

    @Test
    void T3_holdsDismissalsAndNamingNoticesCountAsDraftEntriesUntilACheckpoint() {
        Fold fold = new Fold();
        fold.accept(held("d-a"));
        fold.accept(held("d-b"));
        fold.accept(new NoticeIssued(AT, "qa", "bounce", Names.drafts(List.of("d-a")), "named", false, null, 1L));
        fold.accept(new NoticeIssued(AT, "qa", "routing", Names.channels(List.of("C1")), "now C1", false, null, 2L));
        assertEquals(3, fold.state().retention.draftEntries, "a notice naming no draft is no draft entry");
        fold.accept(new DraftDismissed(AT, "d-b", "qa", false));
        fold.accept(new DraftDismissed(AT, "d-x", "qa", false));
        assertEquals(4, fold.state().retention.draftEntries, "a dismissal of a draft not kept changes nothing");
        fold.accept(new RetentionCheckpoint(AT, 0L, 1, 0));
        assertEquals(0, fold.state().retention.draftEntries);
    }

    @Test
    void D5_aDismissalOrALetGoClosesTheOpenBounceAndALetGoIdIsRememberedUntilHeldAgain() {
        Fold fold = new Fold();
        fold.accept(held("d-a"));
        assertEquals("d-a", fold.state().drafts.latestBounce.get("qa"));
        fold.accept(new DraftDismissed(AT, "d-a", "qa", false));
        assertFalse(fold.state().drafts.latestBounce.containsKey("qa"));
        fold.accept(held("d-b"));
        fold.accept(new DraftLetGo(AT, "d-b", "qa"));
        assertFalse(fold.state().drafts.latestBounce.containsKey("qa"));
        assertTrue(fold.state().drafts.wasLetGo("qa", "d-b"));
        fold.accept(held("d-b"));
        assertFalse(fold.state().drafts.wasLetGo("qa", "d-b"), "held again under the id: kept, not let go");
    }

    @Test
    void D4_theNewestLetGoIdsAreRememberedAsLetGoUpToTheirNumber() {
        Fold fold = new Fold();
        for (int i = 0; i <= DraftBook.REMEMBERED_LET_GO; i++) {
            String id = String.format(Locale.ROOT, "d-%05d", i);
            fold.accept(held(id));
            fold.accept(new DraftLetGo(AT, id, "qa"));
        }
        assertFalse(fold.state().drafts.wasLetGo("qa", "d-00000"), "the oldest of one more than are remembered");
        assertTrue(fold.state().drafts.wasLetGo("qa", "d-00001"));
        assertTrue(fold.state().drafts.wasLetGo("qa", "d-01000"));
    }
}
