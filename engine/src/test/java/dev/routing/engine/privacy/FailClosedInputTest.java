package dev.routing.engine.privacy;

import static dev.routing.engine.testing.Host.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Host.WakeSpec;
import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.ScriptCalled;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.event.TurnMadePrivate;
import dev.routing.journal.event.WakeQueued;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * P2, P16: input the engine cannot classify publishes less, and the decision says why. Each case
 * has a fallback channel (a focus on {@code work}), so failing open would publish there.
 */
class FailClosedInputTest {

    @Test
    void P2_aStartThatReadsAMessageIdTheEngineWasNeverToldOfIsPrivate() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        String w = s.host.wake("qa", "message", "work", ping);
        long turn = s.host.start("qa", List.of(w), List.of(ping, "m-never-stored"));
        s.host.say(turn, 1, "Whatever that message said.");
        assertTrue(s.opened(turn).isPrivate());
        assertEquals("unknown-message", s.opened(turn).why());
        NoticeIssued told = s.notices("private-turn").get(0);
        assertTrue(told.text().contains("never told of"), told.text());
        s.assertNothingPublished();
    }

    @Test
    void P2_aBoundaryThatInjectsAMessageIdTheEngineWasNeverToldOfMakesItsTurnPrivate() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, "Checking.", call("shell", null, null));
        s.host.boundary(turn, "m-never-stored");
        s.host.say(turn, 2, "Whatever that message said.");
        TurnMadePrivate made = s.host.all(TurnMadePrivate.class).get(0);
        assertEquals("boundary", made.where());
        assertEquals("unknown-message", made.why());
        assertEquals("private", s.speech(turn).get(1).route().kind());
    }

    @Test
    void P2_aWorkMarkNamingATurnTheEngineNeverAssignedCountsAsPrivate() {
        Scenario s = Scenario.withFocusFallback();
        String report = s.host.message("qa", "script-report", null, false, "the figures", "host", 41L, true);
        long turn = s.host.answer("qa", report, null);
        s.host.say(turn, 1, "The figures are in.");
        assertTrue(s.opened(turn).isPrivate());
        assertEquals("private-work", s.opened(turn).why());
        // Turn 41 assigned later, to a public turn, does not make the report public.
        for (int i = 0; i < 45; i++) {
            String ping = s.host.room("qa", "noisy", "@qa " + i, true);
            long t = s.host.answer("qa", ping, "noisy");
            s.host.end(t);
        }
        String again = s.host.wake(new WakeSpec("qa", "message").messages(report));
        long later = s.host.start("qa", List.of(again), List.of());
        assertTrue(s.opened(later).isPrivate(), "the report still counts as private work");
    }

    @Test
    void P2_aWakeArmedByOrWaitingOnATurnTheEngineNeverAssignedIsPrivate() {
        Scenario s = Scenario.withFocusFallback();
        String armed = s.host.wake(new WakeSpec("qa", "self-wake").armedBy(7));
        long first = s.host.start("qa", List.of(armed), List.of());
        s.host.say(first, 1, "Woke up.");
        s.host.end(first);
        String waited = s.host.wake(new WakeSpec("qa", "message").waitedOn(9));
        long second = s.host.start("qa", List.of(waited), List.of());
        s.host.say(second, 1, "Woke up again.");
        assertEquals("unknown-turn", s.opened(first).why());
        assertEquals("unknown-turn", s.opened(second).why());
        s.assertNothingPublished();
    }

    @Test
    void P2_aStartThatContinuesATurnTheEngineNeverAssignedIsPrivate() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        String w = s.host.wake("qa", "message", "work", ping);
        s.host.feed(new dev.routing.journal.event.TurnStarted(s.host.tick(), "qa", List.of(w), List.of(ping), 12L, false));
        long turn = s.host.last(dev.routing.journal.event.TurnOpened.class).get(0).turn();
        s.host.say(turn, 1, "Continuing something.");
        assertEquals("unknown-turn", s.opened(turn).why());
        s.assertNothingPublished();
    }

    @Test
    void P2_aStartWhoseBatchNamesAWakeIdNeverQueuedIsPrivate() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        String w = s.host.wake("qa", "message", "work", ping);
        long turn = s.host.start("qa", List.of(w, "w-never-queued"), List.of(ping));
        s.host.say(turn, 1, "Whatever that wake carried.");
        assertTrue(s.opened(turn).isPrivate(), "a wake the engine cannot classify must not leave the start public");
        assertEquals("unknown-wake", s.opened(turn).why());
        assertTrue(s.notices("private-turn").get(0).text().contains("never told of"));
        s.assertNothingPublished();
    }

    @Test
    void P2_aContinuingStartWhoseBatchNamesAWakeIdNeverQueuedMakesTheTurnPrivate() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, "pong");
        s.host.continueTurn("qa", turn, List.of("w-never-queued"), List.of(), false);
        s.host.say(turn, 2, "And the rest.");
        assertEquals("unknown-wake", s.host.all(TurnMadePrivate.class).get(0).why());
        assertEquals("private", s.speech(turn).get(1).route().kind());
    }

    /**
     * P2, P4: a start that claims to continue another resident's open turn is a host's error the
     * engine cannot resolve: the speech that follows under that turn id may be either resident's.
     * Both turns publish no plain speech from here.
     */
    @Test
    void P2_aStartThatClaimsAnotherResidentsOpenTurnLeavesNeitherTurnPublic() {
        Scenario s = Scenario.withFocusFallback();
        long ops = opsRoomTurn(s);
        int before = s.host.all(PublishRequested.class).size();
        String ping = s.host.room("qa", "work", "@qa status", true);
        String w = s.host.wake("qa", "message", "work", ping);
        s.host.feed(new dev.routing.journal.event.TurnStarted(s.host.tick(), "qa", List.of(w), List.of(ping), ops, false));
        assertEquals(List.of(), s.host.all(dev.routing.journal.event.TurnContinued.class), "qa cannot continue ops's turn");
        long qa = s.host.last(dev.routing.journal.event.TurnOpened.class).get(0).turn();
        assertTrue(s.opened(qa).isPrivate());
        assertEquals("another-residents-turn", s.opened(qa).why());
        TurnMadePrivate contested = s.host.all(TurnMadePrivate.class).get(0);
        assertEquals(ops, contested.turn());
        assertEquals("another-residents-turn", contested.why());
        s.host.say(ops, 2, "qa's words, or ops's?");
        s.host.say(qa, 1, "qa's own words.");
        assertEquals(before, s.host.all(PublishRequested.class).size(), "nothing more was published");
    }

    /** P4: a round the host reports for a turn that has ended publishes nothing, and says why. */
    @Test
    void P4_aRoundForAnEndedPrivateTurnIsKeptPrivate() {
        Scenario s = Scenario.withFocusFallback();
        String op = s.host.operator("qa", "status?");
        long first = s.host.answer("qa", op, null);
        s.host.say(first, 1, "First.");
        s.host.end(first);
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long room = s.host.answer("qa", ping, "work");
        s.host.say(room, 1, "Room reply.");
        s.host.say(first, 2, "Late words for the operator.", call("channel_publish", null, "late"));
        assertEquals(Route.keptPrivate("private-turn"), s.speech(first).get(1).route());
        ToolDecided refused = s.host.last(ToolDecided.class).get(0);
        assertFalse(refused.allowed());
        assertTrue(refused.refusal().contains("not open"), refused.refusal());
        assertEquals(1, s.host.all(PublishRequested.class).size(), "only the room reply");
    }

    @Test
    void P4_aRoundForATurnThatIsNotOpenIsKeptPrivate() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long room = s.host.answer("qa", ping, "work");
        s.host.end(room);
        s.host.say(room, 2, "After the end.");
        s.host.say(77, 1, "A turn never assigned.");
        assertEquals(Route.keptPrivate("turn-not-open"), s.speech(room).get(0).route());
        assertEquals(Route.keptPrivate("turn-not-open"), s.speech(77).get(0).route());
        s.assertNothingPublished();
    }

    @Test
    void P2_aPublicTurnWhoseWakeNamesAMessageReadAndLetGoStaysPublic() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "noisy", "@qa ping", true);
        long first = s.host.answer("qa", ping, "noisy");
        s.host.end(first);
        // The message's own wake, flushed from a gate window after a start already read the message.
        String late = s.host.wake("qa", "gate-window", "noisy", ping);
        long second = s.host.start("qa", List.of(late), List.of());
        s.host.say(second, 1, "pong");
        assertFalse(s.opened(second).isPrivate());
        s.assertPublishedIn(second, "noisy");
    }

    @Test
    void P16_aWakeIdQueuedTwiceKeepsThePrivateMarkOfEitherCopy() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        s.host.feed(new WakeQueued(s.host.tick(), "w-gate", "qa", "gate-window", List.of(), null, null, null, null, true));
        s.host.feed(new WakeQueued(s.host.tick(), "w-gate", "qa", "gate-window", List.of(ping), "work", null, null, null, false));
        long turn = s.host.start("qa", List.of("w-gate"), List.of(ping));
        s.host.say(turn, 1, "All green.");
        assertTrue(s.opened(turn).isPrivate(), "the second copy must not overwrite the first's private mark");
        assertEquals("private-surface", s.opened(turn).why());
        s.assertNothingPublished();
    }

    @Test
    void P16_aWakeIdQueuedTwiceKeepsTheTurnEitherCopyWasArmedBy() {
        Scenario s = Scenario.withFocusFallback();
        String op = s.host.operator("qa", "status?");
        long first = s.host.answer("qa", op, null);
        s.host.say(first, 1, "Looking.");
        s.host.end(first);
        s.host.feed(new WakeQueued(s.host.tick(), "w-self", "qa", "self-wake", List.of(), null, first, null, null, false));
        s.host.feed(new WakeQueued(s.host.tick(), "w-self", "qa", "heartbeat", List.of(), null, null, null, null, false));
        long turn = s.host.start("qa", List.of("w-self"), List.of());
        s.host.say(turn, 1, "Back again.");
        assertEquals("private-turn-work", s.opened(turn).why());
        s.assertNothingPublished();
    }

    @Test
    void P16_aStartTakesEveryCopyOfAWakeIdSoNoneIsLeftQueued() {
        Scenario s = Scenario.withFocusFallback();
        s.host.feed(new WakeQueued(s.host.tick(), "w-twice", "qa", "gate-window", List.of(), null, null, null, null, true));
        s.host.feed(new WakeQueued(s.host.tick(), "w-twice", "qa", "heartbeat", List.of(), null, null, null, null, false));
        long turn = s.host.start("qa", List.of("w-twice"), List.of());
        s.host.end(turn);
        assertEquals(java.util.Map.of(), s.sink.core().state().turns.wakes);
        assertEquals(java.util.Map.of(), s.sink.core().state().turns.requeued);
    }

    private static long opsRoomTurn(Scenario s) {
        s.host.agent("ops", Mode.LOCUS, LocusPolicy.DELIVERY);
        String ping = s.host.room("ops", "noisy", "@ops ping", true);
        long turn = s.host.answer("ops", ping, "noisy");
        s.host.say(turn, 1, "pong");
        return turn;
    }

    @Test
    void P13_aScriptCallThatNamesAnotherResidentsTurnIsRefusedAndPublishesNothing() {
        Scenario s = Scenario.withFocusFallback();
        long ops = opsRoomTurn(s);
        int before = s.host.all(PublishRequested.class).size();
        s.host.feed(new ScriptCalled(s.host.tick(), "qa", ops, "channel_publish", null, null, "qa's secret"));
        ToolDecided refused = s.host.last(ToolDecided.class).get(0);
        assertFalse(refused.allowed());
        assertTrue(refused.refusal().contains("not qa's own"), refused.refusal());
        s.host.feed(new ScriptCalled(s.host.tick(), "qa", ops, "channel_publish", "work", null, "named, but not its turn"));
        assertFalse(s.host.last(ToolDecided.class).get(0).allowed(), "another's turn is refused even naming a channel");
        s.host.end(ops);
        s.host.feed(new ScriptCalled(s.host.tick(), "qa", ops, "channel_publish", null, null, "after it ended"));
        assertFalse(s.host.last(ToolDecided.class).get(0).allowed());
        assertEquals(before, s.host.all(PublishRequested.class).size(), "nothing was requested");
    }

    @Test
    void P13_aScriptCallThatNamesATurnNeverAssignedIsRefused() {
        Scenario s = Scenario.withFocusFallback();
        s.host.feed(new ScriptCalled(s.host.tick(), "qa", 99L, "channel_publish", "work", null, "from nowhere"));
        ToolDecided refused = s.host.last(ToolDecided.class).get(0);
        assertFalse(refused.allowed());
        assertTrue(refused.refusal().contains("never assigned"), refused.refusal());
        assertEquals(List.of(), s.host.all(PublishRequested.class));
    }

    @Test
    void P13_aScriptOfItsOwnEndedChannelTurnStillGoesWhereItNames() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "noisy", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "noisy");
        s.host.end(turn);
        s.host.feed(new ScriptCalled(s.host.tick(), "qa", turn, "channel_publish", "noisy", null, "report"));
        assertTrue(s.host.last(ToolDecided.class).get(0).allowed());
        assertEquals("noisy", s.host.last(PublishRequested.class).get(0).channel());
    }

    @Test
    void P2_aScriptCallOfTurnZeroOrOfTheNextTurnIdNotYetAssignedIsRefusedAsNeverAssigned() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long room = s.host.answer("qa", ping, "work");
        for (long turn : new long[] {0, room + 1}) {
            s.host.feed(new ScriptCalled(s.host.tick(), "qa", turn, "channel_publish", "work", null, "from nowhere"));
            String refusal = s.host.last(ToolDecided.class).get(0).refusal();
            assertEquals("Nothing was posted: turn " + turn + " was never assigned, so it started no script of qa's.", refusal);
        }
        assertEquals(List.of(), s.host.all(PublishRequested.class));
    }

    @Test
    void P4_aRoundsCallsForAnEndedTurnOrTheNextTurnIdNotYetAssignedAreRefusedSayingWhich() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long room = s.host.answer("qa", ping, "work");
        s.host.end(room);
        s.host.say(room, 2, "", call("send_message", "work", "late"));
        assertEquals("turn " + room + " is not open: its calls count for nothing", s.host.last(ToolDecided.class).get(0).refusal());
        s.host.say(room + 1, 1, "", call("send_message", "work", "early"));
        assertEquals("turn " + (room + 1) + " is not open: the engine never assigned it: its calls count for nothing",
                s.host.last(ToolDecided.class).get(0).refusal());
    }
}
