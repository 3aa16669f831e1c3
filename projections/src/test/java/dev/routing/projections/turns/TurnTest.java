package dev.routing.projections.turns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** A turn's collections, made on first write, write the JSON the always-made ones did, before and after a restore. */
class TurnTest {
    private static EngineState withTurn() {
        EngineState state = new EngineState();
        Turn turn = new Turn();
        turn.id = 7;
        turn.agent = "qa";
        state.turns.open(turn, 20_000);
        return state;
    }

    private static void write(Turn turn) {
        turn.sentTo("work");
        turn.requested(12L, "alpha");
        turn.requested(3L, "work");
        turn.settled(3L, "delivered");
        turn.keptPrivate("skip-reply");
        turn.keptPrivate("skip-reply");
        turn.held("d-b", false);
        turn.held("d-a", true);
        turn.named(List.of("zeta", "alpha"));
        turn.holdPlace("work");
        turn.markAtStart(new TreeSet<>(List.of("m2", "m1")));
    }

    @Test
    void anUnwrittenTurnWritesEmptyCollections() {
        String json = StateCodec.toJson(withTurn());
        for (String empty : List.of("\"holdPlaces\":[]", "\"sentTo\":[]", "\"channelsNamed\":[]", "\"markAtStart\":[]",
                "\"keptPrivate\":{}", "\"attempts\":{}", "\"outcomes\":{}", "\"drafts\":[]", "\"unnamedDrafts\":[]")) {
            assertEquals(true, json.contains(empty), empty + " in " + json);
        }
    }

    @Test
    void writesBeforeAndAfterARestoreLandInOrderAndSerializeAlike() {
        EngineState folded = withTurn();
        write(folded.turns.turn(7));
        EngineState restored = StateCodec.fromTree(StateCodec.toTree(withTurn()));
        write(restored.turns.turn(7));
        assertArrayEquals(StateCodec.toBytes(folded), StateCodec.toBytes(restored));
        Turn turn = folded.turns.turn(7);
        assertEquals(List.of("alpha", "work"), List.copyOf(turn.sentTo));
        assertEquals(List.of(3L, 12L), List.copyOf(turn.attempts.keySet()));
        assertEquals(List.of("alpha", "zeta"), List.copyOf(turn.channelsNamed));
        assertEquals(List.of("d-b"), turn.unnamedDrafts);
        turn.draftsNamed(List.of("d-b"));
        turn.endHold();
        turn.markAtStart(null);
        assertEquals(List.of(), turn.unnamedDrafts);
        assertEquals(0, turn.holdPlaces.size() + turn.markAtStart.size());
        assertEquals(2, turn.keptPrivate.get("skip-reply"));
    }
}
