package dev.routing.engine.publish;

import static dev.routing.engine.testing.Host.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.routing.engine.testing.Host;
import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.PublishSettled;
import dev.routing.journal.event.ToolDecided;
import java.util.List;
import org.junit.jupiter.api.Test;

/** O1-O5: every shape of a connector's answer, deadlines, restarts, and refusals before anything is sent. */
class OutcomesTest {

    /** A room turn that publishes one line and returns its attempt id. */
    private static long publish(Scenario s) {
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, "pong");
        return s.host.last(PublishRequested.class).get(0).attempt();
    }

    private static PublishOutcome settle(Scenario s, long attempt, Boolean delivered, String messageId, String error) {
        s.host.feed(new PublishSettled(s.host.tick(), attempt, delivered, messageId, error, "connector words",
                JsonNodeFactory.instance.objectNode().put("code", 503)));
        return s.host.last(PublishOutcome.class).get(0);
    }

    private static Scenario scenario() {
        return new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
    }

    @Test
    void O1_deliveredOnlyOnDeliveredTrue() {
        Scenario s = scenario();
        assertEquals("delivered", settle(s, publish(s), true, "x1", null).outcome());
        assertEquals(List.of(), s.notices("send-failed"));
    }

    @Test
    void O2_failedWhenRefusedBeforeDispatch() {
        Scenario s = scenario();
        assertEquals("failed", settle(s, publish(s), null, null, "not-sent").outcome());
        assertTrue(s.notices("send-failed").get(0).text().contains("Nothing was posted"));
    }

    @Test
    void O2_failedWhenDeliveredFalseNamesNoMessage() {
        Scenario s = scenario();
        assertEquals("failed", settle(s, publish(s), false, null, null).outcome());
    }

    @Test
    void O3_unknownForAnErrorResponseNoResponseOrAMissingOrContradictoryReceipt() {
        for (Object[] shape : new Object[][] {{null, null, "error-response"}, {null, null, "no-response"},
                {null, null, null}, {false, "x9", null}, {false, null, "error-response"}}) {
            Scenario s = scenario();
            PublishOutcome o = settle(s, publish(s), (Boolean) shape[0], (String) shape[1], (String) shape[2]);
            assertEquals("unknown", o.outcome(), java.util.Arrays.toString(shape));
            assertEquals(503, o.connectorData().get("code").asInt(), "the connector's data is kept whole");
            NoticeIssued notice = s.notices("send-failed").get(0);
            assertTrue(notice.text().contains("could post it twice"), "O5: " + notice.text());
        }
    }

    @Test
    void O5_theFailureNoticeSaysWhichOutcomeHappened() {
        Scenario failed = scenario();
        settle(failed, publish(failed), false, null, null);
        String nothing = failed.notices("send-failed").get(0).text();
        assertTrue(nothing.contains("could not be delivered. Nothing was posted."), nothing);
        assertFalse(nothing.contains("twice"), "a failure that posted nothing warns of no double post: " + nothing);

        Scenario unknown = scenario();
        settle(unknown, publish(unknown), null, null, "error-response");
        String maybe = unknown.notices("send-failed").get(0).text();
        assertTrue(maybe.contains("was not confirmed. It may or may not have been posted, so sending it again could post it"
                + " twice."), maybe);
        assertFalse(maybe.contains("Nothing was posted"), maybe);
    }

    @Test
    void O3_theConnectorsWordsAreBoundedTo2000Characters() {
        Scenario s = scenario();
        long attempt = publish(s);
        s.host.feed(new PublishSettled(s.host.tick(), attempt, null, null, "error-response", "x".repeat(5000), null));
        assertEquals(2000, s.host.last(PublishOutcome.class).get(0).connectorText().length());
    }

    @Test
    void O3_anAttemptUnansweredFor60SecondsOfFactTimeReadsAsUnknownAndALateDeliveryStillCounts() {
        Scenario s = scenario();
        long attempt = publish(s);
        s.host.advance(61);
        s.host.room("qa", "noisy", "later chatter", false);
        assertEquals("unknown", s.host.last(PublishOutcome.class).get(0).outcome());
        s.host.settle(attempt, false, "not-sent");
        assertEquals(List.of(), s.host.last(PublishOutcome.class), "a late failure never clears an unknown outcome");
        assertEquals("delivered", settle(s, attempt, true, "x1", null).outcome(), "a late delivery makes it delivered");
    }

    /** An attempt read as unknown, then {@code days} later another publication: returns the first attempt. */
    private static long unknownThenAnotherPublish(Scenario s, long days) {
        long attempt = publish(s);
        settle(s, attempt, null, null, "no-response");
        s.host.advance(days * 86_400L);
        settle(s, publish(s), true, "x2", null);
        return attempt;
    }

    @Test
    void O3_aDeliveryConfirmedDaysLateStillCountsWithinAWeek() {
        Scenario s = scenario();
        long attempt = unknownThenAnotherPublish(s, 6);
        assertEquals("delivered", settle(s, attempt, true, "x1", null).outcome());
    }

    @Test
    void O3_anUnknownAttemptIsForgottenAWeekAfterItsOutcomeSoTheStateStaysBounded() {
        Scenario s = scenario();
        long attempt = unknownThenAnotherPublish(s, 8);
        assertFalse(s.sink.core().state().attempts.attempts.containsKey(attempt), "a week-old unknown attempt is let go");
        s.host.settle(attempt, true, null);
        assertEquals(List.of(), s.host.last(PublishOutcome.class), "a settle over a week late finds nothing to change");
    }

    @Test
    void J3_aRestartTurnsAnAttemptStillOutIntoUnknownNeverUnsent() {
        Scenario s = scenario();
        long attempt = publish(s);
        List<PublishOutcome> outcomes = s.restart().stream().filter(d -> d instanceof PublishOutcome)
                .map(d -> (PublishOutcome) d).toList();
        assertEquals(1, outcomes.size());
        assertEquals(attempt, outcomes.get(0).attempt());
        assertEquals("unknown", outcomes.get(0).outcome());
    }

    /**
     * Issue 35: a late {@code delivered: true} after a restart gives the attempt a second
     * {@code publish.outcome}: unknown at the restart, then delivered (docs/protocol.md and the
     * schema's description of publish.outcome tell a host so); a late failure gives none.
     */
    @Test
    void J3_O1_aLateDeliveryAfterARestartGivesTheAttemptASecondOutcomeAndALateFailureNone() {
        Scenario s = scenario();
        long delivered = publish(s);
        long failed = publish(s);
        s.restart();
        s.host.settle(delivered, true, null);
        s.host.settle(failed, false, null);
        List<String> first = s.host.all(PublishOutcome.class).stream().filter(o -> o.attempt() == delivered)
                .map(PublishOutcome::outcome).toList();
        assertEquals(List.of("unknown", "delivered"), first, "the last outcome is the attempt's");
        List<String> second = s.host.all(PublishOutcome.class).stream().filter(o -> o.attempt() == failed)
                .map(PublishOutcome::outcome).toList();
        assertEquals(List.of("unknown"), second, "a late failure never clears an unknown outcome");
    }

    /** A room turn's one call; returns the tool's answer. */
    private static ToolDecided call1(Scenario s, Call call) {
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, "", call);
        return s.host.last(ToolDecided.class).get(0);
    }

    private static void assertRefused(Scenario s, ToolDecided decided, String why) {
        assertFalse(decided.allowed());
        assertTrue(decided.refusal().contains(why), decided.refusal());
        assertEquals(List.of(), s.host.all(PublishRequested.class), "nothing was requested");
    }

    private static void registerShared(Scenario s) {
        s.host.feed(new ChannelRegistered(s.host.tick(), "general", "discord", "#general", false));
        s.host.feed(new ChannelRegistered(s.host.tick(), "general", "slack", "#general", false));
    }

    @Test
    void O4_aChannelIdTwoServersRegisterIsRefusedRatherThanGuessed() {
        Scenario s = scenario();
        registerShared(s);
        assertRefused(s, call1(s, call("channel_publish", "general", "hello")), "more than one server");
    }

    /** One channel's id and another's label: refused rather than guessed, naming both; nothing is requested. */
    @Test
    void O4_aSelectorThatIsOneChannelsIdAndAnothersLabelIsRefused() {
        Scenario s = scenario();
        s.host.feed(new ChannelRegistered(s.host.tick(), "general", "slack", "#lobby", false));
        s.host.feed(new ChannelRegistered(s.host.tick(), "C9", "discord", "#general", false));
        assertRefused(s, call1(s, call("channel_publish", "general", "hello")), "names more than one channel (C9 on discord, general on slack)");
    }

    @Test
    void O4_namingTheServerResolvesASharedChannel() {
        Scenario s = scenario();
        registerShared(s);
        call1(s, new Call("channel_publish", "general", "slack", "hi", null, null, null, null, null));
        assertEquals("slack", s.host.last(PublishRequested.class).get(0).server());
    }

    @Test
    void O4_anInboundOnlyChannelTakesNoPost() {
        Scenario s = scenario();
        s.host.feed(new ChannelRegistered(s.host.tick(), "alerts", "discord", "#alerts", true));
        assertRefused(s, call1(s, call("channel_publish", "alerts", "hello")), "inbound-only");
    }

    @Test
    void O4_anEmptySelectorIsRefused() {
        Scenario s = scenario();
        assertRefused(s, call1(s, Host.drafts("resend", " ", "d-aaaaaaa")), "empty channel selector");
    }
}
