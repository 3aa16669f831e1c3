package dev.routing.engine.prose;

import static dev.routing.engine.prose.Prose.denied;
import static dev.routing.engine.prose.Prose.held;
import static dev.routing.engine.prose.Prose.isHeld;
import static dev.routing.engine.prose.Prose.requested;
import static dev.routing.engine.prose.Prose.roomTurn;
import static dev.routing.engine.prose.Prose.routes;
import static dev.routing.engine.prose.Prose.segments;
import static dev.routing.engine.prose.Prose.send;
import static dev.routing.engine.prose.Prose.tool;
import static dev.routing.engine.testing.Host.call;
import static dev.routing.engine.testing.Host.drafts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.ToolDecided;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** M6 (with #824's place rule and #843's carry) and M8: an explicit send holds the speech that follows it. */
class SendSuppressionTest {

    private static Scenario scenario(Mode mode) {
        return new Scenario().agent(mode, LocusPolicy.DELIVERY);
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"LOCUS", "HYBRID"})
    void M6_aSendHoldsThatRoundsAndLaterRoundsSpeechGoingWhereItPostedAsExplicitSendDraftsKeepingEachRunExactly(Mode mode) {
        Scenario s = scenario(mode);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "  A paragraph,\n\nwritten before the send.\n", send("work"));
        s.host.say(turn, 2, "A later round.");
        List<DraftHeld> drafts = held(s);
        assertEquals(List.of("  A paragraph,\n\nwritten before the send.\n", "A later round."),
                drafts.stream().map(DraftHeld::text).toList(), "D1: each run exactly as written");
        assertEquals(List.of("explicit-send", "explicit-send"), drafts.stream().map(DraftHeld::cause).toList());
        assertEquals(Route.held(drafts.get(0).draft(), "explicit-send"), routes(s, turn, 1).get(0));
        assertEquals(List.of(), requested(s));
        ToolDecided sent = s.host.all(ToolDecided.class).get(0);
        assertTrue(sent.send());
        assertEquals("work", sent.place());
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"LOCUS", "HYBRID"})
    void M6_824_speechGoingElsewhereThanWhereTheSendPostedIsPublished(Mode mode) {
        Scenario s = scenario(mode);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "For work.", send("noisy"));
        s.host.say(turn, 2, "Still for work.");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 2).get(0));
        assertEquals(List.of(), held(s));
    }

    @ParameterizedTest
    @ValueSource(strings = {"mcpl--discord--send_message", "reply_message", "send_dm", "whisper"})
    void M6_824_aSendWhosePlaceCannotBeReadHoldsSpeechGoingAnywhere(String tool) {
        Scenario s = scenario(Mode.LOCUS);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Anywhere.", call(tool, null, "sent"));
        s.host.say(turn, 2, "Still held.");
        assertTrue(isHeld(routes(s, turn, 1).get(0), "explicit-send"));
        assertTrue(isHeld(routes(s, turn, 2).get(0), "explicit-send"));
        assertEquals(null, s.host.all(ToolDecided.class).get(0).place());
    }

    @ParameterizedTest
    @ValueSource(strings = {"send_message", "reply_message", "send_dm", "say", "whisper", "mcpl--discord--send_message",
        "tools--say"})
    void M6_everySendToolCountsAModulesByItsBareName(String tool) {
        Scenario s = scenario(Mode.LOCUS);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Held.", call(tool, "work", "sent"));
        assertTrue(isHeld(routes(s, turn, 1).get(0), "explicit-send"), tool);
    }

    @Test
    void M6_aToolThatIsNoSendHoldsNothing() {
        Scenario s = scenario(Mode.LOCUS);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Published.", tool("shell"), tool("send_messages"), tool("channel_list"));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
    }

    @Test
    void M6_824_aSendsPlaceIsReadByLabelAsWellAsById() {
        Scenario s = scenario(Mode.LOCUS);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Held: #work is work.", send("#work"));
        assertTrue(isHeld(routes(s, turn, 1).get(0), "explicit-send"));
        assertEquals("work", s.host.all(ToolDecided.class).get(0).place());
    }

    @Test
    void M6_aChannelPublishCountsAsASendAtTheChannelItResolvedTo() {
        Scenario s = scenario(Mode.LOCUS);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "For work.", call("channel_publish", "noisy", "posted"));
        s.host.say(turn, 2, "Held.", call("channel_publish", null, "to the turn's own channel"));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
        assertTrue(isHeld(routes(s, turn, 2).get(0), "explicit-send"));
    }

    @Test
    void M6_aRefusedChannelPublishCountsForNothing() {
        Scenario s = scenario(Mode.LOCUS);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Published.", call("channel_publish", "nowhere", "refused"));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
    }

    @Test
    void M6_aDraftsResendCountsAsASendAndAResendThatResolvesNoChannelCountsForNothing() {
        Scenario s = scenario(Mode.LOCUS);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Held.", send("work"));
        String id = held(s).get(0).draft();
        s.host.boundary(turn, s.host.room("qa", "work", "@qa go on", true));
        s.host.say(turn, 2, "Published: the hold ended.", drafts("resend", "nowhere", id));
        s.host.say(turn, 3, "Published too.");
        s.host.say(turn, 4, "", drafts("resend", "work", id));
        s.host.say(turn, 5, "Held by the resend.");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 2).get(0));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 3).get(0));
        assertTrue(isHeld(routes(s, turn, 5).get(0), "explicit-send"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"mail--drafts", "drafts_tool"})
    void M6_M7_onlyTheEnginesOwnDraftsToolCountsItsExactName(String tool) {
        Scenario s = scenario(Mode.LOCUS);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Published.", new dev.routing.journal.event.Call(tool, "work", null, null, "resend",
                List.of("d-aaaaaaa"), null, null, null));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
    }

    @Test
    void M6_freshInputAtALiveBoundaryEndsTheHoldAndABoundaryWithoutInputDoesNot() {
        Scenario s = scenario(Mode.LOCUS);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Held.", send("work"));
        s.host.boundary(turn);
        s.host.say(turn, 2, "Still held.");
        s.host.boundary(turn, s.host.room("qa", "work", "@qa thanks", true));
        s.host.say(turn, 3, "Published: fresh input.");
        assertTrue(isHeld(routes(s, turn, 2).get(0), "explicit-send"));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 3).get(0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"skip_reply", "tools--skip_reply"})
    void M6_skipReplyOutranksTheHoldAndKeepsTheRoundPrivateWithNoDraft(String skip) {
        Scenario s = scenario(Mode.HYBRID);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Kept.\n>>>#work Kept too.", send("work"), tool(skip));
        s.host.say(turn, 2, "Held.");
        assertEquals(List.of(Route.keptPrivate("skip-reply"), Route.keptPrivate("skip-reply")), routes(s, turn, 1));
        assertTrue(isHeld(routes(s, turn, 2).get(0), "explicit-send"));
        assertEquals(1, held(s).size());
    }

    @Test
    void M6_aSameRoundPrivateThinkOutranksTheHold() {
        Scenario s = scenario(Mode.LOCUS);
        long turn = roomTurn(s, "work");
        Prose.think(s, turn, 1, "Thinking.", send("work"));
        s.host.say(turn, 2, "Held.");
        assertEquals(Route.keptPrivate("private-think"), routes(s, turn, 1).get(0));
        assertTrue(isHeld(routes(s, turn, 2).get(0), "explicit-send"));
    }

    @Test
    void M6_aCallTheAgentWasNotPermittedToMakeCountsForNothing() {
        Scenario s = scenario(Mode.LOCUS);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Published: the send was refused.", denied(send("work")));
        s.host.say(turn, 2, "Held.", send("work"), denied(tool("skip_reply")));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
        assertTrue(isHeld(routes(s, turn, 2).get(0), "explicit-send"), "a refused skip_reply keeps nothing private");
        ToolDecided refused = s.host.all(ToolDecided.class).get(0);
        assertEquals(false, refused.allowed());
    }

    @Test
    void M6_843_theHoldCarriesIntoTheStartsThatContinueTheTurnThroughThePlaceRule() {
        Scenario s = scenario(Mode.LOCUS);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Held.", send("work"), call("channel_publish", "noisy", "x"));
        s.host.continueTurn("qa", turn, List.of(), List.of(), false);
        s.host.say(turn, 2, "Held after a budget restart.");
        s.host.continueTurn("qa", turn, List.of(), List.of(), false);
        s.host.say(turn, 3, ">>>#noisy plain text in locus mode, still held: it goes to work");
        assertTrue(isHeld(routes(s, turn, 2).get(0), "explicit-send"));
        assertTrue(isHeld(routes(s, turn, 3).get(0), "explicit-send"));
    }

    @Test
    void M6_theHoldEndsWithItsTurn() {
        Scenario s = scenario(Mode.LOCUS);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Held.", send("work"));
        s.host.end(turn);
        long next = roomTurn(s, "work");
        s.host.say(next, 1, "Published.");
        assertEquals(Route.publish("work", "discord"), routes(s, next, 1).get(0));
    }

    @Test
    void M6_hybridAHeldEnvelopeKeepsTheBodyItWouldHavePublishedAndStillMovesTheTarget() {
        Scenario s = scenario(Mode.HYBRID);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>#noisy  For noisy.\n>>>#work For work.", send("noisy"));
        s.host.say(turn, 2, ">>>#noisy");
        s.host.say(turn, 3, "Plain, now going to noisy.");
        List<SpeechRouted> one = segments(s, turn, 1);
        assertTrue(isHeld(one.get(0).route(), "explicit-send"));
        assertEquals("For noisy.", held(s).get(0).text(), "the message the envelope would have published");
        assertEquals(Route.publish("work", "discord"), one.get(1).route());
        assertTrue(isHeld(routes(s, turn, 3).get(0), "explicit-send"), "the held envelope's target is sticky");
        assertTrue(Prose.moves(s).stream().anyMatch(m -> m.sticky() && m.locus().equals("noisy")));
    }

    @Test
    void M6_hybridAHeldEnvelopesUnsentIsExpandedFromTheLatestBounce() {
        Scenario s = scenario(Mode.HYBRID);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>#nowhere Lost words.");
        String bounced = held(s).get(0).text();
        s.host.say(turn, 2, ">>>#work Again: {{unsent}}", send("work"));
        assertEquals("Again: " + bounced, held(s).get(1).text());
        assertEquals(List.of(), requested(s), "held, not sent");
    }

    @Test
    void M6_824_publicSpeechWithNoDestinationBesideASendWhosePlaceCannotBeReadIsHeldByTheSend() {
        Scenario s = scenario(Mode.HYBRID);
        String self = s.host.wake("qa", "self-wake", null);
        long turn = s.host.start("qa", List.of(self), List.of());
        s.host.say(turn, 1, "No destination.\n>>>\nMalformed.\n>>>#nowhere Refused.",
                call("mcpl--discord--send_message", null, "sent"));
        assertEquals(List.of("explicit-send", "explicit-send", "explicit-send"),
                held(s).stream().map(DraftHeld::cause).toList());
        assertEquals(List.of(), s.notices("bounce"));
    }

    @Test
    void M6_824_besideASendToAKnownPlaceSpeechWithNoDestinationIsHeldOrBouncedAsWithoutIt() {
        Scenario s = scenario(Mode.HYBRID);
        String self = s.host.wake("qa", "self-wake", null);
        long turn = s.host.start("qa", List.of(self), List.of());
        s.host.say(turn, 1, "No destination.\n>>>#nowhere Refused.", send("work"));
        List<Route> rs = routes(s, turn, 1);
        assertTrue(isHeld(rs.get(0), "no-destination"));
        assertEquals("bounced", rs.get(1).kind());
    }

    @Test
    void M8_aLaterSendGovernsOnlyLaterRoundsNeverWordsAlreadyRouted() {
        Scenario s = scenario(Mode.LOCUS);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Published before the send.");
        s.host.say(turn, 2, "", send("work"));
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
        assertEquals(1, requested(s).size());
        assertEquals(List.of(), held(s));
    }

    @Test
    void M6_824_aSendToALabelTwoChannelsCarryHasNoPlaceAndHoldsSpeechGoingAnywhere() {
        Scenario s = scenario(Mode.LOCUS);
        s.host.feed(new ChannelRegistered(s.host.tick(), "c-one", "discord", "#shared", false));
        s.host.feed(new ChannelRegistered(s.host.tick(), "c-two", "discord", "#shared", false));
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Anywhere.", call("send_message", "#shared", "sent"));
        assertNull(s.host.all(ToolDecided.class).get(0).place(), "the label names two channels: no place is read");
        assertTrue(isHeld(routes(s, turn, 1).get(0), "explicit-send"), "held wherever it was going");
    }
}
