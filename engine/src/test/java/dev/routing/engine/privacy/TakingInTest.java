package dev.routing.engine.privacy;

import static dev.routing.engine.testing.Host.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Host.WakeSpec;
import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.TurnContinued;
import dev.routing.journal.event.TurnMadePrivate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * P5-P7: the timings at which a turn takes in private input, and the stored mark.
 *
 * <p>The seed's ids (private-turns.txt): C1 is P5, C2 is P6, C3 is P6, C4 is P7.
 */
class TakingInTest {

    private static long roomTurn(Scenario s, String channel) {
        String ping = s.host.room("qa", channel, "@qa ping", true);
        return s.host.answer("qa", ping, channel);
    }

    @Test
    void P5_aBoundaryThatInjectsAPrivateSurfacesMessageMakesTheRoomsTurnPrivateFromThere() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Starting the deploy.", call("shell", null, null));
        String op = s.host.operatorQuietly("qa", "stop - what is the status?");
        s.host.boundary(turn, op);
        s.host.say(turn, 2, "Deploy is at step 3.");
        List<SpeechRouted> routed = s.speech(turn);
        assertEquals(Route.publish("work", "discord"), routed.get(0).route(), "a round written before goes where it was written to");
        assertEquals(Route.keptPrivate("private-turn"), routed.get(1).route());
        assertEquals("boundary", s.host.all(TurnMadePrivate.class).get(0).where());
        assertEquals(1, s.notices("private-turn").size());
    }

    @Test
    void P5_aBoundaryThatEndsItsTurnLeavesItAChannelTurnAndTheNextStartPrivate() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Done.", call("shell", null, null));
        String op = s.host.operatorQuietly("qa", "status?");
        s.host.feed(new dev.routing.journal.event.ToolBoundary(s.host.tick(), turn, List.of(op), true));
        s.host.end(turn);
        assertEquals(List.of(), s.host.all(TurnMadePrivate.class));
        long next = roomTurn(s, "work");
        s.host.say(next, 1, "pong");
        assertTrue(s.opened(next).isPrivate(), "C4: the first start after it reads the stored mark");
        assertEquals("stored-private-input", s.opened(next).why());
    }

    @Test
    void P5_anAddressedMidTurnInjectionMovesNoPrivateTurnsLocus() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.LATEST_INBOUND);
        String op = s.host.operator("qa", "status?");
        long turn = s.host.answer("qa", op, null);
        s.host.say(turn, 1, "Checking.", call("shell", null, null));
        String ping = s.host.room("qa", "noisy", "@qa over here", true);
        s.host.boundary(turn, ping);
        s.host.say(turn, 2, "Still checking.");
        s.assertNothingPublished();
        assertEquals(List.of("noisy"), s.notices("channels-held").get(0).names().channels());
    }

    @Test
    void P5_aPublicTurnsAddressedArrivalRepinsItsLocusUnderLatestInboundAsOn0300() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.LATEST_INBOUND);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Checking.", call("shell", null, null));
        String ping = s.host.room("qa", "noisy", "@qa over here", true);
        s.host.boundary(turn, ping);
        s.host.say(turn, 2, "Here.");
        assertEquals("noisy", s.speech(turn).get(1).route().channel());
    }

    @Test
    void P5_aRoomsTurnWhoseBoundaryInjectsWhatAPrivateTurnsWorkBroughtBackIsPrivateFromThere() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String op = s.host.operator("qa", "run the report");
        long first = s.host.answer("qa", op, null);
        s.host.end(first);
        long room = roomTurn(s, "work");
        s.host.say(room, 1, "Room answer.", call("shell", null, null));
        String report = s.host.message("qa", "script-report", null, false, "report ready", "host", first, false);
        s.host.boundary(room, report);
        s.host.say(room, 2, "The report says...");
        assertEquals(Route.keptPrivate("private-turn"), s.speech(room).get(1).route());
    }

    @Test
    void P6_aBatchThatHoldsAPrivateSurfacesWakeIsPrivate() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.focus("qa", "work");
        String op = s.host.operator("qa", "status?");
        String w = s.host.wake("qa", "message", null, op);
        long turn = s.host.start("qa", List.of(w), List.of());
        s.host.say(turn, 1, "All green.");
        assertTrue(s.opened(turn).isPrivate());
    }

    @Test
    void P6_aGateWindowWithAPrivateMessageWhichNothingStoresAndAnAddressedRoomMessageWakesOnePrivateTurn() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String ping = s.host.room("qa", "work", "@qa ping", true);
        String gate = s.host.wake(new WakeSpec("qa", "gate-window").channel("work").messages(ping).privateSurface());
        long turn = s.host.start("qa", List.of(gate), List.of(ping));
        s.host.say(turn, 1, "All green.");
        assertTrue(s.opened(turn).isPrivate());
        s.assertNothingPublished();
        assertEquals(List.of("work"), s.notices("channels-held").get(0).names().channels());
    }

    @Test
    void P6_aRoomsWakeThatContinuesAnOpenPrivateTurnLeavesItPrivate() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String op = s.host.operator("qa", "status?");
        long turn = s.host.answer("qa", op, null);
        s.host.say(turn, 1, "Checking.", call("shell", null, null));
        String ping = s.host.room("qa", "work", "@qa ping", true);
        String w = s.host.wake("qa", "message", "work", ping);
        s.host.continueTurn("qa", turn, List.of(w), List.of(ping), false);
        s.host.say(turn, 2, "Answer.");
        assertTrue(s.host.all(TurnContinued.class).get(0).isPrivate());
        s.assertNothingPublished();
    }

    @Test
    void P6_aContinuationThatTakesInAPrivateWakeMakesItsChannelTurnPrivateFromThere() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "First.", call("shell", null, null));
        String op = s.host.operator("qa", "status?");
        String w = s.host.wake("qa", "message", null, op);
        s.host.continueTurn("qa", turn, List.of(w), List.of(op), false);
        s.host.say(turn, 2, "Second.");
        assertEquals("start", s.host.all(TurnMadePrivate.class).get(0).where());
        assertEquals("work", s.speech(turn).get(0).route().channel());
        assertEquals(Route.keptPrivate("private-turn"), s.speech(turn).get(1).route());
    }

    @Test
    void P7_aPrivateMessageStoredWhileTheAgentIsIdleMakesItsNextStartPrivateAndOnlyThatOne() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.operatorQuietly("qa", "fyi: the deploy is paused");
        long first = roomTurn(s, "work");
        s.host.say(first, 1, "pong");
        s.host.end(first);
        long second = roomTurn(s, "work");
        s.host.say(second, 1, "pong again");
        assertTrue(s.opened(first).isPrivate());
        assertFalse(s.opened(second).isPrivate(), "R1-1d: what is private is the turn, not the words");
        s.assertPublishedIn(second, "work");
    }

    @Test
    void P7_aSilentStartIsPrivateButLeavesTheMarkToTheNext() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.operatorQuietly("qa", "fyi");
        String hb = s.host.wake("qa", "heartbeat", null);
        s.host.feed(new dev.routing.journal.event.TurnStarted(s.host.tick(), "qa", List.of(hb), List.of(), null, true));
        long tick = s.host.last(dev.routing.journal.event.TurnOpened.class).get(0).turn();
        s.host.say(tick, 1, "", call("channel_publish", null, "beat"));
        s.host.end(tick);
        assertTrue(s.opened(tick).isPrivate());
        assertFalse(s.host.all(dev.routing.journal.event.ToolDecided.class).get(0).allowed(), "B4 shows the silent start is private");
        assertEquals(List.of(), s.notices("private-turn"), "a silent tick is told nothing");
        long next = roomTurn(s, "work");
        assertTrue(s.opened(next).isPrivate(), "the mark waits for a start that can publish");
    }

    @Test
    void P7_aLiveBoundaryAnswersTheInputItInjects() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Working.", call("shell", null, null));
        String op = s.host.operatorQuietly("qa", "status?");
        s.host.boundary(turn, op);
        s.host.end(turn);
        long next = roomTurn(s, "work");
        s.host.say(next, 1, "pong");
        assertFalse(s.opened(next).isPrivate());
    }
}
