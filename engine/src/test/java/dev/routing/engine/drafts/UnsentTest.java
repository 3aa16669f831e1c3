package dev.routing.engine.drafts;

import static dev.routing.engine.testing.Host.call;
import static dev.routing.engine.testing.Host.drafts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.ToolDecided;
import java.util.List;
import org.junit.jupiter.api.Test;

/** D5: {{unsent}} names the latest bounce while it is open, expands exactly, and never sends twice. */
class UnsentTest {

    /** An explicit-mode room turn whose first round bounces {@code words}. */
    private static long bounce(Scenario s, String words) {
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, words, call("shell", null, null));
        return turn;
    }

    private static Scenario scenario() {
        return new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
    }

    @Test
    void D5_unsentExpandsExactlyWithDollarSignsUntouched() {
        Scenario s = scenario();
        long turn = bounce(s, "Cost: $& and $$1 and \\1.");
        s.host.say(turn, 2, ">>#work Note: {{unsent}}");
        PublishRequested p = s.host.last(PublishRequested.class).get(0);
        assertEquals("Note: Cost: $& and $$1 and \\1.", p.text());
        assertEquals("unsent", p.via());
        assertEquals(List.of(s.host.all(DraftHeld.class).get(0).draft()), p.drafts());
    }

    @Test
    void D5_skipReplyUnsentSetsTheLatestBounceAside() {
        Scenario s = scenario();
        long turn = bounce(s, "Never mind this.");
        s.host.say(turn, 2, ">>skip_reply {{unsent}}");
        assertEquals(1, s.host.all(DraftDismissed.class).size());
        s.host.say(turn, 3, ">>#work {{unsent}}");
        assertEquals(List.of(), s.host.all(PublishRequested.class), "a set-aside bounce is nothing to send");
    }

    @Test
    void D5_anEnvelopeWhoseUnsentNamesNothingSendsNothingAndHoldsItsOwnWordsAsABounce() {
        Scenario s = scenario();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, ">>#work Again: {{unsent}}");
        assertEquals(List.of(), s.host.all(PublishRequested.class));
        DraftHeld held = s.host.all(DraftHeld.class).get(0);
        assertEquals("bounced", held.cause());
        assertEquals("Again:", held.text(), "the placeholder named nothing, so it is not held");
    }

    @Test
    void D5_aBareUnsentNamingNothingSendsNothingHoldsNothingAndSaysSo() {
        Scenario s = scenario();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, ">>#work {{unsent}}");
        s.host.say(turn, 2, ">>#nowhere {{unsent}}");
        assertEquals(List.of(), s.host.all(PublishRequested.class));
        assertEquals(List.of(), s.host.all(DraftHeld.class), "the placeholder never becomes a draft, nor the latest bounce");
        assertEquals(2, s.notices("bounce").size());
        assertTrue(s.notices("bounce").get(0).text().startsWith("[bounce] Nothing was sent"), s.notices("bounce").get(0).text());
        assertEquals(Route.keptPrivate("nothing-to-send"), s.host.all(SpeechRouted.class).get(0).route());
    }

    @Test
    void D5_aCopyOfAPossiblyPostedBounceIsHeldWrittenOutWithItsRisk() {
        Scenario s = scenario();
        unsentAfterMaybePosted(s);
        DraftHeld copy = s.host.last(DraftHeld.class).get(0);
        assertEquals("Once more: Maybe posted.", copy.text());
        assertTrue(copy.risk());
        NoticeIssued notice = s.host.last(NoticeIssued.class).get(0);
        assertTrue(notice.text().contains("confirmDuplicate: true") && !notice.text().contains("{{unsent}},"),
                "D9: no {{unsent}} offer for a copy that carries risk: " + notice.text());
    }

    /** Sends a bounce by {{unsent}}, reads its outcome as unknown, then tries {{unsent}} again: returns the turn. */
    private static long unsentAfterMaybePosted(Scenario s) {
        long turn = bounce(s, "Maybe posted.");
        s.host.say(turn, 2, ">>#work {{unsent}}");
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), null, "no-response");
        s.host.say(turn, 3, ">>#work Once more: {{unsent}}");
        return turn;
    }

    @Test
    void D5_aBounceThatMayHaveBeenPostedIsNothingToSendAndItsCopyCarriesTheRisk() {
        Scenario s = scenario();
        unsentAfterMaybePosted(s);
        assertEquals(1, s.host.all(PublishRequested.class).size(), "nothing sent twice");
        DraftHeld copy = s.host.last(DraftHeld.class).get(0);
        assertTrue(copy.risk());
    }

    @Test
    void D5_D4_aCopyThatCarriesTheRiskIsResentOnlyWithConfirmDuplicate() {
        Scenario s = scenario();
        long turn = unsentAfterMaybePosted(s);
        String copy = s.host.last(DraftHeld.class).get(0).draft();
        s.host.say(turn, 4, "", drafts("resend", "work", copy));
        assertEquals(1, s.host.all(PublishRequested.class).size(), "the copy has never been attempted, but its words may be posted");
        assertTrue(s.host.last(ToolDecided.class).get(0).result().contains("confirmDuplicate"));
    }

    @Test
    void D5_aFailedUnsentSendWithWordsOfItsOwnReholdsTheWordsItAttempted() {
        Scenario s = scenario();
        long turn = bounce(s, "The build is green.");
        s.host.say(turn, 2, ">>#work FYI: {{unsent}}");
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), false, null);
        DraftHeld reheld = s.host.last(DraftHeld.class).get(0);
        assertEquals("FYI: The build is green.", reheld.text());
        assertEquals("bounced", reheld.cause());
        assertEquals(List.of(), s.notices("send-failed"), "the bounce notice, not the marker as well");
    }

    @Test
    void D5_aFailedBareUnsentKeepsTheDraftItSentAndOffersItAgain() {
        Scenario s = scenario();
        long turn = bounce(s, "The build is green.");
        s.host.say(turn, 2, ">>#work {{unsent}}");
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), false, null);
        assertEquals(1, s.host.all(DraftHeld.class).size(), "nothing new held");
        s.host.say(turn, 3, ">>#work {{unsent}}");
        assertEquals("The build is green.", s.host.last(PublishRequested.class).get(0).text());
    }

    @Test
    void D5_skipReplyUnsentWhileThatDraftIsBeingSentLeavesItAndTellsTheResident() {
        Scenario s = scenario();
        long turn = bounce(s, "Draft words.");
        s.host.say(turn, 2, ">>#work {{unsent}}");
        long attempt = s.host.last(PublishRequested.class).get(0).attempt();
        s.host.say(turn, 3, ">>skip_reply {{unsent}}");
        assertEquals(List.of(), s.host.all(DraftDismissed.class));
        NoticeIssued told = s.host.last(NoticeIssued.class).get(0);
        assertTrue(told.text().contains("left") && told.text().contains("attempt " + attempt), told.text());
        s.host.settle(attempt, false, null);
        s.host.say(turn, 4, ">>#work {{unsent}}");
        assertEquals("Draft words.", s.host.last(PublishRequested.class).get(0).text(), "the draft is still {{unsent}}'s");
    }

    @Test
    void D5_aBounceNoticeOffersUnsentOnlyWhenUnsentWouldSendThatDraft() {
        Scenario s = scenario();
        bounce(s, "Fresh words.");
        assertTrue(s.notices("bounce").get(0).text().contains(">>#channel {{unsent}}"), "the latest bounce, no risk");
        Scenario risky = scenario();
        unsentAfterMaybePosted(risky);
        String offer = risky.notices("bounce").get(risky.notices("bounce").size() - 1).text();
        assertTrue(!offer.contains("{{unsent}},") && offer.contains("confirmDuplicate: true"), offer);
    }
}
