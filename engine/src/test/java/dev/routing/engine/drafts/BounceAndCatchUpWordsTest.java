package dev.routing.engine.drafts;

import static dev.routing.engine.testing.Host.call;
import static dev.routing.engine.testing.Host.drafts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.ToolDecided;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * D1, D4, D5, D7, M6: the words of the notices that name drafts: a bounce's offer (seed: "offers
 * {{unsent}} only when {{unsent}} would send that draft ... Otherwise it names the drafts tool's
 * resend"), in the resident's own envelope prefix; a failed {{unsent}} send's bounce notice, alone;
 * the catch-up, newest first; and a resend's and a channel_publish's answers.
 */
class BounceAndCatchUpWordsTest {
    private Scenario s = new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
    private long turn;
    private int round;

    private void roomTurn(String channel) {
        String ping = s.host.room("qa", channel, "@qa ping", true);
        turn = s.host.answer("qa", ping, channel);
        round = 0;
    }

    private void say(String text, dev.routing.journal.event.Call... calls) {
        s.host.say(turn, ++round, text, calls);
    }

    private String latestHeld() {
        return s.host.last(DraftHeld.class).get(0).draft();
    }

    private NoticeIssued onlyNotice() {
        List<NoticeIssued> notices = s.host.last(NoticeIssued.class);
        assertEquals(1, notices.size(), notices.toString());
        return notices.get(0);
    }

    private static String offersUnsent(String why, String id, String prefix) {
        return "[bounce] Not delivered: " + why + ". Your words are held as " + id + ". Send them with " + prefix
                + "#channel {{unsent}}, or with the drafts tool (resend or dismiss).";
    }

    @Test
    void D5_aFailedBareUnsentGetsTheBounceNoticeAloneOfferingTheDraftAgain() {
        roomTurn("work");
        say("The build is green.", call("shell", null, null));
        String id = latestHeld();
        say(">>#work {{unsent}}");
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), false, null);
        assertEquals(offersUnsent("the {{unsent}} send failed and nothing was posted; the draft is held again", id, ">>"),
                onlyNotice().text());
    }

    @Test
    void D5_aFailedWordedUnsentHoldsItsWordsAndGetsTheBounceNoticeAlone() {
        roomTurn("work");
        say("The build is green.", call("shell", null, null));
        say(">>#work FYI: {{unsent}}");
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), false, null);
        assertEquals(offersUnsent("the {{unsent}} send failed and nothing was posted", latestHeld(), ">>"),
                onlyNotice().text());
    }

    @Test
    void D5_aDraftHeldAgainAfterANewerBounceIsOfferedThroughTheDraftsToolNotUnsent() {
        roomTurn("work");
        say("Older words.", call("shell", null, null));
        String older = latestHeld();
        say(">>#work {{unsent}}");
        long attempt = s.host.last(PublishRequested.class).get(0).attempt();
        say(">>#nowhere Newer words.");
        s.host.settle(attempt, false, null);
        assertEquals("[bounce] Not delivered: the {{unsent}} send failed and nothing was posted; the draft is held again."
                + " Your words are held as " + older + ". Send them with the drafts tool's resend and a destination, or"
                + " dismiss them.", onlyNotice().text(), "{{unsent}} names the newer bounce now, so it would not send this one");
    }

    @Test
    void D1_M2_aFailedEnvelopeOffersItsWordsBackInTheModesPrefixEvenAfterItsTurnEnded() {
        roomTurn("work");
        say(">>#work Deploy done.");
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), false, null);
        assertEquals(offersUnsent("the send to work failed and nothing was posted", latestHeld(), ">>"), onlyNotice().text());

        s = new Scenario().agent(Mode.HYBRID, LocusPolicy.DELIVERY);
        roomTurn("noisy");
        say(">>>#work Deploy done.");
        long attempt = s.host.last(PublishRequested.class).get(0).attempt();
        s.host.end(turn);
        s.host.settle(attempt, false, null);
        NoticeIssued late = s.host.last(NoticeIssued.class).stream().filter(n -> n.kind().equals("bounce")).findFirst()
                .orElseThrow();
        assertEquals(offersUnsent("the send to work failed and nothing was posted", latestHeld(), ">>>"), late.text());
    }

    @Test
    void M3_M5_aBounceWhileItsTurnIsOpenOffersTheTurnsOwnPrefixThoughTheModeChangedSince() {
        roomTurn("work");
        say(">>#work Deploy done.");
        long attempt = s.host.last(PublishRequested.class).get(0).attempt();
        s.host.configure(new dev.routing.journal.event.AgentConfigured(s.host.tick(), "qa", Mode.HYBRID,
                LocusPolicy.DELIVERY, null, false, null));
        s.host.settle(attempt, false, null);
        assertEquals(offersUnsent("the send to work failed and nothing was posted", latestHeld(), ">>"), onlyNotice().text(),
                "a new mode takes effect at the next turn");
    }

    @Test
    void D7_theCatchUpNamesTheDraftsNoNoticeReachedNewestFirst() {
        roomTurn("work");
        for (String words : List.of("One.", "Two.", "Three.")) say(words, drafts("list", null));
        List<String> held = s.host.all(DraftHeld.class).stream().map(DraftHeld::draft).toList();
        s.host.end(turn);
        roomTurn("work");
        String why = " (held; it had no destination: plain speech with no target waits for one)";
        assertEquals("[drafts] Drafts no notice in your current history names: " + held.get(2) + why + ", " + held.get(1) + why + ", "
                + held.get(0) + why + ". The drafts tool lists, reads, resends or dismisses them.",
                s.notices("catch-up").get(0).text());
    }

    @Test
    void D4_aResendStoppedAtItsLastIdSaysWhyAndNothingMore() {
        s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        roomTurn("work");
        say("Held words.", call("send_message", "work", "x"));
        String id = latestHeld();
        say("", drafts("resend", "work", id));
        long attempt = s.host.last(PublishRequested.class).get(0).attempt();
        say("", drafts("resend", "noisy", id));
        ToolDecided again = s.host.last(ToolDecided.class).get(0);
        assertFalse(again.allowed());
        assertEquals(id + ": not sent: its attempt " + attempt + " is still out", again.refusal());
    }

    @Test
    void M6_aChannelPublishCountsAsASendToItsChannelOnlyWhenItIsAllowed() {
        s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        roomTurn("work");
        say("", call("channel_publish", "nowhere", "hello"));
        ToolDecided refused = s.host.last(ToolDecided.class).get(0);
        assertFalse(refused.allowed());
        assertNull(refused.send(), "a refused call counts for nothing");
        assertNull(refused.place());
        assertEquals(refused.refusal(), refused.result());
        say("", call("channel_publish", "work", "hello"));
        ToolDecided sent = s.host.last(ToolDecided.class).get(0);
        assertTrue(sent.countsAsSend());
        assertEquals("work", sent.place());
        assertEquals("published to work", sent.result());
    }
}
