package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.projections.privacy.ForgottenIds;
import dev.routing.projections.retention.Retention;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RULES P2, P15 over sealed days (docs/decisions/0011): an id let go again on a later day shadows its
 * older entry in a sealed day, so the record answers with its newest reader, live and restored, as
 * the heap fold from the journal's first entry does; and retention lets each day go at the edge of
 * {@link Retention#keptFrom}, sealed or not.
 */
class IdLetGoAgainAcrossSealedDaysTest {
    private static final List<String> IDS = List.of("x1", "x2", "x3", "x4", "x5");

    @TempDir
    Path dir;

    @Test
    void anIdLetGoAgainOnALaterDayAnswersWithItsNewestReaderLiveAndRestored_P2_P15() {
        try (ReadingHost host = new ReadingHost(dir, 7)) {
            Long first = host.read("a0", "x1");
            host.read("a0", "x2");
            host.read("a1", "x1");
            host.days(1);
            Long second = host.read("a0", "x1"); // day 0 is sealed by now: x1 is let go again over it
            host.read("a0", "x3");
            host.days(1);
            host.read("a0", "x2");
            Long third = host.read("a0", "x1");
            host.days(1);
            host.read("a1", "x4"); // days 0 to 2 sealed, x1 in three of them
            assertNotEquals(first, second);
            assertEquals(third, host.engine.state().privacy.forgottenLookup("a0", "x1", host.today()), "the newest reader answers");
            assertTrue(host.engine.state().privacy.forgotten.get("a0").sealedDays().size() >= 3, "the closed days are sealed");
            assertNull(host.differs(IDS));
            host.engine.checkpoint();
            host.restart();
            host.read("a0", "x1");
            assertNull(host.differs(IDS));
            assertNull(host.verify());
        }
    }

    @Test
    void eachDayLeavesAtTheEdgeOfKeptFromSealedOrOnTheHeap() {
        try (ReadingHost host = new ReadingHost(dir, 5)) {
            long day0 = host.today();
            host.read("a0", "x1");
            host.days(1);
            host.read("a0", "x2");
            host.read("a0", "x1"); // shadows day 0's x1
            host.days(1);
            host.read("a0", "x3");
            host.days(Retention.KEEP_IDS_DAYS - 2);
            host.toEndOfDay(); // the last minute of day0 + 30: day 0 still kept
            host.read("a1", "x5");
            assertEquals(day0 + Retention.KEEP_IDS_DAYS, host.today());
            assertNull(host.differs(IDS));
            host.engine.checkpoint();
            host.pastMidnight();
            host.read("a1", "x4"); // the first fact of day0 + 31: day 0 leaves
            assertEquals(ForgottenIds.NOT_HELD, host.engine.state().privacy.forgottenLookup("a0", "x9", host.today()));
            assertNull(host.differs(IDS));
            host.pastMidnight();
            host.read("a1", "x4"); // day 1 leaves, x1 with it
            assertEquals(ForgottenIds.NOT_HELD, host.engine.state().privacy.forgottenLookup("a0", "x1", host.today()));
            assertNull(host.differs(IDS));
            host.restart();
            assertNull(host.differs(IDS));
            assertNull(host.verify());
        }
    }

    @Test
    void aRestartOnTheDayOfARollAndRightAfterItUnderOtherRulesAnswersAsTheHeapFold() {
        try (ReadingHost host = new ReadingHost(dir, 6)) {
            host.read("a0", "x1");
            host.read("a1", "x2");
            host.toEndOfDay();
            host.restart(); // its opening is the last minute of day 0
            host.pastMidnight();
            host.restart(); // its opening is the first fact of day 1: it closes day 0
            assertTrue(host.engine.state().privacy.forgotten.get("a0").sealedDays().size() == 1, "the opening sealed day 0");
            host.read("a0", "x1");
            host.restart(); // right after the roll, under the first rules again
            host.read("a0", "x2");
            host.days(1);
            host.restart();
            assertNull(host.differs(IDS));
            assertNull(host.verify());
        }
    }
}
