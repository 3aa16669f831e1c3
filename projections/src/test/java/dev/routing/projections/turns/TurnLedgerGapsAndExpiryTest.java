package dev.routing.projections.turns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * P13 at the ledger's edges: an id past a gap no engine makes starts the ledger again, an id below
 * what it keeps changes nothing, a day's turns leave together (every day at once too), and a turn
 * ends with the channel it had, or none.
 */
class TurnLedgerGapsAndExpiryTest {
    private static final long GAP = 1 << 20;

    @Test
    void P13_anIdPastTheLargestGapStartsTheLedgerAgainAndForgetsWhatCameBefore() {
        TurnLedger ledger = new TurnLedger();
        ledger.opened(1, "qa", 20_000);
        long far = 2 + GAP + 1;
        ledger.opened(far, "ops", 20_001);
        assertEquals(1, ledger.size());
        assertNull(ledger.owner(1, Long.MIN_VALUE), "before the restart");
        assertEquals("ops", ledger.owner(far, 20_001));
        ledger.opened(far - 1, "qa", 20_001);
        assertNull(ledger.owner(far - 1, Long.MIN_VALUE), "below the first id kept: a hand-built stream's, ignored");
        assertEquals(1, ledger.size());
        TurnLedger restored = TurnLedger.fromJson(ledger.json());
        assertEquals("ops", restored.owner(far, 20_001), "a checkpoint after the restart holds none of the days before it");
        assertEquals(ledger.json(), restored.json());
    }

    @Test
    void P13_anIdAtTheLargestGapIsKeptWithEveryTurnBeforeIt() {
        TurnLedger ledger = new TurnLedger();
        ledger.opened(1, "qa", 20_000);
        long edge = 2 + GAP;
        ledger.opened(edge, "ops", 20_000);
        assertEquals("qa", ledger.owner(1, 20_000));
        assertEquals("ops", ledger.owner(edge, 20_000));
        assertNull(ledger.owner(2, 20_000), "in the gap: never opened");
        assertEquals(edge, ledger.size());
    }

    @Test
    void P13_whenEveryDayLeavesEveryTurnLeavesAndLaterTurnsAreKeptAsBefore() {
        TurnLedger ledger = new TurnLedger();
        for (long id = 1; id <= 100; id++) ledger.opened(id, "a" + id % 3, 20_000 + id / 50);
        ledger.letGoBefore(20_001);
        assertEquals(51, ledger.size(), "day 20,000 opened turns 1 to 49");
        assertNull(ledger.owner(49, Long.MIN_VALUE));
        assertEquals("a2", ledger.owner(50, Long.MIN_VALUE));
        ledger.letGoBefore(20_003);
        assertEquals(0, ledger.size());
        for (long id = 50; id <= 100; id++) assertNull(ledger.owner(id, Long.MIN_VALUE), "turn " + id);
        ledger.opened(101, "qa", 20_003);
        ledger.ended(101, "work");
        assertEquals("qa", ledger.owner(101, 20_003));
        assertEquals("work", ledger.channel(101, 20_003));
        assertEquals(1, ledger.size());
        TurnLedger restored = TurnLedger.fromJson(ledger.json());
        assertEquals("work", restored.channel(101, 20_003));
        assertEquals(ledger.json(), restored.json());
    }

    @Test
    void P13_theTurnsKeptWhenADayLeavesKeepTheirOwnChannels() {
        TurnLedger ledger = new TurnLedger();
        ledger.opened(1, "qa", 20_000);
        ledger.ended(1, "old");
        ledger.opened(2, "qa", 20_001);
        ledger.ended(2, "new");
        ledger.opened(3, "ops", 20_001);
        ledger.letGoBefore(20_001);
        assertEquals("new", ledger.channel(2, 20_001));
        assertNull(ledger.channel(3, 20_001), "turn 3 has not ended");
        assertEquals("ops", ledger.owner(3, 20_001));
    }

    @Test
    void P13_aLetGoBeforeEveryDayKeptChangesNothing() {
        TurnLedger ledger = new TurnLedger();
        ledger.opened(1, "qa", 20_000);
        ledger.opened(2, "qa", 20_001);
        ledger.letGoBefore(20_000);
        assertEquals(2, ledger.size());
        assertEquals("qa", ledger.owner(1, 20_000));
        ledger.letGoBefore(20_001);
        assertNull(ledger.owner(1, Long.MIN_VALUE));
        assertEquals("qa", ledger.owner(2, 20_001));
    }

    @Test
    void P13_aTurnEndsWithTheChannelItHadOrNoneAndAnEndOfATurnNotKeptChangesNothing() {
        TurnLedger ledger = new TurnLedger();
        ledger.opened(1, "qa", 20_000);
        ledger.opened(2, "qa", 20_000);
        ledger.ended(1, "work");
        ledger.ended(2, null);
        ledger.ended(3, "elsewhere");
        ledger.ended(0, "elsewhere");
        assertEquals("work", ledger.channel(1, 20_000));
        assertNull(ledger.channel(2, 20_000));
        assertNull(ledger.channel(3, 20_000));
        assertEquals(2, ledger.size());
        ledger.opened(1, "ops", 20_000);
        assertEquals("ops", ledger.owner(1, 20_000));
        assertNull(ledger.channel(1, 20_000), "opened again: no channel until it ends");
    }

    @Test
    void P13_aTurnOpenedOnALaterDayAnswersOnlyFromThatDay() {
        TurnLedger ledger = new TurnLedger();
        ledger.opened(1, "qa", 20_000);
        ledger.opened(2, "qa", 20_005);
        ledger.opened(3, "qa", 20_005);
        assertEquals("qa", ledger.owner(2, 20_005));
        assertEquals("qa", ledger.owner(3, 20_005));
        assertNull(ledger.owner(1, 20_001));
        assertEquals("qa", ledger.owner(1, 20_000));
        assertNull(ledger.owner(3, 20_006));
    }
}
