package dev.routing.engine.privacy;

import static dev.routing.engine.testing.Host.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.TurnMadePrivate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * P15 (seed E1): a channel message that met private input (a private turn took it in, at its start
 * or at a live boundary) gets no inferred reply in its channel, also from a wake of its own taken
 * after that turn ended. Found from outside: the record had let the message go once read, so the
 * later wake's start saw nothing of it and answered in the room.
 */
class ReadInPrivateTurnTest {

    @Test
    void P15_aRoomMessageAPrivateTurnTookInAtABoundaryGetsNoReplyInItsRoomFromItsOwnWakeLater() {
        Scenario s = Scenario.withFocusFallback();
        String op = s.host.operator("qa", "the deploy key is hunter2");
        long first = s.host.answer("qa", op, null);
        s.host.say(first, 1, "Looking.", call("shell", null, null));
        String room = s.host.room("qa", "work", "@qa are you there?", true);
        String itsWake = s.host.wake("qa", "message", "work", room);
        s.host.boundary(first, room);
        s.host.say(first, 2, "Private answer.");
        s.host.end(first);
        long later = s.host.start("qa", List.of(itsWake), List.of());
        s.host.say(later, 1, "Reply to the room's message.");
        assertEquals("read-in-private-turn", s.opened(later).why());
        s.assertKeptPrivate(later, "private-turn");
        s.assertNothingPublished();
    }

    @Test
    void P15_aRoomMessageReadInAPrivateStartBesideAnOperatorsGetsNoReplyFromASecondWake() {
        Scenario s = Scenario.withFocusFallback();
        String room = s.host.room("qa", "work", "@qa status?", true);
        String w1 = s.host.wake("qa", "message", "work", room);
        String w2 = s.host.wake("qa", "message", "work", room);
        String op = s.host.operator("qa", "private question");
        String w3 = s.host.wake("qa", "message", null, op);
        long first = s.host.start("qa", List.of(w1, w3), List.of(room, op));
        s.host.say(first, 1, "Both answered privately.");
        s.host.end(first);
        long second = s.host.start("qa", List.of(w2), List.of());
        s.host.say(second, 1, "The room again.");
        assertTrue(s.opened(first).isPrivate());
        assertEquals("read-in-private-turn", s.opened(second).why());
        s.assertNothingPublished();
    }

    @Test
    void P15_aChannelTurnWhoseBoundaryInjectsWhatAPrivateTurnReadIsPrivateFromThere() {
        Scenario s = Scenario.withFocusFallback();
        String room = s.host.room("qa", "work", "@qa one", true);
        String op = s.host.operator("qa", "private");
        long first = s.host.start("qa", List.of(s.host.wake("qa", "message", null, op)), List.of(op, room));
        s.host.say(first, 1, "Private.");
        s.host.end(first);
        String ping = s.host.room("qa", "work", "@qa two", true);
        long channel = s.host.answer("qa", ping, "work");
        s.host.say(channel, 1, "Public.", call("shell", null, null));
        s.host.boundary(channel, room);
        s.host.say(channel, 2, "About message one.");
        TurnMadePrivate made = s.host.all(TurnMadePrivate.class).get(0);
        assertEquals("read-in-private-turn", made.why());
        assertEquals("publish", s.speech(channel).get(0).route().kind());
        assertEquals("private", s.speech(channel).get(1).route().kind());
    }
}
