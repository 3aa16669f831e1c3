package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The forgotten ids hold what is live, not what was ever let go (docs/decisions/0004): an id let go
 * again and again keeps one copy, and a day that leaves gives its bytes back, so the heap follows
 * the ids retention keeps, never the history. Sizes are compared with what is held, not timed.
 */
class ForgottenIdsMemoryTest {
    @Test
    void P2_anIdLetGoAgainAndAgainKeepsOneCopy() {
        ForgottenIds ids = new ForgottenIds();
        for (int i = 0; i < 200_000; i++) ids.add("m" + (i % 7), (long) i, 20_000);
        assertEquals(7, ids.size());
        assertTrue(ids.footprint() < 32 * 1024, "bytes held for 7 ids: " + ids.footprint());
        for (int i = 200_000 - 7; i < 200_000; i++) assertEquals(i, ids.lookup("m" + (i % 7), 20_000), "the newest reader");
    }

    @Test
    void P2_whenItsDaysLeaveTheRecordGivesTheirBytesBack() {
        ForgottenIds ids = new ForgottenIds();
        for (int i = 0; i < 100_000; i++) ids.add("m-" + i, (long) i + 1, 20_000 + i / 50_000);
        long full = ids.footprint();
        ids.add("kept", 9L, 20_002);
        assertEquals(50_000, ids.expire(20_001));
        assertEquals(50_001, ids.size());
        assertFalse(ids.holds("m-0", Long.MIN_VALUE));
        assertTrue(ids.holds("m-50000", 20_001));
        assertEquals(100_000, ids.lookup("m-99999", 20_001));
        assertEquals(50_000, ids.expire(20_002));
        assertEquals(1, ids.size());
        assertEquals(9L, ids.lookup("kept", 20_002));
        assertTrue(ids.footprint() < full / 100, "bytes held for one id: " + ids.footprint() + " of " + full);
        assertEquals(ids.json(), ForgottenIds.fromJson(ids.json()).json());
    }

    @Test
    void P2_aDayWhoseEveryIdWasLetGoAgainLaterLeavesEmptyAndTheLaterDayKeepsThem() {
        ForgottenIds ids = new ForgottenIds();
        for (int i = 0; i < 3_000; i++) ids.add("m" + i, (long) i, 20_000);
        for (int i = 0; i < 3_000; i++) ids.add("m" + i, (long) i + 10_000, 20_001); // day 20,000's copies all die and are compacted away
        ids.add("late", 1L, 20_002);
        assertEquals(0, ids.expire(20_001), "day 20,000 holds no live id");
        assertEquals(3_001, ids.size());
        assertEquals(10_000, ids.lookup("m0", 20_001));
        assertEquals(3_000, ids.expire(20_002));
        assertEquals(1, ids.size());
        assertTrue(ids.holds("late", 20_002));
        assertFalse(ids.holds("m0", Long.MIN_VALUE));
    }
}
