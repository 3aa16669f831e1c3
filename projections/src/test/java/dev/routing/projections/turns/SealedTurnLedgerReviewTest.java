package dev.routing.projections.turns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.routing.projections.privacy.SealedIds;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Review of the turn ledger's sealed days (docs/decisions/0014, step 2): a ledger that seals its
 * closed days, fed the same opens, ends and retention as a ledger that never seals, answers
 * {@code owner}, {@code channel} and {@code size} as that one does and writes its canonical form
 * byte for byte, also after any number of round trips through the checkpoint's form (each named day
 * attached from the bytes {@code oldestDayBody} gave); for engine-like streams both answer as a plain
 * map model written from the class comments.
 */
class SealedTurnLedgerReviewTest {
    private static final long LARGEST_GAP = 1 << 20;
    /** More seals of one closed day than this in one sealer pass: the sealer would never stop. */
    private static final int SEAL_GUARD = 10_000;

    /** The model from the class comments: turn to owner, channel and day opened; retention removes whole days. */
    private static final class Model {
        final Map<Long, String> owner = new HashMap<>();
        final Map<Long, String> channel = new HashMap<>();
        final Map<Long, Long> day = new HashMap<>();
        long end = 1;

        void opened(long turn, String agent, long epochDay) {
            if (turn - end > LARGEST_GAP) {
                owner.clear();
                channel.clear();
                day.clear();
            }
            owner.put(turn, agent);
            channel.remove(turn);
            day.put(turn, epochDay);
            end = Math.max(end, turn + 1);
        }

        void ended(long turn, String in) {
            if (!day.containsKey(turn)) return;
            if (in == null) channel.remove(turn);
            else channel.put(turn, in);
        }

        void letGoBefore(long cutoff) {
            day.entrySet().removeIf(e -> {
                if (e.getValue() >= cutoff) return false;
                owner.remove(e.getKey());
                channel.remove(e.getKey());
                return true;
            });
        }

        String owner(long turn, long fromDay) {
            Long d = day.get(turn);
            return d == null || d < fromDay ? null : owner.get(turn);
        }

        String channel(long turn, long fromDay) {
            Long d = day.get(turn);
            return d == null || d < fromDay ? null : channel.get(turn);
        }
    }

    /** A ledger that seals, the one that never does, and the files the sealing one wrote. */
    private static final class Pair {
        TurnLedger sealed = new TurnLedger();
        final TurnLedger plain = new TurnLedger();
        final Map<TurnLedger.SealedDay, ByteBuffer> files = new HashMap<>();
        int seals;

        void opened(long turn, String agent, long day) {
            sealed.opened(turn, agent, day);
            plain.opened(turn, agent, day);
        }

        void ended(long turn, String in) {
            sealed.ended(turn, in);
            plain.ended(turn, in);
        }

        void letGoBefore(long cutoff) {
            sealed.letGoBefore(cutoff);
            plain.letGoBefore(cutoff);
        }

        /** As TurnDaySealer: every closed day on the heap, oldest first; fails rather than loop for ever. */
        void seal(long today, long index) {
            int n = 0;
            for (long d = sealed.oldestClosedDayOnHeap(today); d != Long.MIN_VALUE; d = sealed.oldestClosedDayOnHeap(today)) {
                if (++n > SEAL_GUARD) fail("the sealer never stops: day " + d + " is the oldest closed day on the heap after " + SEAL_GUARD + " seals");
                ByteBuffer body = sealed.oldestDayBody();
                byte[] copy = new byte[body.remaining()];
                body.duplicate().get(copy);
                SealedTurnDay turns = SealedTurnDay.over(SealedIds.Body.of(ByteBuffer.wrap(copy)));
                TurnLedger.SealedDay name = new TurnLedger.SealedDay(d, index, seals++, turns.count(), "0.30.0 rules x");
                sealed.sealOldestDay(name, turns);
                files.put(name, ByteBuffer.wrap(copy));
            }
        }

        /** Through the checkpoint's form and back, each named day attached from its file. */
        void restore() {
            sealed = roundTrip(sealed, files);
        }
    }

    static TurnLedger roundTrip(TurnLedger ledger, Map<TurnLedger.SealedDay, ByteBuffer> files) {
        List<String> form = ledger.form(true);
        TurnLedger back = TurnLedger.fromJson(form);
        assertEquals(ledger.sealedDays(), back.sealedDays(), "the days the checkpoint names");
        for (TurnLedger.SealedDay d : back.sealedDays()) {
            ByteBuffer file = files.get(d);
            assertTrue(file != null, "no file for " + d);
            back.attach(d, SealedTurnDay.over(SealedIds.Body.of(file.duplicate())));
        }
        assertEquals(form, back.form(true), "the checkpoint's form of the restored ledger");
        return back;
    }

    private static void compare(String where, Pair p, Model model, long today) {
        assertEquals(p.plain.size(), p.sealed.size(), where + ": size");
        long end = model.end;
        long[] fromDays = {Long.MIN_VALUE, today - 3, today - 1, today, today + 1};
        for (long t = Math.max(0, end - 300); t <= end + 2; t++) {
            for (long fd : fromDays) {
                String o = p.plain.owner(t, fd);
                String c = p.plain.channel(t, fd);
                assertEquals(o, p.sealed.owner(t, fd), where + ": owner of " + t + " from day " + fd);
                assertEquals(c, p.sealed.channel(t, fd), where + ": channel of " + t + " from day " + fd);
                assertEquals(model.owner(t, fd), o, where + ": the model's owner of " + t + " from day " + fd);
                assertEquals(model.channel(t, fd), c, where + ": the model's channel of " + t + " from day " + fd);
            }
        }
    }

    private static void compareForms(String where, Pair p) {
        assertEquals(p.plain.json(), p.sealed.json(), where + ": the canonical form is the unsealed ledger's");
        assertEquals(p.plain.json(), p.sealed.form(p.sealed.sealedDays().isEmpty()), where + ": a checkpoint with nothing sealed is canonical");
    }

    // ---- engine-like streams: ids and days in order -----------------------------------------------

    @Test
    void engineLikeHistoriesAnswerAsTheUnsealedLedgerAndTheModelThroughSealsRetentionAndRestores() {
        for (int seed = 0; seed < 150; seed++) {
            SplittableRandom r = new SplittableRandom(0xC0FFEE + seed);
            Pair p = new Pair();
            Model m = new Model();
            int agents = r.nextInt(4) == 0 ? 300 : 1 + r.nextInt(5); // over 255 names: numbers two bytes wide
            int keep = r.nextInt(10); // the days retention keeps
            long day = 20_000;
            long id = r.nextInt(3) == 0 ? 1 + r.nextInt(2_000) : 1 + r.nextInt(3); // a leading gap before the first day's first turn
            List<Long> open = new ArrayList<>();
            List<Long> endedOnce = new ArrayList<>();
            int steps = 200 + r.nextInt(1_500);
            for (int step = 0; step < steps; step++) {
                String where = "seed " + seed + " step " + step;
                int what = r.nextInt(100);
                if (what < 40) {
                    String agent = "agent-" + r.nextInt(agents);
                    p.opened(id, agent, day);
                    m.opened(id, agent, day);
                    open.add(id);
                    int gap = r.nextInt(20);
                    id += gap == 0 ? 2 + r.nextInt(30) : 1;
                    if (r.nextInt(400) == 0) id += LARGEST_GAP + 1 + r.nextInt(5); // the restart
                } else if (what < 65 && !open.isEmpty()) {
                    long turn = open.remove(r.nextInt(open.size()));
                    String channel = r.nextInt(5) == 0 ? null : "chan-" + r.nextInt(agents + 3);
                    p.ended(turn, channel);
                    m.ended(turn, channel);
                    endedOnce.add(turn);
                } else if (what < 68 && !endedOnce.isEmpty()) {
                    // a turn ended again (ProcessRestarted closes every open turn; a hand-built stream may repeat)
                    long turn = endedOnce.get(r.nextInt(endedOnce.size()));
                    String channel = r.nextBoolean() ? null : "late-" + r.nextInt(3);
                    p.ended(turn, channel);
                    m.ended(turn, channel);
                } else if (what < 78) {
                    day += r.nextInt(6) == 0 ? 2 + r.nextInt(4) : 1;
                } else if (what < 88) {
                    p.seal(day, step);
                } else if (what < 94) {
                    long cutoff = r.nextInt(10) == 0 ? day + 1 + r.nextInt(3) : day - keep - r.nextInt(3);
                    p.letGoBefore(cutoff);
                    m.letGoBefore(cutoff);
                } else {
                    p.restore();
                }
                if (step % 37 == 0) {
                    compare(where, p, m, day);
                    compareForms(where, p);
                }
            }
            String where = "seed " + seed + " at the end";
            compare(where, p, m, day);
            compareForms(where, p);
            p.seal(day + 1, steps);
            p.restore();
            compare(where + ", everything sealed and restored", p, m, day + 1);
            compareForms(where + ", everything sealed and restored", p);
        }
    }

    @Test
    void restoreThenSealThenRestoreManyTimesKeepsTheForms() {
        Pair p = new Pair();
        Model m = new Model();
        long id = 7;
        for (long day = 20_000; day < 20_030; day++) {
            for (int k = 0; k < 25; k++, id++) {
                p.opened(id, "a" + (id % 7), day);
                m.opened(id, "a" + (id % 7), day);
                if (id % 3 == 0) {
                    p.ended(id - 2, "c" + (day % 5));
                    m.ended(id - 2, "c" + (day % 5));
                }
            }
            p.seal(day, day);
            p.restore();
            p.ended(id - 60, "after-" + day); // a sealed turn of an earlier day ends after its seal
            m.ended(id - 60, "after-" + day);
            p.seal(day + 1, day);
            p.restore();
            if (day % 4 == 0) {
                p.letGoBefore(day - 6);
                m.letGoBefore(day - 6);
            }
            compare("day " + day, p, m, day);
            compareForms("day " + day, p);
        }
        p.letGoBefore(30_000); // every day goes
        m.letGoBefore(30_000);
        p.restore();
        compare("all let go", p, m, 30_000);
        compareForms("all let go", p);
        assertEquals(0, p.sealed.size());
        assertTrue(p.sealed.sealedDays().isEmpty());
    }

    @Test
    void moreThan65535NamesAcrossASeal() {
        Pair p = new Pair();
        long id = 1;
        for (int i = 0; i < 70_000; i++, id++) p.opened(id, "n" + i, 20_000 + i / 30_000);
        for (long t = 1; t < id; t += 7) p.ended(t, "n" + (69_999 - t % 1_000));
        p.seal(20_002, 1);
        assertEquals(2, p.sealed.sealedDays().size());
        for (long t = 1; t < 60_000; t += 13) p.ended(t, t % 2 == 0 ? null : "extra" + t);
        p.opened(id, "last", 20_003);
        p.seal(20_004, 2);
        p.restore();
        assertEquals(p.plain.size(), p.sealed.size());
        for (long t = 1; t <= id; t++) {
            assertEquals(p.plain.owner(t, 20_000), p.sealed.owner(t, 20_000), "owner " + t);
            assertEquals(p.plain.channel(t, 20_000), p.sealed.channel(t, 20_000), "channel " + t);
        }
        compareForms("70,000 names", p);
    }

    @Test
    void aTurnAtTheLargestGapFillsItsDayAndSealsWhole() {
        Pair p = new Pair();
        p.opened(3, "a", 20_000);
        p.opened(4 + LARGEST_GAP, "b", 20_000); // exactly the largest gap: kept, every id between a gap
        p.opened(5 + LARGEST_GAP, "c", 20_001);
        p.seal(20_002, 1);
        p.restore();
        assertEquals(p.plain.size(), p.sealed.size());
        for (long t : new long[] {1, 2, 3, 4, 1_000, 3 + LARGEST_GAP, 4 + LARGEST_GAP, 5 + LARGEST_GAP, 6 + LARGEST_GAP}) {
            assertEquals(p.plain.owner(t, 20_000), p.sealed.owner(t, 20_000), "owner " + t);
        }
        compareForms("the largest gap", p);
        p.opened(7 + 2 * LARGEST_GAP, "d", 20_002); // past it: the ledger starts again, the seals forgotten
        assertTrue(p.sealed.sealedDays().isEmpty());
        p.restore();
        compareForms("the restart", p);
        assertEquals("d", p.sealed.owner(7 + 2 * LARGEST_GAP, 20_002));
    }

    // ---- streams no engine makes but the fold and the ledger accept ----------------------------------

    /**
     * One turn id opened on two days (TurnBook: "a hand-built stream can open one id for two agents")
     * leaves the earlier day with no turns of its own: DayRuns gives it the next day's start. The
     * unsealed ledger answers fine; the sealer's loop (TurnDaySealer.written: while
     * oldestClosedDayOnHeap(today) != MIN) seals that day with 0 turns, the heap does not move, and the
     * same day is the oldest closed day on the heap again: for ever, writing a file each time.
     */
    @Test
    void aDayWithNoTurnsOfItsOwnStopsTheSealer() {
        Pair p = new Pair();
        p.opened(1, "a", 20_000);
        p.opened(5, "a", 20_001);
        p.opened(5, "b", 20_002); // the same id again, a day later: day 20,001 keeps no turn
        p.opened(6, "b", 20_002);
        p.seal(20_003, 1);
        comparePlain("an empty day", p, 6, 20_003);
        compareForms("an empty day", p);
    }

    /** The same, from a checkpoint an earlier build wrote of such a ledger (the canonical form accepts two days at one start). */
    @Test
    void aCheckpointWithTwoDaysAtOneStartStopsTheSealer() {
        TurnLedger writer = new TurnLedger();
        writer.opened(1, "a", 20_000);
        writer.opened(3, "a", 20_001);
        writer.opened(3, "b", 20_002);
        Pair p = new Pair();
        p.sealed = TurnLedger.fromJson(writer.json());
        p.seal(20_003, 1);
    }

    /**
     * An id opened again inside the sealed range: the unsealed ledger takes its new owner and clears
     * its channel (as before this change, for any id at or past the first kept); the sealed one ignores
     * it (opened: {@code turn < heapFirst}), so owner, channel and the canonical form differ, and the
     * names table too when the owner is new.
     */
    @Test
    void anIdOpenedAgainInsideTheSealedRangeIsIgnoredWhereTheUnsealedLedgerTakesIt() {
        Pair p = new Pair();
        for (long t = 1; t <= 10; t++) p.opened(t, "a", 20_000 + (t - 1) / 5);
        p.ended(2, "c");
        p.seal(20_001, 1);
        assertEquals(1, p.sealed.sealedDays().size());
        p.opened(2, "z", 20_001);
        assertEquals("z", p.plain.owner(2, Long.MIN_VALUE));
        assertEquals(p.plain.owner(2, Long.MIN_VALUE), p.sealed.owner(2, Long.MIN_VALUE), "owner of the reopened sealed turn");
        assertEquals(p.plain.channel(2, Long.MIN_VALUE), p.sealed.channel(2, Long.MIN_VALUE), "channel of the reopened sealed turn");
        compareForms("reopened in the sealed range", p);
    }

    /** Hand-built streams otherwise (ids and days out of order, ends of any id) against the unsealed ledger. */
    @Test
    void handBuiltHistoriesOutsideTheTwoKnownCasesAnswerAsTheUnsealedLedger() {
        int ran = 0;
        for (int seed = 0; seed < 300; seed++) {
            SplittableRandom r = new SplittableRandom(0xBADC0DE + seed);
            Pair p = new Pair();
            long day = 20_000;
            long newest = 0;
            int steps = 100 + r.nextInt(600);
            try {
                for (int step = 0; step < steps; step++) {
                    String where = "seed " + seed + " step " + step;
                    int what = r.nextInt(100);
                    long end = newest + 1;
                    if (what < 40) {
                        long turn;
                        long opensDay = r.nextInt(10) == 0 ? day - r.nextInt(3) : day; // a clock gone back now and then
                        int how = r.nextInt(20);
                        if (how == 0) turn = Math.max(1, newest - r.nextInt(40)); // an id below the newest
                        else turn = newest + 1 + (r.nextInt(8) == 0 ? r.nextInt(10) : 0);
                        if (skipsKnownCases(p, turn, opensDay)) continue;
                        p.opened(turn, "a" + r.nextInt(6), opensDay);
                        newest = Math.max(newest, turn);
                    } else if (what < 70) {
                        long turn = end - 60 + r.nextInt(70); // any id, kept or not, opened or not
                        p.ended(turn, r.nextInt(4) == 0 ? null : "c" + r.nextInt(8));
                    } else if (what < 80) {
                        day += r.nextInt(5) == 0 ? 2 : 1;
                    } else if (what < 90) {
                        p.seal(day, step);
                    } else if (what < 95) {
                        p.letGoBefore(day - 2 - r.nextInt(8));
                    } else {
                        p.restore();
                    }
                    if (step % 23 == 0) comparePlain(where, p, newest, day);
                }
                comparePlain("seed " + seed + " at the end", p, newest, day);
                compareForms("seed " + seed + " at the end", p);
                ran++;
            } catch (IllegalArgumentException refused) {
                // the canonical form refuses days out of order in the unsealed ledger's checkpoint too
                assertThrows(IllegalArgumentException.class, () -> TurnLedger.fromJson(p.plain.json()), "seed " + seed + ": " + refused.getMessage());
            }
        }
        assertTrue(ran > 100, "ran " + ran);
    }

    /**
     * Leaves out opens that put the days out of order, which the canonical form refuses in both builds.
     * (An id opened again in the sealed range and an open that leaves a day with no turns, which a
     * review found and the ledger now takes, are not left out.)
     */
    private static boolean skipsKnownCases(Pair p, long turn, long opensDay) {
        try {
            TurnLedger probe = TurnLedger.fromJson(p.plain.json());
            probe.opened(turn, "probe", opensDay);
            TurnLedger.fromJson(probe.json());
            return false;
        } catch (IllegalArgumentException outOfOrder) {
            return true;
        }
    }

    private static void comparePlain(String where, Pair p, long newest, long today) {
        assertEquals(p.plain.size(), p.sealed.size(), where + ": size");
        for (long t = Math.max(0, newest - 200); t <= newest + 2; t++) {
            for (long fd : new long[] {Long.MIN_VALUE, today - 3, today - 1, today}) {
                assertEquals(p.plain.owner(t, fd), p.sealed.owner(t, fd), where + ": owner of " + t + " from day " + fd);
                assertEquals(p.plain.channel(t, fd), p.sealed.channel(t, fd), where + ": channel of " + t + " from day " + fd);
            }
        }
    }

    // ---- forms no writer produces -------------------------------------------------------------------

    @Test
    void aCheckpointNamingASealedDayThatIsNotTheLedgersIsRefusedOrAnswersAsItsFile() {
        Pair p = new Pair();
        for (long t = 1; t <= 30; t++) p.opened(t, "a" + t % 4, 20_000 + (t - 1) / 10);
        p.seal(20_002, 1);
        List<String> form = p.sealed.form(true);
        assertEquals(2, p.sealed.sealedDays().size());
        // the first sealed day dropped from the names while its turns are still the first kept
        List<String> lost = new ArrayList<>(form.subList(1, form.size()));
        assertThrows(IllegalArgumentException.class, () -> TurnLedger.fromJson(lost), "the first turn kept is in no sealed day");
        // a heap that does not start where the sealed days end
        List<String> apart = new ArrayList<>(form);
        apart.set(1, apart.get(1).replace(" 10 11 ", " 9 11 "));
        assertNotEquals(form, apart);
        assertThrows(IllegalArgumentException.class, () -> TurnLedger.fromJson(apart));
    }
}
