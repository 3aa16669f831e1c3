package dev.routing.projections.turns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.projections.privacy.SealedIds;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * P13 with the ledger's closed days sealed (docs/decisions/0014, step 2): whose a turn is and the
 * channel it ended in answer as a plain map written from the rule does, whatever days are sealed,
 * whatever turns of a sealed day end after its seal, whatever retention lets go, and after any
 * restore from a checkpoint that names the sealed days; the canonical form is the one a ledger that
 * never sealed writes.
 */
class SealedTurnLedgerTest {
    private static final int SEEDS = 400;

    /** The model: turn to owner, turn to channel, turn to the day it opened; what retention let go is removed. */
    private static final class Model {
        final Map<Long, String> owner = new HashMap<>();
        final Map<Long, String> channel = new HashMap<>();
        final Map<Long, Long> day = new HashMap<>();

        String owner(long turn, long fromDay) {
            Long d = day.get(turn);
            return d == null || d < fromDay ? null : owner.get(turn);
        }

        String channel(long turn, long fromDay) {
            Long d = day.get(turn);
            return d == null || d < fromDay ? null : channel.get(turn);
        }

        void letGoBefore(long cutoff) {
            day.entrySet().removeIf(e -> {
                if (e.getValue() >= cutoff) return false;
                owner.remove(e.getKey());
                channel.remove(e.getKey());
                return true;
            });
        }
    }

    @Test
    void P13_aLedgerWithSealedDaysAnswersAsTheModelAndWritesTheUnsealedLedgersForm() {
        for (int seed = 0; seed < SEEDS; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            TurnLedger sealed = new TurnLedger();
            TurnLedger plain = new TurnLedger();
            Model model = new Model();
            Map<Long, ByteBuffer> files = new HashMap<>();
            List<Long> open = new ArrayList<>();
            long day = 20_000;
            long id = 1 + random.nextInt(3);
            int seals = 0;
            int steps = random.nextInt(2_500);
            for (int step = 0; step < steps; step++) {
                int what = random.nextInt(100);
                if (what < 45) {
                    String agent = "a" + random.nextInt(4);
                    for (TurnLedger l : List.of(sealed, plain)) l.opened(id, agent, day);
                    model.owner.put(id, agent);
                    model.day.put(id, day);
                    model.channel.remove(id);
                    open.add(id);
                    id += random.nextInt(10) == 0 ? 2 : 1; // a gap now and then: an id the engine gave no turn
                } else if (what < 75 && !open.isEmpty()) {
                    long turn = open.remove(random.nextInt(open.size()));
                    String channel = random.nextInt(4) == 0 ? null : "c" + random.nextInt(6);
                    for (TurnLedger l : List.of(sealed, plain)) l.ended(turn, channel);
                    if (model.day.containsKey(turn)) {
                        if (channel == null) model.channel.remove(turn);
                        else model.channel.put(turn, channel);
                    }
                } else if (what < 85) {
                    day += 1 + (random.nextInt(8) == 0 ? 1 : 0);
                } else if (what < 92) {
                    // the seal at the first group of a day: every closed day on the heap, oldest first
                    for (long d = sealed.oldestClosedDayOnHeap(day); d != Long.MIN_VALUE; d = sealed.oldestClosedDayOnHeap(day)) {
                        ByteBuffer body = sealed.oldestDayBody();
                        SealedTurnDay turns = SealedTurnDay.over(SealedIds.Body.of(body));
                        sealed.sealOldestDay(new TurnLedger.SealedDay(d, step, seals, turns.count(), "rules"), turns);
                        files.put(d, body);
                        seals++;
                    }
                } else if (what < 96) {
                    long cutoff = day - random.nextInt(4);
                    for (TurnLedger l : List.of(sealed, plain)) l.letGoBefore(cutoff);
                    model.letGoBefore(cutoff);
                } else {
                    sealed = restored(sealed, files);
                }
                if (random.nextInt(200) == 0) {
                    for (long t = Math.max(0, id - 40); t <= id; t++) check(seed, t, day, model, sealed);
                }
            }
            for (long t = 0; t <= id + 1; t++) check(seed, t, day, model, sealed);
            assertEquals(plain.json(), sealed.json(), "seed " + seed + ": the canonical form is the unsealed ledger's");
            assertEquals(plain.size(), sealed.size(), "seed " + seed);
            TurnLedger back = restored(sealed, files);
            assertEquals(plain.json(), back.json(), "seed " + seed + ": restored from the checkpoint's form");
            for (long t = 0; t <= id + 1; t++) check(seed, t, day, model, back);
        }
    }

    private static void check(int seed, long turn, long today, Model model, TurnLedger ledger) {
        for (long from : new long[] {Long.MIN_VALUE, today - 2, today}) {
            assertEquals(model.owner(turn, from), ledger.owner(turn, from), "seed " + seed + ": owner of turn " + turn + " from day " + from);
            assertEquals(model.channel(turn, from), ledger.channel(turn, from), "seed " + seed + ": channel of turn " + turn + " from day " + from);
        }
    }

    /** Through the checkpoint's form, each sealed day it names attached from its file. */
    private static TurnLedger restored(TurnLedger ledger, Map<Long, ByteBuffer> files) {
        TurnLedger back = TurnLedger.fromJson(ledger.form(true));
        for (TurnLedger.SealedDay d : back.sealedDays()) back.attach(d, SealedTurnDay.over(SealedIds.Body.of(files.get(d.day()))));
        return back;
    }

    @Test
    void P13_theCheckpointNamesTheSealedDaysAndHoldsOnlyTheHeapsTurns() {
        TurnLedger ledger = new TurnLedger();
        for (long id = 1; id <= 1_000; id++) ledger.opened(id, "a" + id % 3, 20_000 + (id - 1) / 500);
        ledger.ended(10, "c1"); // day 20,000's: ended before the seal
        assertEquals(20_000, ledger.oldestClosedDayOnHeap(20_001));
        assertEquals(Long.MIN_VALUE, ledger.oldestClosedDayOnHeap(20_000), "no day closed before the day it opened");
        ByteBuffer body = ledger.oldestDayBody();
        SealedTurnDay day = SealedTurnDay.over(SealedIds.Body.of(body));
        assertEquals(1, day.first());
        assertEquals(500, day.count());
        ledger.sealOldestDay(new TurnLedger.SealedDay(20_000, 77, 1234, 500, "0.30.0 x"), day);
        assertEquals(Long.MIN_VALUE, ledger.oldestClosedDayOnHeap(20_001), "day 20,001 is today's");
        ledger.ended(11, "c2"); // a sealed turn that ends after its seal
        List<String> form = ledger.form(true);
        assertEquals("turns 20000 77 1234 500 1 0.30.0 x", form.get(0), "the seal's name, the label last");
        assertTrue(form.stream().skip(1).mapToInt(String::length).sum() < ledger.json().stream().mapToInt(String::length).sum() * 2 / 3,
                "the checkpoint holds the heap's half of the turns, not all");
        TurnLedger back = TurnLedger.fromJson(form);
        IllegalStateException unread = assertThrows(IllegalStateException.class, () -> back.owner(5, 20_000));
        assertTrue(unread.getMessage().contains("day 20000") && unread.getMessage().contains("not read"), unread.getMessage());
        back.attach(back.sealedDays().get(0), day);
        assertEquals("c1", back.channel(10, 20_000));
        assertEquals("c2", back.channel(11, 20_000), "ended after the seal: from the heap");
        assertEquals("a2", back.owner(500, 20_000));
        assertEquals("a0", back.owner(501, 20_000));
        assertEquals(ledger.json(), back.json());
    }

    /** A turn past the largest gap starts the ledger again: its sealed days and their overlay go with the rest, and a checkpoint reads back. */
    @Test
    void P13_aRestartPastTheLargestGapLetsTheSealedDaysGo() {
        TurnLedger ledger = new TurnLedger();
        for (long id = 1; id <= 20; id++) ledger.opened(id, "a", 20_000 + (id - 1) / 10);
        SealedTurnDay day = SealedTurnDay.over(SealedIds.Body.of(ledger.oldestDayBody()));
        ledger.sealOldestDay(new TurnLedger.SealedDay(20_000, 1, 2, 10, "r"), day);
        ledger.ended(3, "c"); // a sealed turn's channel, on the heap
        long far = 21 + (1 << 20) + 1;
        ledger.opened(far, "b", 20_002);
        assertEquals(List.of(), ledger.sealedDays(), "the sealed days went with the restart");
        assertEquals(1, ledger.size());
        TurnLedger back = TurnLedger.fromJson(ledger.form(true));
        assertEquals(ledger.json(), back.json());
        assertEquals("b", back.owner(far, 20_002));
        assertEquals(null, back.channel(3, Long.MIN_VALUE));
    }

    @Test
    void P13_aFileThatIsNotTheDayTheCheckpointNamesIsRefused() {
        TurnLedger ledger = new TurnLedger();
        for (long id = 1; id <= 20; id++) ledger.opened(id, "a", 20_000 + (id - 1) / 10);
        SealedTurnDay day = SealedTurnDay.over(SealedIds.Body.of(ledger.oldestDayBody()));
        TurnLedger.SealedDay name = new TurnLedger.SealedDay(20_000, 1, 2, 10, "r");
        ledger.sealOldestDay(name, day);
        TurnLedger back = TurnLedger.fromJson(ledger.form(true));
        TurnLedger other = new TurnLedger();
        for (long id = 1; id <= 20; id++) other.opened(id, "a", 20_000 + (id - 1) / 12);
        SealedTurnDay shifted = SealedTurnDay.over(SealedIds.Body.of(other.oldestDayBody()));
        assertThrows(IllegalArgumentException.class, () -> back.attach(name, shifted), "another first turn or count");
        assertThrows(IllegalArgumentException.class, () -> back.attach(new TurnLedger.SealedDay(20_001, 1, 2, 10, "r"), day), "a day not named");
        assertThrows(IllegalArgumentException.class, () -> ledger.sealOldestDay(new TurnLedger.SealedDay(20_001, 1, 2, 10, "r"), day),
                "not the oldest day on the heap");
    }

    @Test
    void P13_aSealedDayNamedOutOfOrderOrApartIsRefused() {
        TurnLedger ledger = new TurnLedger();
        for (long id = 1; id <= 30; id++) ledger.opened(id, "a", 20_000 + (id - 1) / 10);
        for (int k = 0; k < 2; k++) {
            SealedTurnDay day = SealedTurnDay.over(SealedIds.Body.of(ledger.oldestDayBody()));
            ledger.sealOldestDay(new TurnLedger.SealedDay(20_000 + k, 1, 2, 10, "r"), day);
        }
        List<String> form = new ArrayList<>(ledger.form(true));
        assertEquals("turns 20000 1 2 10 1 r", form.get(0));
        List<String> swapped = new ArrayList<>(form);
        swapped.set(0, form.get(1));
        swapped.set(1, form.get(0));
        assertThrows(IllegalArgumentException.class, () -> TurnLedger.fromJson(swapped));
        List<String> apart = new ArrayList<>(form);
        apart.set(1, "turns 20001 1 2 10 12 r");
        assertThrows(IllegalArgumentException.class, () -> TurnLedger.fromJson(apart));
        List<String> garbled = new ArrayList<>(form);
        garbled.set(0, "turns 20000 1 x 10 1 r");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TurnLedger.fromJson(garbled));
        assertTrue(e.getMessage().contains("turn ledger"), e.getMessage());
    }

    @Test
    void aSealedDaysNumbersAreAsWideAsTheLargestNeedsAndABodyOfAnotherLengthIsRefused() {
        int[] agent = new int[300];
        int[] channel = new int[300];
        for (int i = 0; i < 300; i++) agent[i] = i;
        for (int[] c : new int[][] {{1, 255}, {2, 256}, {2, 65_535}, {4, 65_536}}) {
            channel[7] = c[1];
            ByteBuffer body = SealedTurnDay.body(5, agent, channel, 0, c[1] < 300 ? 200 : 300, 70_000);
            int count = c[1] < 300 ? 200 : 300;
            int width = Math.max(c[0], count > 256 ? 2 : 1);
            assertEquals(SealedTurnDay.HEAD + 2 * width * count, body.remaining(), "largest " + c[1]);
            SealedTurnDay day = SealedTurnDay.over(SealedIds.Body.of(body));
            assertEquals(c[1], day.channel(7));
            assertEquals(count - 1, day.agent(count - 1));
            ByteBuffer shorter = ByteBuffer.wrap(Arrays.copyOf(body.array(), body.remaining() - 1)); // a Body reads to its buffer's capacity
            assertThrows(IllegalArgumentException.class, () -> SealedTurnDay.over(SealedIds.Body.of(shorter)));
        }
        ByteBuffer wide = SealedTurnDay.body(5, agent, channel, 0, 3, 4);
        wide.put(12, (byte) 3);
        assertThrows(IllegalArgumentException.class, () -> SealedTurnDay.over(SealedIds.Body.of(wide)), "a width of 3");
    }
}
