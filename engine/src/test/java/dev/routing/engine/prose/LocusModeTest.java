package dev.routing.engine.prose;

import static dev.routing.engine.prose.Prose.heartbeatTurn;
import static dev.routing.engine.prose.Prose.held;
import static dev.routing.engine.prose.Prose.operatorTurn;
import static dev.routing.engine.prose.Prose.receipt;
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

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.event.TurnLocusMoved;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** M1, M1a, M8: locus mode, where unprefixed speech goes to the turn's locus. */
class LocusModeTest {

    private static Scenario locus(LocusPolicy policy) {
        return new Scenario().agent(Mode.LOCUS, policy);
    }

    @Test
    void M1_unprefixedSpeechGoesToTheTriggerChannelTrimmed() {
        Scenario s = locus(LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "\n  All green.  \n");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
        assertEquals("All green.", requested(s).get(0).text(), "routing publishes the trimmed segment");
        assertEquals("work", s.opened(turn).locus());
    }

    @Test
    void M1_aRoundOfLocusSpeechIsOneSegmentAndChevronLinesAreSpeechNotEnvelopes() {
        Scenario s = locus(LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Line one.\n>>#noisy not an envelope\n>>>#noisy nor this");
        List<SpeechRouted> routed = segments(s, turn, 1);
        assertEquals(1, routed.size());
        assertEquals(Route.publish("work", "discord"), routed.get(0).route());
        assertEquals("Line one.\n>>#noisy not an envelope\n>>>#noisy nor this", routed.get(0).text());
    }

    @Test
    void M1_anEmptyOrBlankRoundRoutesNothing() {
        Scenario s = locus(LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "");
        s.host.say(turn, 2, " \n\t ");
        assertEquals(List.of(), s.speech(turn));
        assertEquals(List.of(), requested(s));
    }

    @Test
    void M1_aForksHomeIsItsLocusWhateverChannelWokeIt() {
        Scenario s = new Scenario();
        s.host.configure(new AgentConfigured(s.host.tick(), "qa", Mode.LOCUS, LocusPolicy.DELIVERY, null, false, "noisy"));
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Home.");
        assertEquals("noisy", s.opened(turn).locus());
        s.assertPublishedIn(turn, "noisy");
    }

    @Test
    void M1_withNoTriggerChannelAnOpenFocusIsTheFallbackThenUnderLatestInboundTheNewestInboundChannel() {
        Scenario s = locus(LocusPolicy.LATEST_INBOUND);
        s.host.room("qa", "noisy", "chatter", false);
        String self = s.host.wake("qa", "self-wake", null);
        long turn = s.host.start("qa", List.of(self), List.of());
        s.host.say(turn, 1, "Newest inbound.");
        assertEquals("latest-inbound", s.opened(turn).fallback());
        s.assertPublishedIn(turn, "noisy");
        s.host.end(turn);

        s.host.focus("qa", "work");
        String again = s.host.wake("qa", "self-wake", null);
        long focused = s.host.start("qa", List.of(again), List.of());
        s.host.say(focused, 1, "Focus first.");
        assertEquals("focus", s.opened(focused).fallback());
        s.assertPublishedIn(focused, "work");
    }

    @Test
    void M1_withNoLocusTheWordsAreHeldAsANoDestinationDraftAsRead() {
        Scenario s = locus(LocusPolicy.DELIVERY);
        String self = s.host.wake("qa", "self-wake", null);
        long turn = s.host.start("qa", List.of(self), List.of());
        s.host.say(turn, 1, "  Nowhere to go.\n");
        assertNull(s.opened(turn).locus());
        DraftHeld draft = held(s).get(0);
        assertEquals("no-destination", draft.cause());
        assertEquals("Nowhere to go.", draft.text(), "D1: a hold with no destination keeps the words as read, trimmed");
        assertEquals(Route.held(draft.draft(), "no-destination"), routes(s, turn, 1).get(0));
        assertEquals(List.of(), requested(s));
    }

    @Test
    void M1_aRunTakesNoFallbackSoItsSpeechIsHeld() {
        Scenario s = new Scenario();
        s.host.configure(new AgentConfigured(s.host.tick(), "qa", Mode.LOCUS, LocusPolicy.LATEST_INBOUND, null, true, null));
        s.host.focus("qa", "work");
        s.host.room("qa", "noisy", "chatter", false);
        String self = s.host.wake("qa", "self-wake", null);
        long turn = s.host.start("qa", List.of(self), List.of());
        s.host.say(turn, 1, "Done.");
        assertNull(s.opened(turn).locus());
        assertEquals("no-destination", held(s).get(0).cause());
    }

    @Test
    void M1_M8_aPublicTurnsChannelOpenMovesTheLocusForLaterRoundsOnly() {
        Scenario s = locus(LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Before the open.", call("channel_open", "noisy", null));
        s.host.say(turn, 2, "After the open.");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0), "M8: where the route stood when written");
        assertEquals(Route.publish("noisy", "discord"), routes(s, turn, 2).get(0));
        NoticeIssued told = s.notices("routing").get(s.notices("routing").size() - 1);
        assertEquals(List.of("noisy"), told.names().channels(), "the resident is told where plain speech now goes");
    }

    @Test
    void M1_underLatestInboundANewerAddressedArrivalRepinsTheLocusAtALiveBoundary() {
        Scenario s = locus(LocusPolicy.LATEST_INBOUND);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Looking.", tool("shell"));
        String other = s.host.message("qa", "channel-message", "noisy", true, "@qa over here", "host", null, false);
        s.host.boundary(turn, other);
        s.host.say(turn, 2, "Answering noisy.");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
        assertEquals(Route.publish("noisy", "discord"), routes(s, turn, 2).get(0));
    }

    @Test
    void M1_underLatestInboundANewerAddressedArrivalRepinsTheLocusAtTheTurnsNextStart() {
        Scenario s = locus(LocusPolicy.LATEST_INBOUND);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Over budget soon.");
        String other = s.host.message("qa", "channel-message", "noisy", true, "@qa over here", "host", null, false);
        s.host.continueTurn("qa", turn, List.of(), List.of(other), false);
        s.host.say(turn, 2, "Answering noisy.");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
        assertEquals(Route.publish("noisy", "discord"), routes(s, turn, 2).get(0));
    }

    @Test
    void M1_anArrivalRemovedFromHistoryBeforeTheNextStartRepinsNothing() {
        Scenario s = locus(LocusPolicy.LATEST_INBOUND);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Working.");
        String other = s.host.message("qa", "channel-message", "noisy", true, "@qa over here", "host", null, false);
        s.host.feed(new dev.routing.journal.event.HistoryChanged(s.host.tick(), "qa", "main", List.of(other), List.of()));
        s.host.continueTurn("qa", turn, List.of(), List.of(other), false);
        s.host.say(turn, 2, "Still work.");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 2).get(0));
    }

    @Test
    void M1_anArrivalRemovedFromHistoryBeforeALiveBoundaryRepinsNothing() {
        Scenario s = locus(LocusPolicy.LATEST_INBOUND);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Looking.", tool("shell"));
        String other = s.host.message("qa", "channel-message", "noisy", true, "@qa over here", "host", null, false);
        s.host.feed(new dev.routing.journal.event.HistoryChanged(s.host.tick(), "qa", "main", List.of(other), List.of()));
        s.host.boundary(turn, other);
        s.host.say(turn, 2, "Still work.");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 2).get(0), "one re-pin rule: a boundary checks the branch as a start does");
        assertEquals(List.of(), Prose.moves(s));
    }

    @Test
    void M1_underDeliveryAnAddressedArrivalMovesNoLocus() {
        Scenario s = locus(LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Looking.", tool("shell"));
        String other = s.host.message("qa", "channel-message", "noisy", true, "@qa over here", "host", null, false);
        s.host.boundary(turn, other);
        s.host.continueTurn("qa", turn, List.of(), List.of(), false);
        s.host.say(turn, 2, "Still work.");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 2).get(0));
        assertEquals(List.of(), Prose.moves(s));
    }

    @Test
    void M1_anUnaddressedArrivalRepinsNothing() {
        Scenario s = locus(LocusPolicy.LATEST_INBOUND);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Looking.", tool("shell"));
        String other = s.host.message("qa", "channel-message", "noisy", false, "chatter", "host", null, false);
        s.host.boundary(turn, other);
        s.host.say(turn, 2, "Still work.");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 2).get(0));
    }

    @Test
    void M1_aPrivateTurnsLocusNeverMovesNeitherByChannelOpenNorByAnArrival() {
        Scenario s = locus(LocusPolicy.LATEST_INBOUND);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, "Opening.", call("channel_open", "work", null));
        String other = s.host.message("qa", "channel-message", "noisy", true, "@qa over here", "host", null, false);
        s.host.boundary(turn, other);
        String more = s.host.message("qa", "channel-message", "work", true, "@qa and here", "host", null, false);
        s.host.continueTurn("qa", turn, List.of(), List.of(more), false);
        s.host.say(turn, 2, "Still private.");
        assertEquals(List.of(), Prose.moves(s));
        s.assertKeptPrivate(turn, "private-turn");
        s.assertNothingPublished();
    }

    @Test
    void M1a_aHeartbeatTurnTakesNoChannelAndHoldsItsMidTurnAndClosingProseAsNoDestinationDrafts() {
        // seed: "locus mode: a heartbeat turn's mid-turn and closing prose are both held, and the mid-turn notice says why"
        Scenario s = locus(LocusPolicy.LATEST_INBOUND);
        s.host.focus("qa", "work");
        s.host.room("qa", "noisy", "chatter", false);
        long turn = heartbeatTurn(s);
        assertNull(s.opened(turn).locus(), "a heartbeat's turn takes no channel, not even a fallback");
        s.host.say(turn, 1, "Mid-turn thought.", tool("shell"));
        s.host.boundary(turn);
        s.host.say(turn, 2, "Closing words.");
        s.host.end(turn);
        assertEquals(List.of("no-destination", "no-destination"), held(s).stream().map(DraftHeld::cause).toList());
        assertEquals(List.of(), requested(s));
        NoticeIssued midTurn = s.notices("held-drafts").get(0);
        assertEquals(List.of(held(s).get(0).draft()), midTurn.names().drafts());
        assertTrue(midTurn.text().contains("no destination"), midTurn.text());
        assertTrue(receipt(s, turn).names().drafts().containsAll(held(s).stream().map(DraftHeld::draft).toList()));
    }

    @Test
    void M1a_aHeartbeatTurnThatTakesInPrivateInputKeepsItsWordsPrivateWithNoDraft() {
        Scenario s = locus(LocusPolicy.DELIVERY);
        long turn = heartbeatTurn(s);
        s.host.say(turn, 1, "Tick.", tool("shell"));
        String op = s.host.operatorQuietly("qa", "hello?");
        s.host.boundary(turn, op);
        s.host.say(turn, 2, "Hello operator.");
        assertEquals("held", routes(s, turn, 1).get(0).kind());
        assertEquals(Route.keptPrivate("private-turn"), routes(s, turn, 2).get(0));
        assertEquals(1, held(s).size(), "only the words written before the turn turned private");
    }

    @Test
    void M1a_aHeartbeatTurnThatOpensAChannelSpeaksThereAsItWasTold() {
        Scenario s = locus(LocusPolicy.DELIVERY);
        long turn = heartbeatTurn(s);
        s.host.say(turn, 1, "", call("channel_open", "work", null));
        NoticeIssued told = s.host.last(NoticeIssued.class).get(0);
        assertEquals(List.of("work"), told.names().channels());
        s.host.say(turn, 2, "Now in work.");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 2).get(0));
    }

    @Test
    void M1_theReceiptSaysWhereTheTurnsWordsWent() {
        Scenario s = locus(LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Published.");
        s.host.settle(requested(s).get(0).attempt(), true, null);
        s.host.say(turn, 2, "Held.", send("work"));
        s.host.say(turn, 3, "Quiet.", tool("skip_reply"));
        s.host.end(turn);
        NoticeIssued receipt = receipt(s, turn);
        String id = held(s).get(0).draft();
        assertTrue(receipt.text().startsWith("[delivered] 1 publication(s) confirmed"), receipt.text());
        assertTrue(receipt.text().contains(id + " (held)"), receipt.text());
        assertTrue(receipt.text().contains("1 plain-speech segment(s) kept private (skip_reply or a private think)"),
                receipt.text());
        assertEquals(List.of(id), receipt.names().drafts());
    }

    @Test
    void D7_theReceiptWaitsForTheTurnsAttemptsAndSaysNothingConfirmedWhenOneIsUnknown() {
        Scenario s = locus(LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "On its way.");
        s.host.end(turn);
        assertEquals(List.of(), s.notices("receipt"), "the attempt is still out: the receipt waits");
        s.host.settle(s.host.all(PublishRequested.class).get(0).attempt(), null, "no-response");
        String text = receipt(s, turn).text();
        assertTrue(text.startsWith("[delivered] nothing confirmed"), text);
        assertTrue(text.contains("attempt 1 to work: unknown"), text);
        assertEquals(1, s.notices("receipt").size());
    }

    @Test
    void D7_theReceiptOfAnAttemptNeverAnsweredComesOnceItsDeadlinePasses() {
        Scenario s = locus(LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "On its way.");
        s.host.end(turn);
        s.host.advance(61);
        s.host.room("qa", "noisy", "later", false);
        String text = receipt(s, turn).text();
        assertTrue(text.startsWith("[delivered] nothing confirmed") && text.contains("unknown"), text);
    }

    @Test
    void D7_theReceiptNamesADraftALateBounceHeldAndItsOutcome() {
        Scenario s = new Scenario().agent(Mode.HYBRID, LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, ">>>#work Late words.");
        s.host.end(turn);
        s.host.settle(s.host.all(PublishRequested.class).get(0).attempt(), false, null);
        String draft = s.host.all(DraftHeld.class).get(0).draft();
        String text = receipt(s, turn).text();
        assertTrue(text.contains("attempt 1 to work: failed") && text.contains(draft + " (held)"), text);
    }

    @Test
    void M1_aReceiptCountsOnlyDeliveredAttemptsAsConfirmedAndSaysWhichFailed() {
        Scenario s = locus(LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Failed.");
        s.host.settle(requested(s).get(0).attempt(), false, null);
        s.host.say(turn, 2, "Delivered.");
        s.host.settle(requested(s).get(1).attempt(), true, null);
        s.host.end(turn);
        String text = receipt(s, turn).text();
        assertTrue(text.startsWith("[delivered] 1 publication(s) confirmed"), text);
        assertTrue(text.contains("attempt 1") && text.contains(": failed"), text);
        assertTrue(text.contains("attempt 2") && text.contains(": delivered"), text);
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"LOCUS", "HYBRID"})
    void M1_aTurnOpenedWithALocusTellsTheResidentWhereItsPlainSpeechGoes(Mode mode) {
        Scenario s = new Scenario().agent(mode, LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        List<NoticeIssued> told = s.notices("routing").stream().filter(n -> n.turn() == turn).toList();
        assertEquals(List.of("work"), told.get(0).names().channels());
        assertFalse(Prose.moves(s).stream().anyMatch(TurnLocusMoved::sticky));
    }

    @Test
    void M1_theTriggerIsTheBatchsAddressedChannelWakeWhereverItStandsElseItsNewest() {
        Scenario s = locus(LocusPolicy.DELIVERY);
        String ping = s.host.room("qa", "work", "@qa ping", true);
        String chatter = s.host.room("qa", "noisy", "chatter", false);
        String addressed = s.host.wake("qa", "message", "work", ping);
        String ambient = s.host.wake("qa", "message", "noisy", chatter);
        long first = s.host.start("qa", List.of(addressed, ambient), List.of(ping, chatter));
        assertEquals("work", s.opened(first).trigger(), "the addressed wake, though a newer one follows it");
        assertEquals("work", s.opened(first).locus());
        s.host.end(first);
        String more = s.host.room("qa", "noisy", "more chatter", false);
        String again = s.host.room("qa", "work", "@qa again", true);
        long second = s.host.start("qa", List.of(s.host.wake("qa", "message", "noisy", more),
                s.host.wake("qa", "message", "work", again)), List.of(more, again));
        assertEquals("work", s.opened(second).trigger(), "the addressed wake, though an unaddressed one comes first");
        s.host.end(second);
        String quiet = s.host.room("qa", "work", "quiet", false);
        String newest = s.host.room("qa", "noisy", "newest", false);
        long third = s.host.start("qa", List.of(s.host.wake("qa", "message", "work", quiet),
                s.host.wake("qa", "message", "noisy", newest)), List.of(quiet, newest));
        assertEquals("noisy", s.opened(third).trigger(), "none addressed: the newest channel wake");
    }

    @Test
    void M1_aTurnWithNoLocusOpensOnNoServerAndIsToldOfNoChannelOnlyAfterOneWithAChannel() {
        Scenario s = locus(LocusPolicy.DELIVERY);
        long nowhere = s.host.start("qa", List.of(s.host.wake("qa", "self-wake", null)), List.of());
        assertNull(s.opened(nowhere).locus());
        assertNull(s.opened(nowhere).server(), "no locus, so no server");
        assertEquals(List.of(), s.notices("routing"), "nothing was ever told, and nothing changes: no notice");
        s.host.end(nowhere);
        long work = roomTurn(s, "work");
        assertEquals(List.of("work"), s.notices("routing").get(0).names().channels());
        s.host.end(work);
        long after = s.host.start("qa", List.of(s.host.wake("qa", "self-wake", null)), List.of());
        List<NoticeIssued> told = s.notices("routing").stream().filter(n -> n.turn() == after).toList();
        assertEquals(1, told.size(), "the resident was told work: it is told its speech now goes nowhere");
        assertEquals("[routing] Your plain speech now goes to no channel.", told.get(0).text());
    }

    @Test
    void M1_aLocusMoveSaysWhyInItsWireWord() {
        Scenario s = locus(LocusPolicy.LATEST_INBOUND);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Opening.", call("channel_open", "noisy", null));
        assertEquals("channel-open", Prose.moves(s).get(0).why());
        String other = s.host.message("qa", "channel-message", "work", true, "@qa back here", "host", null, false);
        s.host.boundary(turn, other);
        assertEquals("addressed-arrival", Prose.moves(s).get(1).why());
    }

    @Test
    void M1_aChannelOpenNamingAChannelIsAllowedAndOneNamingNoneIsRefusedSayingSo() {
        Scenario s = locus(LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "", call("channel_open", null, null), call("channel_open", "noisy", null));
        List<ToolDecided> answers = s.host.all(ToolDecided.class);
        assertFalse(answers.get(0).allowed());
        assertEquals("channel_open needs a channel", answers.get(0).refusal());
        assertTrue(answers.get(1).allowed());
        assertNull(answers.get(1).refusal());
        assertEquals("noisy", answers.get(1).channel());
    }

    @Test
    void D7_aReceiptOfFailedAttemptsAndPlainDraftsSaysNothingNotNothingConfirmed() {
        Scenario s = locus(LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Failed.");
        s.host.settle(requested(s).get(0).attempt(), false, null);
        s.host.say(turn, 2, "Held.", send("work"));
        s.host.end(turn);
        String text = receipt(s, turn).text();
        assertTrue(text.startsWith("[delivered] nothing: "), "nothing was posted, and nothing may have been: " + text);
        assertTrue(text.contains(": failed") && text.contains(held(s).get(0).draft() + " (held)"), text);
    }

    @Test
    void D7_aReceiptNamingADraftThatMayHaveBeenPostedSaysNothingConfirmed() {
        Scenario s = new Scenario().agent(Mode.HYBRID, LocusPolicy.DELIVERY);
        long first = roomTurn(s, "work");
        s.host.say(first, 1, ">>>#nowhere Maybe posted.");
        s.host.say(first, 2, ">>>#work {{unsent}}");
        s.host.settle(requested(s).get(0).attempt(), null, "no-response");
        s.host.end(first);
        long second = roomTurn(s, "work");
        s.host.say(second, 1, ">>>#nowhere Once more: {{unsent}}");
        DraftHeld copy = s.host.last(DraftHeld.class).get(0);
        assertTrue(copy.risk(), "the copy carries the risk of the bounce it writes out");
        s.host.end(second);
        String text = receipt(s, second).text();
        assertTrue(text.startsWith("[delivered] nothing confirmed: held as drafts: " + copy.draft()),
                "the turn sent nothing, but the draft it holds may have been posted: " + text);
    }
}
