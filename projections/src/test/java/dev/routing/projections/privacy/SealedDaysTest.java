package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * docs/decisions/0011 on the record alone: closed days sealed into tables (held here in memory, as
 * the engine's files hold them) answer every lookup as the record kept whole on the heap, newest day
 * first (an id let go again shadows its older entry, with its newer reader), expire by whole days,
 * and write the same canonical form; a checkpoint's record answers nothing until its days are attached.
 */
class SealedDaysTest {
    private static final long DAY = 20_400;

    @Test
    void anIdLetGoAgainOnALaterDayAnswersWithItsNewerReaderAfterBothDaysAreSealed() {
        ForgottenIds heap = new ForgottenIds();
        ForgottenIds sealed = new ForgottenIds();
        for (ForgottenIds ids : List.of(heap, sealed)) {
            ids.add("1180000000000000001", 7L, DAY);
            ids.add("msg-ü", null, DAY);
            ids.add("kept", 8L, DAY);
        }
        sealOldest(sealed);
        for (ForgottenIds ids : List.of(heap, sealed)) {
            ids.add("1180000000000000001", 9L, DAY + 1);
            ids.add("msg-ü", 10L, DAY + 1);
        }
        sealOldest(sealed);
        assertEquals(9L, sealed.lookup("1180000000000000001", DAY));
        assertEquals(10L, sealed.lookup("msg-ü", DAY));
        assertEquals(8L, sealed.lookup("kept", DAY));
        assertEquals(ForgottenIds.NOT_HELD, sealed.lookup("kept", DAY + 1), "let go on a day before the one asked from");
        assertEquals(9L, sealed.lookup("1180000000000000001", DAY + 1));
        assertEquals(heap.json(), sealed.json(), "the canonical form leaves out what a newer day shadows");
    }

    @Test
    void randomDaysSealedOrNotAnswerAlikeAndWriteTheSameForm() {
        SplittableRandom random = new SplittableRandom(34);
        ForgottenIds heap = new ForgottenIds();
        ForgottenIds sealed = new ForgottenIds();
        long day = DAY;
        for (int step = 0; step < 3_000; step++) {
            if (random.nextInt(200) == 0) {
                day += 1 + random.nextInt(3);
                while (sealed.oldestDayOnHeap() < day && random.nextBoolean()) sealOldest(sealed);
            }
            if (random.nextInt(500) == 0) {
                long cutoff = day - random.nextInt(6);
                heap.expire(cutoff);
                sealed.expire(cutoff);
            }
            String id = random.nextInt(3) == 0 ? "t-" + random.nextInt(400) : Long.toString(1_180_000_000_000_000_000L + random.nextInt(400));
            Long reader = random.nextInt(4) == 0 ? null : (long) step;
            heap.add(id, reader, day);
            sealed.add(id, reader, day);
        }
        for (long from = DAY - 1; from <= day + 1; from++) {
            for (int n = 0; n < 400; n++) {
                for (String id : List.of("t-" + n, Long.toString(1_180_000_000_000_000_000L + n))) {
                    assertEquals(heap.lookup(id, from), sealed.lookup(id, from), id + " from day " + from);
                }
            }
        }
        assertEquals(heap.json(), sealed.json());
        assertEquals(heap.json(), ForgottenIds.fromJson(sealed.json()).json());
    }

    @Test
    void aCheckpointNamesItsSealedDaysAndItsRecordAnswersOnlyOnceTheyAreAttached() {
        ForgottenIds ids = new ForgottenIds();
        ids.add("a", 1L, DAY);
        ids.add("b", 2L, DAY + 1);
        SealedIds table = sealOldest(ids);
        List<String> checkpoint = ForgottenIdsForm.writeForCheckpoint(ids);
        assertEquals("sealed " + DAY + " 77 -5 1 rules 2", checkpoint.get(0));
        ForgottenIds restored = ForgottenIds.fromJson(checkpoint);
        assertEquals(2L, restored.lookup("b", DAY), "today, from the heap");
        assertThrows(IllegalStateException.class, () -> restored.lookup("a", DAY));
        assertThrows(IllegalStateException.class, restored::json);
        restored.attach(restored.sealedDays().get(0), table);
        assertEquals(1L, restored.lookup("a", DAY));
        assertEquals(ids.json(), restored.json());
    }

    /** Seals the oldest day on the heap into a table in memory, as the engine does into a file. */
    private static SealedIds sealOldest(ForgottenIds ids) {
        long day = ids.oldestDayOnHeap();
        SealedIds table = SealedIds.over(day, SealedIds.Body.of(ids.oldestDayBody()));
        ids.sealOldestDay(new ForgottenIds.SealedDay(day, 77, -5, "rules 2", table.size()), table);
        return table;
    }
}
