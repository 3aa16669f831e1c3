package dev.routing.projections;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** J2's machinery: the fold order, canonical state bytes, and a state restored from its own JSON. */
class FoldTest {
    private static final Instant AT = Instant.parse("2026-11-02T09:00:00Z");

    private static List<Entry> journal() {
        return List.of(
                new ChannelRegistered(AT, "work", "discord", "#work", false),
                new AgentConfigured(AT, "qa", Mode.LOCUS, LocusPolicy.DELIVERY, null, false, null),
                new WakeQueued(AT, "w1", "qa", "message", List.of(), "work", null, null, null, null),
                new TurnStarted(AT, "qa", List.of("w1"), List.of(), null, true),
                new TurnOpened(AT, 1L, "qa", false, null, "work", null, "discord", "work", List.of("message")));
    }

    @Test
    void J2_aFactFoldsAfterTheDecisionsThatAnswerIt() {
        Fold fold = new Fold();
        journal().forEach(fold::accept);
        EngineState state = fold.state();
        // turn.started's bookkeeping (the wake consumed, the silent start) lands on the turn its
        // decision opened, which only works when the decision folded first.
        assertNotNull(state.turns.turn(1));
        assertEquals(true, state.turns.turn(1).startSilent);
        assertEquals(List.of(), state.turns.wake("qa", "w1"));
        assertEquals(2, state.nextTurn);
    }

    @Test
    void J2_theSameEntriesFoldToTheSameBytesAndAStateRestoredFromItsJsonSerializesIdentically() {
        Fold a = new Fold();
        Fold b = new Fold();
        journal().forEach(a::accept);
        journal().forEach(b::accept);
        byte[] bytes = StateCodec.toBytes(a.state());
        assertArrayEquals(bytes, StateCodec.toBytes(b.state()));
        assertArrayEquals(bytes, StateCodec.toBytes(StateCodec.fromTree(StateCodec.toTree(a.state()))));
    }

    @Test
    void J2_aTurnEndedClosesTheTurnAndItsIdIsNeverGivenAgain() {
        Fold fold = new Fold();
        journal().forEach(fold::accept);
        fold.accept(new TurnEnded(AT, 1L));
        EngineState state = fold.state();
        assertNull(state.turns.turn(1));
        assertEquals(2, state.nextTurn);
    }
}
