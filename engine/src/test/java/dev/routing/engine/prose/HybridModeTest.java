package dev.routing.engine.prose;

import static dev.routing.engine.prose.Prose.heartbeatTurn;
import static dev.routing.engine.prose.Prose.held;
import static dev.routing.engine.prose.Prose.operatorTurn;
import static dev.routing.engine.prose.Prose.requested;
import static dev.routing.engine.prose.Prose.roomTurn;
import static dev.routing.engine.prose.Prose.routes;
import static dev.routing.engine.prose.Prose.segments;
import static dev.routing.engine.prose.Prose.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.TurnLocusMoved;
import java.util.List;
import org.junit.jupiter.api.Test;

/** M2: hybrid mode, locus routing plus {@code >>>TARGET} envelopes with a sticky destination. */
class HybridModeTest {

    private static Scenario hybrid() {
        return new Scenario().agent(Mode.HYBRID, LocusPolicy.DELIVERY);
    }

    @Test
    void M2_unprefixedSpeechGoesToTheLocusAsInLocusMode() {
        Scenario s = hybrid();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Plain words.\n>>#noisy a double chevron is plain text here");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
        assertEquals(1, routes(s, turn, 1).size());
    }

    @Test
    void M2_anEnvelopePublishesItsBodyToItsTargetAndMakesItTheStickyDestination() {
        Scenario s = hybrid();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Lead for work.\n>>>#noisy Shipped.\nSecond line.");
        s.host.say(turn, 2, "Plain again.");
        List<SpeechRouted> one = segments(s, turn, 1);
        assertEquals(Route.publish("work", "discord"), one.get(0).route(), "text before the envelope: the locus");
        assertEquals(Route.publish("noisy", "discord"), one.get(1).route());
        assertEquals("Shipped.\nSecond line.", one.get(1).text());
        assertEquals("#noisy", one.get(1).envelope());
        assertEquals(Route.publish("noisy", "discord"), routes(s, turn, 2).get(0), "sticky: later plain speech follows");
        TurnLocusMoved moved = Prose.moves(s).get(0);
        assertTrue(moved.sticky());
        assertEquals("noisy", moved.locus());
    }

    @Test
    void M2_anEnvelopeThatOnlyNamesADestinationMovesTheStickyTargetAndHoldsNothing() {
        Scenario s = hybrid();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>#noisy");
        s.host.say(turn, 2, "For noisy.");
        assertEquals(List.of(), routes(s, turn, 1));
        assertEquals(Route.publish("noisy", "discord"), routes(s, turn, 2).get(0));
        assertEquals(List.of(), held(s));
    }

    @Test
    void M2_skipReplyKeepsWhatFollowsPrivateUntilADestinationIsNamed() {
        Scenario s = hybrid();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>skip_reply Thinking out loud.");
        s.host.say(turn, 2, "Still private.");
        s.host.say(turn, 3, ">>>#work Back in the room.\nAnd more.");
        s.host.say(turn, 4, "Follows the room.");
        assertEquals(Route.keptPrivate("skip-reply"), routes(s, turn, 1).get(0));
        assertEquals(Route.keptPrivate("skip-reply"), routes(s, turn, 2).get(0));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 3).get(0));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 4).get(0));
        assertEquals(List.of(), held(s), "D2: skip_reply is never drafted");
    }

    @Test
    void M2_aBareTripleChevronIsMalformedAndBouncesWithAHybridResendOffer() {
        Scenario s = hybrid();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>\nWords with no target.");
        DraftHeld draft = held(s).get(0);
        assertEquals("bounced", draft.cause());
        assertEquals("Words with no target.", draft.text(), "D1: the envelope's words, never its routing prefix");
        assertEquals(Route.bounced(draft.draft()), routes(s, turn, 1).get(0));
        NoticeIssued bounce = s.notices("bounce").get(0);
        assertTrue(bounce.wake());
        assertTrue(bounce.text().contains(">>>#channel {{unsent}}"), "a hybrid resident is offered hybrid's prefix: " + bounce.text());
        assertEquals(List.of(), requested(s));
    }

    @Test
    void M2_aBareTripleChevronWithNoWordsRoutesNothing() {
        Scenario s = hybrid();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Hello.\n>>> \n");
        assertEquals(1, routes(s, turn, 1).size(), "an empty segment routes nowhere");
        assertEquals(List.of(), held(s));
        assertEquals(List.of(), s.notices("bounce"));
    }

    @Test
    void M2_afterAnUnresolvedEnvelopeTheRestIsHeldAsDraftsUntilADestinationIsNamed() {
        Scenario s = hybrid();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>#nowhere Lost words.");
        s.host.say(turn, 2, "Plain.");
        s.host.say(turn, 3, ">>>#work Back.");
        s.host.say(turn, 4, "Then this.");
        assertEquals("bounced", routes(s, turn, 1).get(0).kind());
        assertTrue(s.notices("bounce").get(0).text().contains("nowhere"));
        assertEquals("Plain.", held(s).get(1).text());
        assertEquals(Route.held(held(s).get(1).draft(), "no-destination"), routes(s, turn, 2).get(0),
                "not posted to the locus: hybrid's hold keeps the rest");
        assertEquals(List.of("Back.", "Then this."), requested(s).stream().map(p -> p.text()).toList(),
                "a named destination ends the hold");
    }

    @Test
    void M2_afterAMalformedEnvelopeTheRestIsHeldAsDrafts() {
        Scenario s = hybrid();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>\nStray words.");
        s.host.say(turn, 2, "After the bounce.");
        assertEquals(Route.held(held(s).get(1).draft(), "no-destination"), routes(s, turn, 2).get(0));
        assertEquals(List.of(), requested(s));
    }

    @Test
    void M2_afterAnUndeliveredEnvelopeTheStickyTargetIsGoneAndTheRestIsHeld() {
        for (Boolean delivered : new Boolean[] {false, null}) {
            Scenario s = hybrid();
            long turn = roomTurn(s, "work");
            s.host.say(turn, 1, ">>>#work First words.");
            s.host.settle(requested(s).get(0).attempt(), delivered, delivered == null ? "no-response" : null);
            s.host.say(turn, 2, "Second words.");
            assertEquals(1, requested(s).size(), "the failed sticky target takes no more words (" + delivered + ")");
            assertEquals("Second words.", held(s).get(held(s).size() - 1).text());
            assertEquals("no-destination", held(s).get(held(s).size() - 1).cause());
        }
    }

    @Test
    void M2_anUndeliveredEnvelopeAfterItsTurnEndedLeavesTheNextTurnsRoutingAlone() {
        Scenario s = hybrid();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>#work Late words.");
        s.host.end(turn);
        s.host.settle(requested(s).get(0).attempt(), false, null);
        long next = roomTurn(s, "work");
        s.host.say(next, 1, "Fresh words.");
        assertEquals(Route.publish("work", "discord"), routes(s, next, 1).get(0));
    }

    @Test
    void M2_aChannelTwoServersShareIsRefusedRatherThanGuessed() {
        Scenario s = hybrid();
        s.host.channel("shared", "discord").channel("shared", "slack");
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>shared Which server?");
        assertEquals("bounced", routes(s, turn, 1).get(0).kind());
        assertTrue(s.notices("bounce").get(0).text().contains("more than one server"), s.notices("bounce").get(0).text());
        assertEquals(List.of(), requested(s));
    }

    @Test
    void M2_anEnvelopeTargetResolvesByLabelOrId() {
        Scenario s = hybrid();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>#noisy By label.\n>>>noisy By id.");
        assertEquals(List.of(Route.publish("noisy", "discord"), Route.publish("noisy", "discord")), routes(s, turn, 1));
    }

    @Test
    void M2_aBangAsksForAContinuation() {
        Scenario s = hybrid();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>#work ! First part.");
        NoticeIssued continuation = s.notices("continuation").get(0);
        assertTrue(continuation.wake());
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
    }

    @Test
    void M2_aHeartbeatTurnsEnvelopeSetsAStickyTargetThatItsLaterPlainSpeechFollows() {
        Scenario s = hybrid();
        long turn = heartbeatTurn(s);
        s.host.say(turn, 1, "No channel yet.");
        s.host.say(turn, 2, ">>>#work Status: green.");
        s.host.say(turn, 3, "Follows the envelope.");
        assertEquals("no-destination", routes(s, turn, 1).get(0).cause());
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 2).get(0));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 3).get(0));
    }

    @Test
    void M2_withNoLocusAndNoStickyTargetPlainSpeechIsHeldAsNoDestination() {
        Scenario s = hybrid();
        String self = s.host.wake("qa", "self-wake", null);
        long turn = s.host.start("qa", List.of(self), List.of());
        s.host.say(turn, 1, "Where to?", tool("shell"));
        assertEquals("no-destination", held(s).get(0).cause());
        assertEquals(List.of(), s.notices("bounce"), "hybrid holds plain speech, it does not bounce it");
    }

    @Test
    void M2_aPrivateTurnsEnvelopePublishesWhereItNamesButSetsNoTarget() {
        Scenario s = hybrid();
        long turn = operatorTurn(s);
        s.host.say(turn, 1, ">>>#work For the room.");
        s.host.say(turn, 2, "For the operator.");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
        assertEquals(Route.keptPrivate("private-turn"), routes(s, turn, 2).get(0));
        assertEquals(List.of(), Prose.moves(s));
    }

    @Test
    void M2_D5_inASkipReplyRoundSkipReplyUnsentStillSetsTheLatestBounceAsideButNotBesideAPrivateThink() {
        Scenario s = hybrid();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>#nowhere Lost words.");
        s.host.say(turn, 2, ">>>skip_reply {{unsent}}", tool("skip_reply"));
        assertEquals(1, s.host.all(dev.routing.journal.event.DraftDismissed.class).size());

        Scenario t = hybrid();
        long other = roomTurn(t, "work");
        t.host.say(other, 1, ">>>#nowhere Lost words.");
        Prose.think(t, other, 2, ">>>skip_reply {{unsent}}", tool("skip_reply"));
        assertEquals(List.of(), t.host.all(dev.routing.journal.event.DraftDismissed.class));
    }

    @Test
    void M2_P12_aPrivateTurnsUnsentSendsAnOpenBounceAndKeepsItsWordsWhenNothingCanBeSent() {
        Scenario s = hybrid();
        long room = roomTurn(s, "work");
        s.host.say(room, 1, ">>>#nowhere The build is green.");
        s.host.end(room);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, ">>>#work {{unsent}}");
        assertEquals(List.of("The build is green."), requested(s).stream().map(p -> p.text()).toList());
        assertEquals("unsent", requested(s).get(0).via());
        s.host.say(turn, 2, ">>>#work Again: {{unsent}}");
        assertEquals(Route.keptPrivate("private-turn"), routes(s, turn, 2).get(0), "its attempt is out: nothing to send");
        assertEquals(1, held(s).size(), "P12: no draft of a private turn's words");
        assertEquals(1, requested(s).size());
    }

    @Test
    void M2_theStickyTargetLastsOnlyForItsTurn() {
        Scenario s = hybrid();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>#noisy Over there.");
        s.host.end(turn);
        long next = roomTurn(s, "work");
        s.host.say(next, 1, "Back home.");
        assertEquals(Route.publish("work", "discord"), routes(s, next, 1).get(0));
    }

    @Test
    void M2_plainSpeechAfterAnEnvelopeGoesToItsTargetOnTheServerItWasNamedOn() {
        Scenario s = hybrid();
        s.host.channel("ops", "slack");
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>#ops On slack.");
        s.host.say(turn, 2, "Still there.");
        assertEquals(Route.publish("ops", "slack"), routes(s, turn, 2).get(0), "the sticky target on the server it was named on");
    }

    @Test
    void M2_aRoundsSegmentsAreNumberedFromZeroInTheOrderWritten() {
        Scenario s = hybrid();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Before.\n>>>#noisy Between.\n>>>#work After.");
        assertEquals(List.of(0, 1, 2), segments(s, turn, 1).stream().map(SpeechRouted::segment).toList());
    }
}
