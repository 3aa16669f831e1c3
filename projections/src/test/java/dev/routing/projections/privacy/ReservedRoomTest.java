package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A restore about to fold a tail gives the newest day's ids their room in one step
 * ({@link ForgottenIds#reserve}): no copy of the arena or table inside the fold, no table grown by
 * half past what the tail needs, and nothing answered or written differently.
 */
class ReservedRoomTest {
    private static final long DAY = 20_000;

    /** Two days of ids as a checkpoint holds them, read back as a restore reads them: exactly sized. */
    private static ForgottenIds restored(int yesterday, int today) {
        ForgottenIds ids = new ForgottenIds();
        for (int i = 0; i < yesterday; i++) ids.add("y-" + i, (long) i, DAY);
        for (int i = 0; i < today; i++) ids.add(Long.toString(9_000_000L + 13L * i), i % 4 == 0 ? null : (long) i, DAY + 1);
        return ForgottenIds.fromJson(ids.json());
    }

    /** Ids as today's (a day's ids are alike), one in five let go again: from {@code from}, {@code n} of them. */
    private static void tail(ForgottenIds ids, int from, int n) {
        for (int i = from; i < from + n; i++) ids.add(Long.toString(9_000_000L + 13L * (i % 5 == 0 ? i / 5 : 1_000_000 + i)), (long) i, DAY + 1);
    }

    @Test
    void P2_aTailWithinItsShareGrowsNeitherTheTableNorTheArena() {
        ForgottenIds ids = restored(4_000, 20_000);
        ids.reserve(0.25, DAY + 1);
        int[] slots = ids.table.slots;
        byte[] bytes = ids.arena.bytes;
        tail(ids, 0, 4_000); // a fifth of today, under its quarter: no step inside the fold
        assertTrue(slots == ids.table.slots, "the table was not rehashed inside the tail");
        assertTrue(bytes == ids.arena.bytes, "the arena was not copied inside the tail");
    }

    @Test
    void P2_theRoomFollowsTheNewestDayNotTheWholeHeap() {
        ForgottenIds ids = restored(100_000, 1_000);
        long before = ids.footprint();
        ids.reserve(0.5, DAY + 1);
        // half of today's thousand ids, not half of the heap's hundred thousand
        assertTrue(ids.footprint() - before < 40_000, "bytes reserved for 500 ids: " + (ids.footprint() - before));
        ForgottenIds unreserved = restored(100_000, 1_000);
        tail(unreserved, 0, 500);
        tail(ids, 0, 500);
        assertTrue(ids.footprint() < unreserved.footprint(), "a reserved tail holds less than one grown by steps: "
                + ids.footprint() + " against " + unreserved.footprint());
    }

    @Test
    void P2_theRoomGoesOnlyToTheDayTheShareWasCountedIn() {
        // an agent with no id yet today holds yesterday's: early in a day the share is large, and
        // doubling yesterday's whole day would be heap the tail never uses
        ForgottenIds ids = restored(20_000, 0);
        long before = ids.footprint();
        ids.reserve(5.0, DAY + 1);
        assertEquals(before, ids.footprint(), "yesterday's ids are not today's");
        ids.reserve(0.5, DAY);
        assertTrue(ids.footprint() > before, "the day the share was counted in gets its room");
    }

    @Test
    void P2_aShareOverOneReservesADoublingAtMostAndNonsenseReservesNothing() {
        ForgottenIds ids = restored(0, 10_000);
        long before = ids.footprint();
        ids.reserve(1_000.0, DAY + 1);
        long doubled = ids.footprint();
        assertTrue(doubled < 2 * before + 16, "at most twice: " + doubled + " from " + before);
        for (double nonsense : new double[] {0, -1, Double.NaN}) {
            ForgottenIds other = restored(0, 10_000);
            other.reserve(nonsense, DAY + 1);
            assertEquals(before, other.footprint(), "share " + nonsense);
        }
        ForgottenIds empty = new ForgottenIds();
        empty.reserve(0.5, DAY + 1);
        assertEquals(new ForgottenIds().footprint(), empty.footprint(), "an empty record reserves nothing");
    }

    @Test
    void P2_reservedOrNotTheRecordAnswersAndWritesTheSame() {
        Random random = new Random(34);
        for (int round = 0; round < 40; round++) {
            int yesterday = random.nextInt(2_000);
            int today = 1 + random.nextInt(5_000);
            double share = random.nextDouble() * 1.5;
            ForgottenIds reserved = restored(yesterday, today);
            ForgottenIds grown = restored(yesterday, today);
            reserved.reserve(share, random.nextInt(4) == 0 ? DAY : DAY + 1);
            int from = random.nextInt(1_000);
            int n = random.nextInt(8_000);
            tail(reserved, from, n);
            tail(grown, from, n);
            assertEquals(grown.json(), reserved.json(), "round " + round + ": the canonical form");
            assertEquals(grown.size(), reserved.size());
            for (int k = 0; k < 200; k++) {
                String id = switch (random.nextInt(4)) {
                    case 0 -> "y-" + random.nextInt(2_500);
                    case 1 -> Long.toString(9_000_000L + 13L * random.nextInt(6_000));
                    default -> Long.toString(9_000_000L + 13L * (1_000_000 + random.nextInt(10_000)));
                };
                assertEquals(grown.lookup(id, DAY), reserved.lookup(id, DAY), () -> "round: " + id);
            }
        }
    }
}
