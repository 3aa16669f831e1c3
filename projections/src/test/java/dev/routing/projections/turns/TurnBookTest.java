package dev.routing.projections.turns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.routing.journal.event.Entry;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnOpened;
import dev.routing.projections.EngineState;
import dev.routing.projections.Fold;
import dev.routing.projections.retention.Retention;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each agent's open turn, and the ledger of turns ended, as opens and ends leave them: a turn ends
 * with the channel it had whether its end or its agent's next turn closes it (P13), and no agent
 * is left pointing at a turn that is not open.
 */
class TurnBookTest {
    private static final Instant AT = Instant.parse("2026-11-02T09:00:00Z");
    private static final long TODAY = Retention.day(AT.toEpochMilli());

    private static TurnOpened opened(long turn, String agent, String locus) {
        return new TurnOpened(AT, turn, agent, false, null, locus, null, "srv", null, List.of("message"));
    }

    private static EngineState fold(Entry... entries) {
        Fold fold = new Fold();
        for (Entry e : entries) fold.accept(e);
        return fold.state();
    }

    @Test
    void P13_aTurnClosedByItsAgentsNextTurnEndsWithItsChannel() {
        TurnBook turns = fold(opened(1, "qa", "#work"), opened(2, "qa", "#ops")).turns;
        assertEquals("#work", turns.endedChannel(1, TODAY));
        assertEquals("qa", turns.owner(1, TODAY));
        assertEquals(2, turns.openTurnOf("qa").id);
        assertEquals(Map.of("qa", 2L), Map.copyOf(turns.openByAgent));
        assertNull(turns.endedChannel(2, TODAY), "turn 2 is open still");
    }

    @Test
    void P13_anEndedTurnKeepsItsChannelAndLeavesItsAgentWithNoOpenTurn() {
        TurnBook turns = fold(opened(1, "qa", "#work"), opened(2, "ops", "#ops"), new TurnEnded(AT, 1L)).turns;
        assertEquals("#work", turns.endedChannel(1, TODAY));
        assertNull(turns.openTurnOf("qa"));
        assertEquals(Map.of("ops", 2L), Map.copyOf(turns.openByAgent), "qa's turn ended; ops' is open");
        assertEquals(List.of(2L), List.copyOf(turns.open.keySet()));
    }

    @Test
    void aTurnIdOpenedForTwoAgentsClosesForBothWhenEitherOpensItsNext() {
        // A hand-built stream: turn 1 is opened for qa, then under the same id for ops, then qa opens turn 2.
        TurnBook turns = fold(opened(1, "qa", "#work"), opened(1, "ops", "#ops"), opened(2, "qa", "#work")).turns;
        assertEquals(Map.of("qa", 2L), Map.copyOf(turns.openByAgent), "ops' turn 1 closed with qa's turn 1");
        assertNull(turns.openTurnOf("ops"));
        assertEquals("#ops", turns.endedChannel(1, TODAY));
    }
}
