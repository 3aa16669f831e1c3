package dev.routing.projections.turns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * P13: whose a turn is and where it spoke, kept for every turn opened on a day retention keeps,
 * however many turns followed it; a checkpoint writes it so a restored book answers the same.
 */
class TurnLedgerTest {
    private static Turn turn(long id, String agent, String locus) {
        Turn t = new Turn();
        t.id = id;
        t.agent = agent;
        t.locus = locus;
        return t;
    }

    @Test
    void P13_anEndedTurnKeepsItsOwnerAndChannelPastAnyNumberOfLaterTurns() {
        EngineState s = new EngineState();
        s.turns.open(turn(1, "qa", "work"), 20_000);
        s.turns.close(1);
        for (long id = 2; id < 50_000; id++) {
            s.turns.open(turn(id, "a" + (id % 50), id % 2 == 0 ? "c" + (id % 7) : null), 20_000 + id / 10_000);
            s.turns.close(id);
        }
        assertEquals("qa", s.turns.owner(1, 20_005));
        assertEquals("work", s.turns.endedChannel(1, 20_005));
        assertEquals("a3", s.turns.owner(3, 20_005));
        assertNull(s.turns.endedChannel(3, 20_005), "a turn that had no channel");
        EngineState restored = StateCodec.fromTree(StateCodec.toTree(s));
        assertEquals(StateCodec.toJson(s), StateCodec.toJson(restored));
        assertEquals("work", restored.turns.endedChannel(1, 20_005));
        assertNull(restored.turns.owner(50_000, 20_005), "never opened");
        assertNull(restored.turns.owner(1, 20_031), "opened on a day retention no longer keeps on day 20,031");
        assertEquals("a9", restored.turns.owner(10_009, 20_031), "opened on day 20,001: kept through day 20,031");
    }

    @Test
    void P13_aPrivateTurnKeepsNoChannel() {
        EngineState s = new EngineState();
        Turn t = turn(1, "qa", null);
        t.home = "fork";
        s.turns.open(t, 20_000);
        t.isPrivate = true;
        s.turns.close(1);
        assertNull(s.turns.endedChannel(1, 20_000));
        assertEquals("qa", s.turns.owner(1, 20_000));
    }

    @Test
    void P13_turnsOpenedOnADayRetentionLetsGoAreForgottenTogether() {
        for (int seed = 0; seed < 100; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            TurnLedger ledger = new TurnLedger();
            Map<Long, String> owners = new HashMap<>();
            Map<Long, Long> dayOf = new HashMap<>();
            long day = 20_000;
            long id = 1;
            for (int step = 0; step < random.nextInt(3_000); step++) {
                int what = random.nextInt(20);
                if (what < 16) {
                    String agent = "a" + random.nextInt(5);
                    ledger.opened(id, agent, day);
                    owners.put(id, agent);
                    dayOf.put(id, day);
                    id++;
                } else if (what < 19) {
                    day += random.nextInt(2);
                } else {
                    long cutoff = day - random.nextInt(3);
                    ledger.letGoBefore(cutoff);
                    dayOf.forEach((turn, d) -> {
                        if (d < cutoff) owners.remove(turn);
                    });
                }
                if (random.nextInt(500) == 0) ledger = TurnLedger.fromJson(ledger.json());
            }
            for (long t = 0; t <= id; t++) assertEquals(owners.get(t), ledger.owner(t, Long.MIN_VALUE), "seed " + seed + ", turn " + t);
        }
    }

    /** The bytes the ledger reports (what `bench ids` weighs) cover its two ints a turn and its days. */
    @Test
    void theLedgersFootprintCoversEveryTurnItKeeps() {
        TurnLedger ledger = new TurnLedger();
        for (long id = 1; id <= 65_536; id++) ledger.opened(id, "a" + id % 3, 20_000 + id / 40_000);
        assertEquals(65_536, ledger.size());
        assertTrue(ledger.footprint() >= 8L * ledger.size() + 32, () -> ledger.footprint() + " bytes");
    }
}
