package dev.routing.engine.privacy;

import static dev.routing.engine.testing.Host.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Host;
import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.ToolDecided;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * P4, P11-P14: what a private turn does with its words, its sends and its channels.
 *
 * <p>The seed's ids (private-turns.txt): B1 is P4, B2 is P11, B3 is P12, B4 is P13, B5 is P14.
 */
class PrivateTurnSpeechTest {

    private static long operatorTurn(Scenario s) {
        String m = s.host.operator("qa", "status?");
        return s.host.answer("qa", m, null);
    }

    @Test
    void P4_underDeliveryAnOperatorsMessageWhileAFocusHoldsIsAnsweredInNoChannel() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.focus("qa", "work");
        long turn = operatorTurn(s);
        s.host.say(turn, 1, "All green.");
        s.host.end(turn);
        assertTrue(s.opened(turn).isPrivate());
        s.assertKeptPrivate(turn, "private-turn");
        s.assertNothingPublished();
    }

    @Test
    void P4_underThe0300RulesTheSameMessageWasPublishedInTheFocusChannel() {
        Scenario s = new Scenario(RuleSet.V0_30_0).agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.focus("qa", "work");
        long turn = operatorTurn(s);
        s.host.say(turn, 1, "All green.");
        assertEquals("focus", s.opened(turn).fallback());
        s.assertPublishedIn(turn, "work");
    }

    @Test
    void P4_underLatestInboundAnOperatorsMessageAfterARoomWasAnsweredIsAnsweredInNoChannel() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.LATEST_INBOUND);
        String ping = s.host.room("qa", "noisy", "@qa ping", true);
        long room = s.host.answer("qa", ping, "noisy");
        s.host.say(room, 1, "pong");
        s.host.end(room);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, "I said pong.");
        s.assertPublishedIn(room, "noisy");
        s.assertKeptPrivate(turn, "private-turn");
        assertEquals(1, s.host.all(PublishRequested.class).size());
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void P4_aPrivateTurnsPlainSpeechReachesNoChannelInEveryMode(Mode mode) {
        Scenario s = new Scenario().agent(mode, LocusPolicy.LATEST_INBOUND);
        s.host.focus("qa", "work");
        s.host.room("qa", "noisy", "chatter", false);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, "All green.");
        s.host.say(turn, 2, "Line one.\n\nLine two.");
        s.assertNothingPublished();
        assertEquals(List.of(), s.host.all(DraftHeld.class), "a private turn's words are not drafted (B3)");
    }

    @Test
    void P4_aBatchWithARoomWakeAndAPrivateWakeIsPrivateWhateverOrderTheyCameIn() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String ping = s.host.room("qa", "work", "@qa ping", true);
        String roomWake = s.host.wake("qa", "message", "work", ping);
        String op = s.host.operator("qa", "status?");
        String opWake = s.host.wake("qa", "message", null, op);
        long turn = s.host.start("qa", List.of(roomWake, opWake), List.of(ping, op));
        s.host.say(turn, 1, "All green.");
        assertTrue(s.opened(turn).isPrivate());
        s.assertNothingPublished();
    }

    @Test
    void P11_aPrivateTurnsOwnEnvelopePostsItsBodyWhereItNamesAndSetsNoStickyDestination() {
        Scenario s = new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, ">>#work Deploy is done.");
        s.host.say(turn, 2, "And the rest stays here.");
        List<SpeechRouted> routed = s.speech(turn);
        assertEquals(Route.publish("work", "discord"), routed.get(0).route());
        assertEquals(Route.keptPrivate("private-turn"), routed.get(1).route());
        assertEquals("Deploy is done.", s.host.all(PublishRequested.class).get(0).text());
    }

    @Test
    void P11_hybridAPrivateTurnsEnvelopeSetsNoTargetSoItsLaterPlainSpeechStaysPrivate() {
        Scenario s = new Scenario().agent(Mode.HYBRID, LocusPolicy.DELIVERY);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, ">>>#work Shipped.\nStill for the room?");
        s.host.say(turn, 2, "No, this is for the operator.");
        List<SpeechRouted> routed = s.speech(turn);
        assertEquals(Route.publish("work", "discord"), routed.get(0).route());
        assertEquals("Shipped.\nStill for the room?", routed.get(0).text());
        assertEquals(Route.keptPrivate("private-turn"), routed.get(1).route());
    }

    @Test
    void P11_aPrivateTurnsChannelPublishThatNamesAChannelGoesThere() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, "", call("channel_publish", "work", "hello"));
        ToolDecided decided = s.host.all(ToolDecided.class).get(0);
        assertTrue(decided.allowed());
        assertEquals("work", decided.channel());
        assertEquals("hello", s.host.all(PublishRequested.class).get(0).text());
    }

    @Test
    void P11_aScriptsChannelPublishThatNamesItsChannelGoesThereInAPrivateTurnToo() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = operatorTurn(s);
        s.host.feed(new dev.routing.journal.event.ScriptCalled(s.host.tick(), "qa", turn, "channel_publish", "work", null, "report"));
        assertTrue(s.host.last(ToolDecided.class).get(0).allowed());
        assertEquals("work", s.host.last(PublishRequested.class).get(0).channel());
    }

    @Test
    void P12_anExplicitModeTurnIsToldItsWordsWereKeptPrivateNotBounced() {
        Scenario s = new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, "All green.");
        assertEquals(Route.keptPrivate("private-turn"), s.speech(turn).get(0).route());
        assertEquals(1, s.notices("kept-private").size());
        assertEquals(List.of(), s.notices("bounce"));
        assertEquals(List.of(), s.host.all(DraftHeld.class));
    }

    @Test
    void P12_aPrivateHybridTurnsEnvelopeThatNamesNoDestinationOrAnUnknownChannelKeepsItsWordsPrivateWithNoDraft() {
        Scenario s = new Scenario().agent(Mode.HYBRID, LocusPolicy.DELIVERY);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, ">>>\nnowhere at all\n>>>#nowhere lost words");
        for (SpeechRouted r : s.speech(turn)) assertEquals(Route.keptPrivate("private-turn"), r.route());
        assertEquals(List.of(), s.host.all(DraftHeld.class));
        // Each bounce is told as a bounce kept private (PrivateBounceTest has the rest).
        assertEquals(List.of(true, true), s.notices("bounce").stream().map(n -> n.text().contains("kept private")).toList());
    }

    @Test
    void P12_hybridBesideASendWhosePlaceCantBeReadAPrivateTurnsEnvelopeThatNamesAChannelIsHeldAsADraft() {
        Scenario s = new Scenario().agent(Mode.HYBRID, LocusPolicy.DELIVERY);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, "Kept here.\n>>>#work For the room.", call("mcpl--discord--send_message", null, "hi"));
        List<SpeechRouted> routed = s.speech(turn);
        assertEquals(Route.keptPrivate("private-turn"), routed.get(0).route());
        assertEquals("held", routed.get(1).route().kind());
        assertEquals("explicit-send", s.host.all(DraftHeld.class).get(0).cause());
    }

    @Test
    void P12_aPrivateTurnThatTakesInMorePrivateInputIsToldNothingAgain() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, "Working.", call("shell", null, null));
        String more = s.host.operatorQuietly("qa", "and also?");
        s.host.boundary(turn, more);
        s.host.say(turn, 2, "Done.");
        assertEquals(1, s.notices("private-turn").size());
    }

    @Test
    void P12_aChannelTurnMadePrivateIsWhatTheAgentWasLastToldAfterARestartToo() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long room = s.host.answer("qa", ping, "work");
        s.host.say(room, 1, "Looking.", call("shell", null, null));
        String op = s.host.operatorQuietly("qa", "stop");
        s.host.boundary(room, op);
        s.host.end(room);
        s.restart();
        String again = s.host.room("qa", "work", "@qa again", true);
        long next = s.host.answer("qa", again, "work");
        List<NoticeIssued> told = s.host.all(NoticeIssued.class).stream()
                .filter(n -> n.turn() != null && n.turn() == next && n.kind().equals("routing")).toList();
        assertEquals(1, told.size(), "the room's next turn is told its channel again");
        assertEquals(List.of("work"), told.get(0).names().channels());
    }

    @Test
    void P13_aPrivateTurnsChannelPublishThatNamesNoChannelIsRefusedAndCountsAsNoSend() {
        Scenario s = new Scenario().agent(Mode.HYBRID, LocusPolicy.DELIVERY);
        s.host.focus("qa", "work");
        long turn = operatorTurn(s);
        s.host.say(turn, 1, ">>>#work Posted.", call("channel_publish", null, "hello"));
        ToolDecided decided = s.host.all(ToolDecided.class).get(0);
        assertFalse(decided.allowed());
        assertTrue(decided.refusal().contains("must name its channel"));
        assertNull(decided.send(), "a refused call is no send");
        assertEquals(Route.publish("work", "discord"), s.speech(turn).get(0).route(), "nothing held it");
    }

    @Test
    void P13_aPublicTurnsChannelPublishThatNamesNoChannelGoesToItsChannelAsOn0300() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, "", call("channel_publish", null, "hello"));
        assertTrue(s.host.all(ToolDecided.class).get(0).allowed());
        assertEquals("work", s.host.all(PublishRequested.class).get(0).channel());
    }

    @Test
    void P13_aScriptLeftRunningPastAPrivateTurnsEndIsRefused() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.focus("qa", "work");
        long turn = operatorTurn(s);
        s.host.end(turn);
        s.host.feed(new dev.routing.journal.event.ScriptCalled(s.host.tick(), "qa", turn, "channel_publish", " ", null, "report"));
        assertFalse(s.host.last(ToolDecided.class).get(0).allowed());
        assertEquals(List.of(), s.host.all(PublishRequested.class));
    }

    /** B4: "a script's refusal in a private turn points to channel_list only for an agent that may call it". */
    @Test
    void P13_aPrivateTurnsRefusalPointsToChannelListOnlyForAnAgentThatMayCallIt() {
        Scenario s = new Scenario();
        s.host.configure(new dev.routing.journal.event.AgentConfigured(s.host.tick(), "qa", Mode.LOCUS, LocusPolicy.DELIVERY,
                List.of("channel_publish", "shell"), false, null));
        long turn = operatorTurn(s);
        s.host.feed(new dev.routing.journal.event.ScriptCalled(s.host.tick(), "qa", turn, "channel_publish", null, null, "r"));
        String refusal = s.host.last(ToolDecided.class).get(0).refusal();
        assertTrue(refusal.contains("must name its channel"), refusal);
        assertFalse(refusal.contains("channel_list"), refusal);
        Scenario all = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long other = operatorTurn(all);
        all.host.feed(new dev.routing.journal.event.ScriptCalled(all.host.tick(), "qa", other, "channel_publish", null, null, "r"));
        assertTrue(all.host.last(ToolDecided.class).get(0).refusal().contains("channel_list"));
    }

    @Test
    void P13_aScriptOfAChannelTurnThatNamesNoChannelGoesWhere0300SendsIt() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.focus("qa", "work");
        String ping = s.host.room("qa", "noisy", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "noisy");
        s.host.end(turn);
        s.host.feed(new dev.routing.journal.event.ScriptCalled(s.host.tick(), "qa", turn, "channel_publish", null, null, "report"));
        assertEquals("noisy", s.host.last(PublishRequested.class).get(0).channel(), "its turn ended: where that turn spoke");
    }

    /** P13, as on 0.30.0: a left-running script's turn had no channel of its own, so the fallback takes it. */
    @Test
    void P13_aScriptOfAnEndedChannelTurnWithNoChannelTakesTheFallback() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String mail = s.host.message("qa", "agent-mail", null, false, "do the thing", "host", null, true);
        long turn = s.host.answer("qa", mail, null);
        s.host.end(turn);
        s.host.focus("qa", "work");
        s.host.feed(new dev.routing.journal.event.ScriptCalled(s.host.tick(), "qa", turn, "channel_publish", null, null, "report"));
        assertEquals("work", s.host.last(PublishRequested.class).get(0).channel(), "no channel of its own: the focus");
    }

    @Test
    void P14_channelOpenKeepsAPrivateTurnPrivate() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, "Opening.", call("channel_open", "work", null));
        s.host.say(turn, 2, "Still private.");
        s.assertNothingPublished();
        assertTrue(s.host.all(ToolDecided.class).get(0).result().contains("stays private"));
    }

    @Test
    void P14_aPublicTurnsChannelOpenMovesItsLocusForLaterRoundsOnly() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, "Opening noisy.", call("channel_open", "noisy", null));
        s.host.say(turn, 2, "Now in noisy.");
        List<SpeechRouted> routed = s.speech(turn);
        assertEquals("work", routed.get(0).route().channel(), "M8: words go where the route stood when written");
        assertEquals("noisy", routed.get(1).route().channel());
    }

    @Test
    void P14_aPrivateTurnThatEntersAFocusKeepsNoChannel() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = operatorTurn(s);
        s.host.feed(new dev.routing.journal.event.FocusOpened(s.host.tick(), "qa", "work", turn));
        s.host.say(turn, 1, "Focused.");
        s.assertNothingPublished();
    }

    static Host host(Scenario s) {
        return s.host;
    }

    /** B4: the pointer to channel_list follows the tools the turn opened with, not settings changed since. */
    @Test
    void P13_aPrivateTurnsRefusalPointsToChannelListByTheToolsItsTurnOpenedWith() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = operatorTurn(s);
        s.host.configure(new dev.routing.journal.event.AgentConfigured(s.host.tick(), "qa", Mode.LOCUS, LocusPolicy.DELIVERY,
                List.of("channel_publish", "shell"), false, null));
        s.host.say(turn, 1, "", call("channel_publish", null, "r"));
        String refusal = s.host.last(ToolDecided.class).get(0).refusal();
        assertTrue(refusal.endsWith("(channel_list shows the channel ids)."), refusal);
    }
}
