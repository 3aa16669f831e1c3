package dev.routing.engine.drafts;

import static dev.routing.engine.testing.Host.call;
import static dev.routing.engine.testing.Host.drafts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.ToolDecided;
import java.util.List;
import org.junit.jupiter.api.Test;

/** D3, D4, D6, T4: the drafts tool, scoped to its resident, and how a draft reads. */
class DraftsToolTest {

    /** A locus turn whose round beside a send holds its prose: returns the turn; drafts are in order. */
    private static long holdThree(Scenario s) {
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, "First words.", call("send_message", "work", "x"));
        s.host.say(turn, 2, "Second words.");
        s.host.say(turn, 3, "  Third, with its spaces.  ");
        return turn;
    }

    private static List<String> held(Scenario s) {
        return s.host.all(DraftHeld.class).stream().map(DraftHeld::draft).toList();
    }

    private static Scenario scenario() {
        return new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
    }

    @Test
    void D1_heldWordsKeepTheirExactRunsAndIdsHaveTheirForm() {
        Scenario s = scenario();
        holdThree(s);
        assertEquals(List.of("First words.", "Second words.", "  Third, with its spaces.  "),
                s.host.all(DraftHeld.class).stream().map(DraftHeld::text).toList());
        for (String id : held(s)) assertTrue(id.matches("d-[abcdefghjkmnpqrstuvwxyz23456789]{7}"), id);
    }

    @Test
    void D4_aResendPublishesVerbatimInOrderOneAtATimeAndCountsAsASend() {
        Scenario s = scenario();
        long turn = holdThree(s);
        List<String> ids = held(s);
        s.host.say(turn, 4, "", drafts("resend", "work", ids.get(0), ids.get(1)));
        ToolDecided decided = s.host.last(ToolDecided.class).get(0);
        assertTrue(decided.allowed());
        assertTrue(decided.countsAsSend());
        List<PublishRequested> first = s.host.last(PublishRequested.class);
        assertEquals(1, first.size(), "the second waits for the first to be delivered");
        assertEquals("First words.", first.get(0).text());
        assertEquals(List.of(ids.get(1)), first.get(0).queued());
        s.host.settle(first.get(0).attempt(), true, null);
        List<PublishRequested> second = s.host.last(PublishRequested.class);
        assertEquals("Second words.", second.get(0).text());
        assertEquals(List.of(ids.get(1)), second.get(0).drafts());
    }

    @Test
    void D4_aResendStopsAtTheFirstDraftNotDeliveredAndSaysWhyForTheRest() {
        Scenario s = scenario();
        long turn = holdThree(s);
        List<String> ids = held(s);
        s.host.say(turn, 4, "", drafts("resend", "work", ids.get(0), ids.get(1), ids.get(2)));
        long attempt = s.host.last(PublishRequested.class).get(0).attempt();
        s.host.settle(attempt, false, null);
        assertEquals(List.of(), s.host.last(PublishRequested.class));
        assertTrue(s.notices("send-failed").stream().anyMatch(n -> n.text().contains("Not attempted: " + ids.get(1) + ", " + ids.get(2))));
    }

    @Test
    void D4_aDeliveredDraftAnswersWithItsHistoricalReceiptAndIsNotSentAgain() {
        Scenario s = scenario();
        long turn = holdThree(s);
        String id = held(s).get(0);
        s.host.say(turn, 4, "", drafts("resend", "work", id));
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), true, null);
        s.host.say(turn, 5, "", drafts("resend", "work", id));
        assertEquals(List.of(), s.host.last(PublishRequested.class));
        assertTrue(s.host.last(ToolDecided.class).get(0).result().contains("already delivered"));
    }

    @Test
    void D4_anUnconfirmedDraftNeedsConfirmDuplicate() {
        Scenario s = scenario();
        long turn = holdThree(s);
        String id = held(s).get(0);
        s.host.say(turn, 4, "", drafts("resend", "work", id));
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), null, "no-response");
        s.host.say(turn, 5, "", drafts("resend", "work", id));
        assertEquals(List.of(), s.host.last(PublishRequested.class));
        assertTrue(s.host.last(ToolDecided.class).get(0).result().contains("confirmDuplicate"));
        s.host.say(turn, 6, "", new Call("drafts", "work", null, null, "resend", List.of(id), true, null, null));
        assertEquals(1, s.host.last(PublishRequested.class).size());
    }

    @Test
    void D4_aDismissalIsRefusedWhileThatDraftsAttemptIsOut() {
        Scenario s = scenario();
        long turn = holdThree(s);
        String id = held(s).get(0);
        s.host.say(turn, 4, "", drafts("resend", "work", id));
        s.host.say(turn, 5, "", drafts("dismiss", null, id));
        assertFalse(s.host.last(ToolDecided.class).get(0).allowed());
        assertEquals(List.of(), s.host.all(DraftDismissed.class));
    }

    @Test
    void D4_aDraftOnlyQueuedInAResendCanBeDismissedAndIsThenNotSent() {
        Scenario s = scenario();
        long turn = holdThree(s);
        List<String> ids = held(s);
        s.host.say(turn, 4, "", drafts("resend", "work", ids.get(0), ids.get(1), ids.get(2)));
        long first = s.host.last(PublishRequested.class).get(0).attempt();
        s.host.say(turn, 5, "", drafts("dismiss", null, ids.get(1)));
        assertEquals(1, s.host.all(DraftDismissed.class).size());
        s.host.settle(first, true, null);
        assertEquals("  Third, with its spaces.  ", s.host.last(PublishRequested.class).get(0).text());
    }

    @Test
    void D4_aResendWhoseNextDraftWasDismissedEndsQuietlyAndOneStoppedByItsNextDraftSaysWhy() {
        Scenario s = scenario();
        long turn = holdThree(s);
        List<String> ids = held(s);
        s.host.say(turn, 4, "", drafts("resend", "work", ids.get(0), ids.get(1)));
        long first = s.host.last(PublishRequested.class).get(0).attempt();
        s.host.say(turn, 5, "", drafts("dismiss", null, ids.get(1)));
        s.host.settle(first, true, null);
        assertEquals(List.of(), s.host.last(PublishRequested.class));
        assertEquals(List.of(), s.notices("send-failed"), "nothing left to send: the resend ends with nothing to say");

        s.host.say(turn, 6, "", drafts("resend", "work", ids.get(2)));
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), null, "no-response");
        s.host.say(turn, 7, "More words.", call("send_message", "work", "x"));
        String fresh = held(s).get(held(s).size() - 1);
        s.host.say(turn, 8, "", drafts("resend", "work", fresh, ids.get(2)));
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), true, null);
        assertEquals(List.of(), s.host.last(PublishRequested.class));
        String stopped = s.host.last(dev.routing.journal.event.NoticeIssued.class).get(0).text();
        assertTrue(stopped.startsWith("[drafts] The resend stopped: " + ids.get(2) + ": not sent: it may already have been posted"),
                stopped);
    }

    @Test
    void D4_aResendOwnsItsDraftsUntilDone() {
        Scenario s = scenario();
        long turn = holdThree(s);
        List<String> ids = held(s);
        s.host.say(turn, 4, "", drafts("resend", "work", ids.get(0), ids.get(1)));
        s.host.say(turn, 5, "", drafts("resend", "noisy", ids.get(1)));
        assertEquals(List.of(), s.host.last(PublishRequested.class));
        assertTrue(s.host.last(ToolDecided.class).get(0).result().contains("owns it"));
    }

    @Test
    void D6_aDraftReadsDeliveredOverDismissedOverUnconfirmedOverHeldAndAFailureReturnsItToHeld() {
        Scenario s = scenario();
        long turn = holdThree(s);
        List<String> ids = held(s);
        String first = ids.get(0);
        String second = ids.get(1);
        java.util.function.Function<String, String> state = id -> s.sink.core().state().drafts.get("qa", id).state();
        assertEquals("held", state.apply(first));

        s.host.say(turn, 4, "", drafts("resend", "work", first));
        long attempt = s.host.last(PublishRequested.class).get(0).attempt();
        assertEquals("attempting", state.apply(first));
        s.host.settle(attempt, null, "no-response");
        assertEquals("unconfirmed", state.apply(first));
        s.host.say(turn, 5, "", drafts("dismiss", null, first));
        assertEquals("dismissed", state.apply(first), "dismissed over unconfirmed");
        s.host.settle(attempt, true, null);
        assertEquals("delivered", state.apply(first), "a late delivery wins over the dismissal");

        s.host.say(turn, 6, "", drafts("resend", "work", second));
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), null, "not-sent");
        assertEquals("held", state.apply(second), "failed: nothing was posted, so it is held again");
    }

    @Test
    void D3_aDraftBelongsToItsResidentAnotherCanNeitherReadNorResendIt() {
        Scenario s = scenario();
        holdThree(s);
        String id = held(s).get(0);
        s.host.agent("other", Mode.LOCUS, LocusPolicy.DELIVERY);
        String ping = s.host.room("other", "work", "@other hi", true);
        long turn = s.host.answer("other", ping, "work");
        s.host.say(turn, 1, "", drafts("read", null, id));
        assertTrue(s.host.last(ToolDecided.class).get(0).result().contains("no draft of yours"));
        s.host.say(turn, 2, "", drafts("resend", "work", id));
        assertEquals(List.of(), s.host.last(PublishRequested.class));
    }

    @Test
    void D4_listShowsNewestFirstWithPreviewsAndReadShowsTheWords() {
        Scenario s = scenario();
        long turn = holdThree(s);
        List<String> ids = held(s);
        s.host.say(turn, 4, "", drafts("list", null));
        String listing = s.host.last(ToolDecided.class).get(0).result();
        assertTrue(listing.indexOf(ids.get(2)) < listing.indexOf(ids.get(0)), listing);
        s.host.say(turn, 5, "", drafts("read", null, ids.get(1)));
        assertTrue(s.host.last(ToolDecided.class).get(0).result().contains("Second words."));
    }

    private static Call resend(String channel, String server, String id) {
        return new Call("drafts", channel, server, null, "resend", List.of(id), null, null, null);
    }

    @Test
    void O4_aResendWithAnEmptyServerSelectorIsRefusedNotReadAsAbsent() {
        Scenario s = scenario();
        long turn = holdThree(s);
        s.host.say(turn, 4, "", resend("work", "", held(s).get(0)));
        ToolDecided decided = s.host.last(ToolDecided.class).get(0);
        assertFalse(decided.allowed());
        assertTrue(decided.refusal().contains("empty server"), decided.refusal());
        assertEquals(List.of(), s.host.last(PublishRequested.class));
    }

    @Test
    void O4_aChannelPublishWithAnEmptyServerSelectorIsRefused() {
        Scenario s = scenario();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, "", new Call("channel_publish", "work", "", "hello", null, null, null, null, null));
        assertFalse(s.host.last(ToolDecided.class).get(0).allowed());
        assertEquals(List.of(), s.host.all(PublishRequested.class));
    }

    @Test
    void M5_aForksResendWithNoDestinationGoesHomeOutsideNamedModeAndIsRefusedInIt() {
        for (Mode mode : new Mode[] {Mode.LOCUS, Mode.NAMED}) {
            Scenario s = new Scenario();
            s.host.channel("home", "discord");
            s.host.configure(new dev.routing.journal.event.AgentConfigured(s.host.tick(), "qa", Mode.EXPLICIT,
                    LocusPolicy.DELIVERY, null, false, "home"));
            String ping = s.host.room("qa", "work", "@qa ping", true);
            long first = s.host.answer("qa", ping, "work");
            s.host.say(first, 1, "Summary for home.");
            s.host.end(first);
            String id = held(s).get(0);
            s.host.configure(new dev.routing.journal.event.AgentConfigured(s.host.tick(), "qa", mode, LocusPolicy.DELIVERY,
                    null, false, "home"));
            String again = s.host.room("qa", "work", "@qa again", true);
            long turn = s.host.answer("qa", again, "work");
            s.host.say(turn, 1, "", drafts("resend", null, id));
            List<PublishRequested> sent = s.host.last(PublishRequested.class);
            if (mode == Mode.NAMED) {
                assertEquals(List.of(), sent, "a named agent's resend must name its channel");
                assertFalse(s.host.last(ToolDecided.class).get(0).allowed());
            } else {
                assertEquals("home", sent.get(0).channel());
                assertEquals("Summary for home.", sent.get(0).text());
            }
        }
    }

    @Test
    void D4_refusalsAreRefusalsAReadOfNothingAResendOfADismissedDraftAndAnArgumentTheActionDoesNotTake() {
        Scenario s = scenario();
        long turn = holdThree(s);
        List<String> ids = held(s);
        s.host.say(turn, 4, "", drafts("read", null, "d-aaaaaaa"));
        assertFalse(s.host.last(ToolDecided.class).get(0).allowed(), "a read of an unknown id");
        s.host.say(turn, 5, "", drafts("dismiss", null, ids.get(0)));
        s.host.say(turn, 6, "", drafts("resend", "work", ids.get(0)));
        ToolDecided resent = s.host.last(ToolDecided.class).get(0);
        assertFalse(resent.allowed(), "a resend of a dismissed draft");
        assertTrue(resent.refusal().contains("dismissed"), resent.refusal());
        s.host.say(turn, 7, "", drafts("list", null, ids.get(1)));
        ToolDecided list = s.host.last(ToolDecided.class).get(0);
        assertFalse(list.allowed(), "list takes no draftIds");
        assertTrue(list.refusal().contains("draftIds"), list.refusal());
        s.host.say(turn, 8, "", drafts("read", "work", ids.get(1)));
        assertFalse(s.host.last(ToolDecided.class).get(0).allowed(), "read takes no channel");
        s.host.say(turn, 9, "", drafts("read", null, ids.get(1), "d-aaaaaaa"));
        assertTrue(s.host.last(ToolDecided.class).get(0).allowed(), "a read that shows a draft answers");
    }

    @Test
    void D4_aResendOfOnlyDeliveredDraftsAnswersWithTheirReceipt() {
        Scenario s = scenario();
        long turn = holdThree(s);
        String id = held(s).get(0);
        s.host.say(turn, 4, "", drafts("resend", "work", id));
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), true, null);
        s.host.say(turn, 5, "", drafts("resend", "work", id));
        ToolDecided again = s.host.last(ToolDecided.class).get(0);
        assertTrue(again.allowed(), "a historical receipt is an answer, not a refusal");
        assertTrue(again.result().contains("already delivered"), again.result());
    }

    @Test
    void D1_aResendPostsTheWordsNeverTheRoutingPrefix() {
        Scenario s = new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, ">>#nowhere Hello there.");
        String id = held(s).get(0);
        s.host.say(turn, 2, "", drafts("resend", "work", id));
        assertEquals("Hello there.", s.host.last(PublishRequested.class).get(0).text());
    }
}
