package dev.routing.engine.publish;

import static dev.routing.engine.testing.Host.drafts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.PublishSettled;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * O1-O5, D4, D7, M2: what follows an outcome, word for word: why it reads as it does, the
 * resident's notice with the connector's words, the deadline to the millisecond of fact time, and
 * what an expired or restarted attempt goes on to (a resend that stops, a hybrid hold, a receipt).
 */
class OutcomeFollowUpsTest {
    private Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
    private long turn;

    /** A room turn that publishes one line: its attempt. */
    private long publish() {
        String ping = s.host.room("qa", "work", "@qa ping", true);
        turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, "pong");
        return s.host.last(PublishRequested.class).get(0).attempt();
    }

    private PublishOutcome settle(long attempt, Boolean delivered, String messageId, String error, String words) {
        s.host.feed(new PublishSettled(s.host.tick(), attempt, delivered, messageId, error, words, null));
        return s.host.last(PublishOutcome.class).get(0);
    }

    private List<String> noticeTexts(String kind, List<? extends Decision> decisions) {
        return decisions.stream().filter(d -> d instanceof NoticeIssued n && n.kind().equals(kind))
                .map(d -> ((NoticeIssued) d).text()).toList();
    }

    /** Some later fact, {@code seconds} after the one before it, that says nothing of any attempt. */
    private List<Decision> later(long seconds) {
        s.host.advance(seconds - 1);
        s.host.room("qa", "noisy", "later chatter", false);
        return s.host.last();
    }

    @Test
    void O1_O2_O3_eachOutcomeSaysWhyAndKeepsTheConnectorsWordsAsTheyCame() {
        Object[][] shapes = {
                {true, "x1", null, "the connector confirmed delivery"},
                {null, null, "not-sent", "refused before dispatch: nothing was posted"},
                {false, null, null, "the connector reported no delivery and named no message: nothing was posted"},
                {null, null, "error-response", "the connector answered error-response: it may have been posted"},
                {null, null, null, "the connector's receipt is missing or contradictory: it may have been posted"}};
        for (Object[] shape : shapes) {
            s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
            PublishOutcome o = settle(publish(), (Boolean) shape[0], (String) shape[1], (String) shape[2], "Service busy.");
            assertEquals(shape[3], o.why());
            assertEquals("Service busy.", o.connectorText());
        }
        s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        assertNull(settle(publish(), null, null, "no-response", null).connectorText(), "no words: none made up");
    }

    @Test
    void O1_theConnectorsWordsAreCutBeforeAnEmojiTheCutWouldSplit() {
        String words = "w".repeat(1_999) + "\ud83d\ude00" + " and more";
        PublishOutcome o = settle(publish(), null, null, "error-response", words);
        assertEquals("w".repeat(1_999), o.connectorText(), "whole characters only, at most 2,000 of them");
        assertEquals(o, EntryCodec.decode(EntryCodec.SCHEMA_VERSION, EntryCodec.store(o), 0, EntryCodec.store(o).length));
    }

    @Test
    void O5_theSendFailedMarkerSaysWhichOutcomeAndQuotesTheConnector() {
        long attempt = publish();
        settle(attempt, null, null, "not-sent", "Missing access.");
        assertEquals(List.of("[send-failed] Attempt " + attempt + " to work could not be delivered. Nothing was posted."
                + " The connector said: Missing access."), noticeTexts("send-failed", s.host.last()));
        s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        attempt = publish();
        settle(attempt, null, null, "no-response", null);
        assertEquals(List.of("[send-failed] Attempt " + attempt + " to work was not confirmed. It may or may not have been"
                + " posted, so sending it again could post it twice."), noticeTexts("send-failed", s.host.last()));
    }

    @Test
    void O3_theDeadlineIsSixtySecondsOfFactTimeNotOneMillisecondLess() {
        long attempt = publish();
        List<Decision> atSixty = later(60);
        assertEquals(List.of(), atSixty.stream().filter(d -> d instanceof PublishOutcome).toList(), "60 s: still out");
        List<Decision> past = later(1);
        PublishOutcome o = past.stream().filter(d -> d instanceof PublishOutcome).map(d -> (PublishOutcome) d)
                .findFirst().orElseThrow();
        assertEquals(attempt, o.attempt());
        assertEquals("unknown", o.outcome());
        assertEquals("no answer within 60 s: it may have been posted", o.why());
        assertEquals(List.of("[send-failed] Attempt " + attempt + " to work was not confirmed. It may or may not have been"
                + " posted, so sending it again could post it twice."), noticeTexts("send-failed", past));
    }

    /** A locus turn holding two drafts and resending both: the first's attempt; the second is queued. */
    private List<String> resendTwo() {
        String ping = s.host.room("qa", "work", "@qa ping", true);
        turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, "First words.", dev.routing.engine.testing.Host.call("send_message", "work", "x"));
        s.host.say(turn, 2, "Second words.");
        List<String> ids = s.host.all(DraftHeld.class).stream().map(DraftHeld::draft).toList();
        s.host.say(turn, 3, "", drafts("resend", "work", ids.get(0), ids.get(1)));
        return ids;
    }

    @Test
    void D4_O3_aResendWhoseAttemptPassesItsDeadlineStopsAndSaysWhatItDidNotAttempt() {
        List<String> ids = resendTwo();
        long attempt = s.host.last(PublishRequested.class).get(0).attempt();
        List<Decision> past = later(61);
        assertEquals(List.of("[send-failed] Attempt " + attempt + " to work was not confirmed. It may or may not have been"
                        + " posted, so sending it again could post it twice.",
                "[drafts] The resend stopped, since attempt " + attempt + " was not confirmed. Not attempted: " + ids.get(1) + "."),
                noticeTexts("send-failed", past));
    }

    @Test
    void D4_J3_aResendWhoseAttemptARestartCutsShortStopsAndSaysWhatItDidNotAttempt() {
        List<String> ids = resendTwo();
        long attempt = s.host.last(PublishRequested.class).get(0).attempt();
        List<Decision> restarted = s.restart();
        PublishOutcome o = restarted.stream().filter(d -> d instanceof PublishOutcome).map(d -> (PublishOutcome) d)
                .findFirst().orElseThrow();
        assertEquals("the engine restarted while the attempt was out: it may have been posted", o.why());
        assertEquals(List.of("[send-failed] Attempt " + attempt + " to work was not confirmed. It may or may not have been"
                        + " posted, so sending it again could post it twice.",
                "[drafts] The resend stopped, since attempt " + attempt + " was not confirmed. Not attempted: " + ids.get(1) + "."),
                noticeTexts("send-failed", restarted));
    }

    @Test
    void D7_J3_theReceiptOfATurnThatEndedWhileItsAttemptWasOutComesWhenARestartSettlesIt() {
        long attempt = publish();
        s.host.end(turn);
        assertEquals(List.of(), s.notices("receipt"), "the receipt waits for the attempt");
        List<Decision> restarted = s.restart();
        assertEquals(List.of("[delivered] nothing confirmed: attempt " + attempt + " to work: unknown."),
                noticeTexts("receipt", restarted));
    }

    @Test
    void D7_O3_theReceiptOfATurnThatEndedWhileItsAttemptWasOutComesWhenTheDeadlinePasses() {
        long attempt = publish();
        s.host.end(turn);
        assertEquals(List.of("[delivered] nothing confirmed: attempt " + attempt + " to work: unknown."),
                noticeTexts("receipt", later(61)));
    }

    @Test
    void M2_O3_anEnvelopeWhoseDeliveryPassesItsDeadlineTakesTheStickyTargetAwayAndTheRestIsHeld() {
        s = new Scenario().agent(Mode.HYBRID, LocusPolicy.DELIVERY);
        String ping = s.host.room("qa", "noisy", "@qa ping", true);
        turn = s.host.answer("qa", ping, "noisy");
        s.host.say(turn, 1, ">>>#work Deploy done.");
        later(61);
        s.host.say(turn, 2, "And the notes follow.");
        SpeechRouted rest = s.host.last(SpeechRouted.class).get(0);
        assertEquals("held", rest.route().kind(), "after an undelivered envelope the rest is held: " + rest.route());
        assertEquals(List.of(), s.host.last(PublishRequested.class));
    }

    @Test
    void P12_O5_aPrivateTurnsFailedEnvelopeIsAPrivateBounceQuotingTheConnectorInItsOwnModesPrefix() {
        for (Mode mode : new Mode[] {Mode.EXPLICIT, Mode.HYBRID}) {
            s = new Scenario().agent(mode, LocusPolicy.DELIVERY);
            String prefix = mode == Mode.HYBRID ? ">>>" : ">>";
            String asked = s.host.operator("qa", "post the status");
            turn = s.host.answer("qa", asked, null);
            s.host.say(turn, 1, prefix + "#work Status: green.");
            long attempt = s.host.last(PublishRequested.class).get(0).attempt();
            settle(attempt, null, null, "not-sent", "Missing access.");
            NoticeIssued told = s.host.last(NoticeIssued.class).get(0);
            assertEquals("bounce", told.kind());
            assertEquals("[bounce] Not delivered: the send to work failed. Nothing was posted (the connector said: Missing"
                    + " access.). This turn is private, so the words were kept private: not held as a draft, not offered"
                    + " for resend. To publish, name a registered channel (" + prefix + "#channel) or use a send tool.",
                    told.text());
            assertTrue(told.wake());
        }
    }

    @Test
    void M3_P12_aPrivateTurnsThirdBounceInARowWakesNoOne() {
        s = new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        String asked = s.host.operator("qa", "post the status");
        turn = s.host.answer("qa", asked, null);
        s.host.say(turn, 1, ">>#work One.\n>>#work Two.\n>>#work Three.");
        List<PublishRequested> sent = s.host.last(PublishRequested.class);
        assertEquals(3, sent.size());
        List<Boolean> wakes = sent.stream().map(p -> {
            settle(p.attempt(), false, null, null, null);
            return s.host.last(NoticeIssued.class).get(0).wake();
        }).toList();
        assertEquals(List.of(true, true, false), wakes, "the bounce wake is capped at 2 in a row");
        assertEquals(List.of(Route.publish("work", "discord")), s.speech(turn).stream().map(SpeechRouted::route).distinct().toList());
    }
}
