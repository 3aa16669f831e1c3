package dev.routing.projections;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnOpened;
import dev.routing.projections.privacy.ForgottenIds;
import dev.routing.projections.retention.Retention;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * P2, P13: at the first fact of a UTC day, retention lets go the forgotten message ids and the
 * turns opened on days it no longer keeps ({@link Retention#KEEP_IDS_DAYS}): what the record holds
 * follows what retention keeps, however long the journal runs.
 */
class RetentionSweepTest {
    private static final Instant DAY_ONE = Instant.parse("2026-11-02T09:00:00Z");

    /** A fact that changes nothing but the clock: the end of a turn never opened. */
    private static TurnEnded factAt(Instant at) {
        return new TurnEnded(at, 999L);
    }

    @Test
    void P2_P13_theFirstFactOfADayPastRetentionLetsGoTheIdsAndTurnsOfTheDaysItNoLongerKeeps() {
        EngineState s = new EngineState();
        Evolve.evolve(s, factAt(DAY_ONE));
        s.privacy.forgotten.put("qa", ForgottenIds.fromEarlierForm(List.of("m1"), Map.of(), Retention.day(DAY_ONE.toEpochMilli())));
        Evolve.evolve(s, new TurnOpened(DAY_ONE, 1L, "qa", false, null, "C1", null, "slack", null, List.of("message")));
        Evolve.evolve(s, new TurnEnded(DAY_ONE, 1L));

        Evolve.evolve(s, factAt(DAY_ONE.plus(Duration.ofDays(Retention.KEEP_IDS_DAYS))));
        assertEquals(1, s.turns.ledger.size(), "day one is kept still");
        assertEquals(1, s.privacy.forgotten.get("qa").size());

        Evolve.evolve(s, factAt(DAY_ONE.plus(Duration.ofDays(Retention.KEEP_IDS_DAYS + 1))));
        assertEquals(0, s.turns.ledger.size(), "day one has left");
        assertEquals(0, s.privacy.forgotten.get("qa").size());
    }
}
