package dev.routing.projections.drafts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.DraftLetGo;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.Names;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.event.RetentionCheckpoint;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnOpened;
import dev.routing.projections.EngineState;
import dev.routing.projections.Fold;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * D7 as the fold keeps it: a notice with an id names the drafts held before it, a history change
 * that takes it off the branch (or puts it back) unnames (or names) exactly those, and a retention
 * checkpoint forgets a notice only once nothing it named is kept and open.
 */
class NamingNoticesTest {
    private static final Instant AT = Instant.parse("2026-11-02T09:00:00Z");

    private static DraftHeld held(String id) {
        return new DraftHeld(AT, id, "qa", "bounced", "words of " + id, false, null, false);
    }

    private static NoticeIssued naming(long notice, String... drafts) {
        return new NoticeIssued(AT, "qa", "bounce", Names.drafts(List.of(drafts)), "named", false, null, notice);
    }

    private static HistoryChanged off(long... notices) {
        List<Long> ids = new ArrayList<>();
        for (long n : notices) ids.add(n);
        return new HistoryChanged(AT, "qa", null, null, null, ids, null);
    }

    private static HistoryChanged back(long notice) {
        return new HistoryChanged(AT, "qa", null, null, null, null, List.of(notice));
    }

    private static RetentionCheckpoint checkpoint() {
        return new RetentionCheckpoint(AT, 0L, 0, 0);
    }

    private static EngineState fold(Entry... entries) {
        Fold fold = new Fold();
        for (Entry e : entries) fold.accept(e);
        return fold.state();
    }

    private static boolean awaits(EngineState s, String draft) {
        return s.drafts.get("qa", draft).awaitsNaming();
    }

    @Test
    void D7_takingTheFirstNoticeOffTheBranchUnnamesOnlyTheDraftsItNamed() {
        EngineState s = fold(held("d-a"), held("d-b"), naming(1, "d-a"), naming(2, "d-b"), off(1));
        assertTrue(awaits(s, "d-a"), "notice 1 named d-a, and it is off the branch");
        assertFalse(awaits(s, "d-b"), "notice 2 still names d-b: notice 1 is one the engine gave, not an unknown id");
    }

    @Test
    void D7_anIdTheEngineNeverGaveUnnamesEveryOpenDraft() {
        EngineState s = fold(held("d-a"), held("d-b"), naming(1, "d-a"), naming(2, "d-b"), off(3));
        assertTrue(awaits(s, "d-a"));
        assertTrue(awaits(s, "d-b"));
        s = fold(held("d-a"), naming(1, "d-a"), off(0));
        assertTrue(awaits(s, "d-a"), "0 is no notice id");
    }

    @Test
    void D7_aNoticeDoesNotNameTheNewerDraftThatTookALetGoIdAfterIt() {
        EngineState s = fold(held("d-a"), naming(1, "d-a"), new DraftLetGo(AT, "d-a", "qa"), held("d-a"), off(1));
        assertTrue(awaits(s, "d-a"), "the newer d-a was never named, and a removed notice leaves it so");
        s = fold(held("d-a"), naming(1, "d-a"), new DraftLetGo(AT, "d-a", "qa"), held("d-a"), naming(2, "d-a"), off(1));
        assertFalse(awaits(s, "d-a"), "notice 2 names the newer d-a; notice 1 never did");
    }

    @Test
    void D7_aNoticeNamingAnOpenDraftOutlivesARetentionCheckpoint() {
        EngineState s = fold(held("d-a"), held("d-b"), naming(1, "d-a", "d-b"), checkpoint(), off(1));
        assertTrue(awaits(s, "d-a"), "the checkpoint kept notice 1, so taking it off unnames its drafts");
        assertTrue(awaits(s, "d-b"));
        s = fold(held("d-a"), held("d-b"), naming(1, "d-a", "d-b"), new DraftDismissed(AT, "d-a", "qa", false),
                checkpoint(), off(1));
        assertTrue(awaits(s, "d-b"), "d-b is still open, so notice 1 matters still");
    }

    @Test
    void D7_aRetentionCheckpointForgetsANoticeWhoseDraftsAreAllClosedOrGone() {
        EngineState dismissed = fold(held("d-a"), naming(1, "d-a"), new DraftDismissed(AT, "d-a", "qa", false), checkpoint());
        assertEquals(List.of(), List.copyOf(dismissed.drafts.notices.keySet()));
        EngineState letGo = fold(held("d-a"), naming(1, "d-a"), new DraftLetGo(AT, "d-a", "qa"), checkpoint());
        assertEquals(List.of(), List.copyOf(letGo.drafts.notices.keySet()));
        EngineState reused = fold(held("d-a"), naming(1, "d-a"), new DraftLetGo(AT, "d-a", "qa"), held("d-a"), checkpoint());
        assertEquals(List.of(), List.copyOf(reused.drafts.notices.keySet()), "the d-a kept now is not the one notice 1 named");
        EngineState open = fold(held("d-a"), held("d-b"), naming(1, "d-a", "d-b"), new DraftDismissed(AT, "d-a", "qa", false), checkpoint());
        assertEquals(List.of(1L), List.copyOf(open.drafts.notices.keySet()));
    }

    @Test
    void D7_aRestartInAnOpenTurnTakesOffOnlyTheNoticesGivenSinceItOpened() {
        TurnOpened opened = new TurnOpened(AT, 1L, "qa", false, null, "C1", null, "slack", null, List.of("message"));
        // Each decision answers the fact before it (an inert one here), as in a journal.
        TurnEnded fact = new TurnEnded(AT, 999L);
        EngineState s = fold(held("d-a"), held("d-b"), naming(1, "d-a"), fact, opened, fact, naming(2, "d-b"),
                new ProcessRestarted(AT));
        assertFalse(awaits(s, "d-a"), "notice 1 was given before the turn opened: the host recorded it");
        assertTrue(awaits(s, "d-b"), "notice 2 was given in the turn the restart cut");
    }

    @Test
    void D7_aNoticePutBackNamesItsDraftsAgain() {
        EngineState s = fold(held("d-a"), naming(1, "d-a"), off(1), checkpoint(), back(1));
        assertFalse(awaits(s, "d-a"));
    }
}
