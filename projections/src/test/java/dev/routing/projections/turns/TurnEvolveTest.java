package dev.routing.projections.turns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Names;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.event.TurnContinued;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnMadePrivate;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import dev.routing.projections.EngineState;
import dev.routing.projections.Fold;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What decisions leave in a turn as the fold keeps it: a continuation or a later decision that makes
 * it private takes its locus for good (P4), a send tool's place is where speech may have posted
 * (M6), a start that names another agent's turn starts its own agent's, and a receipt closes the
 * wait for it (D7).
 */
class TurnEvolveTest {
    private static final Instant AT = Instant.parse("2026-11-02T09:00:00Z");
    /** A fact that changes nothing: the decisions after it answer it, so the fact before them has folded. */
    private static final TurnEnded LATER = new TurnEnded(AT, 999L);

    private static TurnOpened opened(long turn, String agent) {
        return new TurnOpened(AT, turn, agent, false, null, "C1", "C9", "slack", "C2", List.of("message"));
    }

    private static EngineState fold(Entry... entries) {
        Fold fold = new Fold();
        for (Entry e : entries) fold.accept(e);
        return fold.state();
    }

    @Test
    void P4_aContinuationThatTurnsPrivateTakesTheLocusForGood() {
        EngineState s = fold(opened(1, "qa"), new TurnContinued(AT, 1L, "qa", true, "private input"));
        Turn turn = s.turns.turn(1);
        assertTrue(turn.isPrivate);
        assertEquals("private input", turn.why);
        assertNull(turn.locus);
        assertNull(turn.fallback);
        assertNull(turn.trigger);
        assertTrue(s.privacy.isPrivateTurn(1));
        s = fold(opened(1, "qa"), new TurnContinued(AT, 1L, "qa", false, null));
        assertFalse(s.turns.turn(1).isPrivate, "a public continuation leaves a public turn public");
        assertEquals("C1", s.turns.turn(1).locus);
        assertFalse(s.privacy.isPrivateTurn(1));
    }

    @Test
    void P4_aTurnMadePrivateAfterItClosedIsKeptPrivateAndOneNeverOpenedIsNot() {
        EngineState s = fold(opened(1, "qa"), new TurnEnded(AT, 1L), LATER, new TurnMadePrivate(AT, 1L, "script", "late"),
                new TurnMadePrivate(AT, 2L, "script", "never opened"));
        assertTrue(s.privacy.isPrivateTurn(1));
        assertFalse(s.privacy.isPrivateTurn(2), "turn 2 was never given");
        s = fold(opened(1, "qa"), new TurnMadePrivate(AT, 1L, "script", "open"));
        assertTrue(s.turns.turn(1).isPrivate);
        assertNull(s.turns.turn(1).locus);
    }

    @Test
    void M6_aSendToolsPlaceIsWhereTheTurnMayHavePostedAndAnUnreadablePlaceIsAnywhere() {
        ToolDecided send = new ToolDecided(AT, 1L, 1, 0, "channel_publish", true, "C3", null, "qa", null, true, "C3");
        ToolDecided unreadable = new ToolDecided(AT, 1L, 1, 1, "channel_publish", true, null, null, "qa", null, true, null);
        ToolDecided read = new ToolDecided(AT, 1L, 1, 2, "channel_list", true, null, null, "qa", null, false, "C4");
        EngineState s = fold(opened(1, "qa"), send, read);
        assertEquals(List.of("C3"), List.copyOf(s.turns.turn(1).holdPlaces));
        assertEquals(List.of("C3"), List.copyOf(s.turns.turn(1).sentTo));
        assertFalse(s.turns.turn(1).holdAnywhere);
        s = fold(opened(1, "qa"), unreadable);
        assertTrue(s.turns.turn(1).holdAnywhere);
        assertEquals(List.of(), List.copyOf(s.turns.turn(1).sentTo));
    }

    @Test
    void aStartThatContinuesAnotherAgentsTurnStartsItsOwnAgentsTurn() {
        EngineState s = fold(opened(1, "qa"), opened(2, "ops"), new TurnStarted(AT, "ops", null, null, 1L, true));
        assertTrue(s.turns.turn(2).startSilent, "ops' own turn started silent");
        assertFalse(s.turns.turn(1).startSilent, "qa's turn is not ops' to start");
    }

    @Test
    void D7_aReceiptEndsTheWaitForIt() {
        NoticeIssued receipt = new NoticeIssued(AT, "qa", "receipt", Names.NONE, "sent", false, 1L, 1L);
        EngineState s = fold(opened(1, "qa"), new RoundSpoken(AT, 1L, 1, "words", null, null),
                new PublishRequested(AT, 1L, "qa", "C1", "slack", "words", List.of(), "speech", 1L), new TurnEnded(AT, 1L));
        assertEquals(List.of(1L), List.copyOf(s.turns.awaitingReceipt.keySet()));
        s = fold(opened(1, "qa"), new RoundSpoken(AT, 1L, 1, "words", null, null),
                new PublishRequested(AT, 1L, "qa", "C1", "slack", "words", List.of(), "speech", 1L), new TurnEnded(AT, 1L), LATER, receipt);
        assertEquals(List.of(), List.copyOf(s.turns.awaitingReceipt.keySet()));
    }
}
