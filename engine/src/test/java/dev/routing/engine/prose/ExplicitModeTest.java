package dev.routing.engine.prose;

import static dev.routing.engine.prose.Prose.held;
import static dev.routing.engine.prose.Prose.lastNotices;
import static dev.routing.engine.prose.Prose.operatorTurn;
import static dev.routing.engine.prose.Prose.requested;
import static dev.routing.engine.prose.Prose.roomTurn;
import static dev.routing.engine.prose.Prose.routes;
import static dev.routing.engine.prose.Prose.segments;
import static dev.routing.engine.prose.Prose.send;
import static dev.routing.engine.prose.Prose.tool;
import static dev.routing.engine.testing.Host.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Host.WakeSpec;
import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.ToolDecided;
import java.util.List;
import org.junit.jupiter.api.Test;

/** M3: explicit mode, where only {@code >>TARGET} envelopes publish and the rest bounces. */
class ExplicitModeTest {

    private static Scenario explicit() {
        return new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
    }

    @Test
    void M3_anEnvelopePublishesItsTrimmedBodyWhereItNames() {
        Scenario s = explicit();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>#noisy  Deploy done.  \n");
        assertEquals(Route.publish("noisy", "discord"), routes(s, turn, 1).get(0));
        assertEquals("Deploy done.", requested(s).get(0).text());
        assertNull(s.opened(turn).locus(), "explicit mode has no locus");
    }

    @Test
    void M3_unprefixedSpeechWithNoStickyTargetBouncesIntoADraftWithANoticeAndAWake() {
        Scenario s = explicit();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "  The build is green.\n");
        DraftHeld draft = held(s).get(0);
        assertEquals("bounced", draft.cause());
        assertEquals("The build is green.", draft.text(), "D1: as routing read it, trimmed");
        assertEquals(Route.bounced(draft.draft()), routes(s, turn, 1).get(0));
        NoticeIssued bounce = s.notices("bounce").get(0);
        assertTrue(bounce.wake());
        assertEquals(List.of(draft.draft()), bounce.names().drafts());
        assertTrue(bounce.text().contains(">>#channel {{unsent}}"), bounce.text());
        assertEquals(List.of(), requested(s), "the trigger channel is no destination in explicit mode");
    }

    @Test
    void M3_unprefixedSpeechGoesToTheStickyTargetAnEarlierEnvelopeSet() {
        Scenario s = explicit();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Before any target.\n>>#work Now a target.");
        s.host.say(turn, 2, "Follows it.");
        List<SpeechRouted> one = segments(s, turn, 1);
        assertEquals("bounced", one.get(0).route().kind(), "M8: before the envelope there was no target");
        assertEquals(Route.publish("work", "discord"), one.get(1).route());
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 2).get(0));
    }

    @Test
    void M3_anEnvelopeThatOnlyNamesATargetSetsItAndHoldsNothing() {
        Scenario s = explicit();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>#noisy");
        s.host.say(turn, 2, "To noisy.");
        assertEquals(List.of(), routes(s, turn, 1));
        assertEquals(Route.publish("noisy", "discord"), routes(s, turn, 2).get(0));
    }

    @Test
    void M3_theStickyTargetLastsOnlyForItsTurn() {
        Scenario s = explicit();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>#work Set.");
        s.host.end(turn);
        long next = roomTurn(s, "work");
        s.host.say(next, 1, "Nothing is implicit across turns.");
        assertEquals("bounced", routes(s, next, 1).get(0).kind());
    }

    @Test
    void M3_aDoubleChevronAndASpaceIsBodyTextAndBounces() {
        Scenario s = explicit();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">> #work not an envelope");
        assertEquals("bounced", routes(s, turn, 1).get(0).kind());
        assertEquals(">> #work not an envelope", held(s).get(0).text());
    }

    @Test
    void M3_skipReplyKeepsItsTextPrivateWithNoDraftAndSetsNoTarget() {
        Scenario s = explicit();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>#work Public.\n>>skip_reply Only for me.");
        s.host.say(turn, 2, "Still to work.");
        List<Route> one = routes(s, turn, 1);
        assertEquals(Route.publish("work", "discord"), one.get(0));
        assertEquals(Route.keptPrivate("skip-reply"), one.get(1));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 2).get(0));
        assertEquals(List.of(), held(s));
    }

    @Test
    void M3_anEnvelopeToAChannelThatDoesNotResolveBouncesAndSetsNoTarget() {
        Scenario s = explicit();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>#nowhere Lost?");
        s.host.say(turn, 2, "Plain.");
        assertEquals("bounced", routes(s, turn, 1).get(0).kind());
        assertEquals("Lost?", held(s).get(0).text(), "D1: the words, never the routing prefix");
        assertEquals("bounced", routes(s, turn, 2).get(0).kind());
    }

    @Test
    void M3_theBounceWakeIsCappedAtTwoInARow() {
        Scenario s = explicit();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "One.");
        s.host.end(turn);
        String w = s.host.wake(new WakeSpec("qa", "bounce").armedBy(turn));
        long second = s.host.start("qa", List.of(w), List.of());
        s.host.say(second, 1, "Two.");
        s.host.end(second);
        String w2 = s.host.wake(new WakeSpec("qa", "bounce").armedBy(second));
        long third = s.host.start("qa", List.of(w2), List.of());
        s.host.say(third, 1, "Three.");
        List<Boolean> wakes = s.notices("bounce").stream().map(NoticeIssued::wake).toList();
        assertEquals(List.of(true, true, false), wakes);
        assertEquals(3, held(s).size(), "each bounce still holds its words");
    }

    @Test
    void M3_aDeliveredEnvelopeResetsTheBounceWakeCap() {
        Scenario s = explicit();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "One.");
        s.host.say(turn, 2, "Two.");
        s.host.say(turn, 3, ">>#work Delivered.");
        s.host.end(turn);
        String w = s.host.wake(new WakeSpec("qa", "bounce").armedBy(turn));
        long next = s.host.start("qa", List.of(w), List.of());
        s.host.say(next, 1, "Three.");
        assertEquals(List.of(true, true, true), s.notices("bounce").stream().map(NoticeIssued::wake).toList());
    }

    @Test
    void M3_aTurnWithACauseOfItsOwnResetsTheBounceWakeCapAndABounceWakesTurnDoesNot() {
        Scenario s = explicit();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "One.");
        s.host.say(turn, 2, "Two.");
        s.host.end(turn);
        String w = s.host.wake(new WakeSpec("qa", "bounce").armedBy(turn));
        long bounceTurn = s.host.start("qa", List.of(w), List.of());
        s.host.say(bounceTurn, 1, "Capped.");
        s.host.end(bounceTurn);
        long fresh = roomTurn(s, "work");
        s.host.say(fresh, 1, "Fresh.");
        assertEquals(List.of(true, true, false, true), s.notices("bounce").stream().map(NoticeIssued::wake).toList());
    }

    @Test
    void M3_targetBangAsksForAContinuation() {
        Scenario s = explicit();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>#work ! Part one.");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
        assertEquals("Part one.", requested(s).get(0).text());
        NoticeIssued continuation = lastNotices(s, "continuation").get(0);
        assertTrue(continuation.wake());
    }

    @Test
    void M3_aTargetAndABangAloneAskForAContinuation() {
        Scenario s = explicit();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>#work !");
        assertEquals(1, lastNotices(s, "continuation").size());
        assertEquals(List.of(), routes(s, turn, 1));
    }

    @Test
    void M3_aPrivateTurnsBangStillAsksForAContinuation() {
        // seed D1: "a ' !' continuation of a private turn speaks in no channel"
        Scenario s = explicit();
        long turn = operatorTurn(s);
        s.host.say(turn, 1, ">>#work ! For the room, and more to come.");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
        assertEquals(1, lastNotices(s, "continuation").size());
    }

    @Test
    void M3_aPrivateTurnsUnprefixedSpeechIsKeptPrivateWithANoticeNotBounced() {
        Scenario s = explicit();
        long turn = operatorTurn(s);
        s.host.say(turn, 1, "Only for you.");
        assertEquals(Route.keptPrivate("private-turn"), routes(s, turn, 1).get(0));
        assertEquals(1, s.notices("kept-private").size());
        assertEquals(List.of(), s.notices("bounce"));
        assertEquals(List.of(), held(s));
    }

    @Test
    void M3_sendsSilenceNothingInExplicitMode() {
        Scenario s = explicit();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>#work Beside a send.", send("work"));
        s.host.say(turn, 2, "Sticky, after a send.");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 2).get(0));
        ToolDecided sent = s.host.all(ToolDecided.class).get(0);
        assertNull(sent.send(), "M6 is locus and hybrid only");
    }

    @Test
    void M3_explicitModeWritesNoReceiptItsBouncesAreNamedByTheirNotice() {
        Scenario s = explicit();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Bounced.");
        s.host.end(turn);
        assertEquals(List.of(), s.notices("receipt"));
        long next = roomTurn(s, "work");
        assertEquals(List.of(), s.notices("catch-up"), "the bounce notice already named it: " + next);
    }

    @Test
    void M1a_M3_aHeartbeatTurnHoldsItsUnprefixedSpeechAsANoDestinationDraftWithNoBounceAndNoWake() {
        Scenario s = explicit();
        long turn = Prose.heartbeatTurn(s);
        s.host.say(turn, 1, "Tick.", tool("shell"));
        s.host.boundary(turn);
        s.host.say(turn, 2, ">>#work Status: green.");
        s.host.say(turn, 3, "Follows the target.");
        assertTrue(Prose.isHeld(routes(s, turn, 1).get(0), "no-destination"));
        assertEquals(List.of(), s.notices("bounce"));
        assertFalse(s.notices("held-drafts").isEmpty(), "the mid-turn notice names it");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 3).get(0));
    }

    @Test
    void M3_aChannelPublishWithAChannelGoesThereAndSetsNoTarget() {
        Scenario s = explicit();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "", call("channel_publish", "noisy", "posted"));
        s.host.say(turn, 2, "Plain.", tool("shell"));
        assertEquals("noisy", requested(s).get(0).channel());
        assertEquals("bounced", routes(s, turn, 2).get(0).kind());
    }
}
