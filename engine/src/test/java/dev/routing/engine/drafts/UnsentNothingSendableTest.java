package dev.routing.engine.drafts;

import static dev.routing.engine.testing.Host.call;
import static dev.routing.engine.testing.Host.drafts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.routes.KeptPrivate;
import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * D5, seed "{{unsent}} that can't be sent": when {{unsent}} names no held bounce, or the latest
 * bounce is being sent, queued in a resend or may already have been posted, an envelope using it
 * sends nothing; the resident is told which of these it was, and a copy carries the risk of the
 * words it copies, and only that.
 */
class UnsentNothingSendableTest {
    private final Scenario s = new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
    private long turn;
    private int round;

    /** An explicit-mode room turn whose first round bounces {@code words}; the bounce's id. */
    private String bounce(String words) {
        String ping = s.host.room("qa", "work", "@qa ping", true);
        turn = s.host.answer("qa", ping, "work");
        round = 0;
        s.host.say(turn, ++round, words, call("shell", null, null));
        return s.host.last(DraftHeld.class).get(0).draft();
    }

    private void say(String text, dev.routing.journal.event.Call... calls) {
        s.host.say(turn, ++round, text, calls);
    }

    private long sendByUnsent() {
        say(">>#work {{unsent}}");
        return s.host.last(PublishRequested.class).get(0).attempt();
    }

    private NoticeIssued lastNotice() {
        List<NoticeIssued> notices = s.host.last(NoticeIssued.class);
        return notices.get(notices.size() - 1);
    }

    private static String nothingSent(String why, String stillNames) {
        return "[bounce] Nothing was sent: " + why + ", and the envelope had no words of its own, so nothing was held."
                + (stillNames == null ? "" : " {{unsent}} still names " + stillNames + ", not these words.");
    }

    /** A bare {{unsent}} now: nothing sent, nothing held, and the notice's words. */
    private String bareUnsent() {
        int held = s.host.all(DraftHeld.class).size();
        int sent = s.host.all(PublishRequested.class).size();
        say(">>#work {{unsent}}");
        assertEquals(held, s.host.all(DraftHeld.class).size(), "a bare {{unsent}} holds nothing new");
        assertEquals(sent, s.host.all(PublishRequested.class).size(), "and sends nothing");
        List<SpeechRouted> routed = s.host.last(SpeechRouted.class);
        assertEquals(1, routed.size());
        assertEquals(Route.keptPrivate(KeptPrivate.NOTHING_TO_SEND.wire()), routed.get(0).route());
        return lastNotice().text();
    }

    @Test
    void D5_withNoBounceAtAllItSaysSo() {
        String ping = s.host.room("qa", "work", "@qa ping", true);
        turn = s.host.answer("qa", ping, "work");
        assertEquals(nothingSent("{{unsent}} names no bounce", null), bareUnsent());
    }

    @Test
    void D5_whileItsDraftIsBeingSentItNamesTheAttemptAndTheConfirmDuplicateACopyWillNeed() {
        String id = bounce("Draft words.");
        long attempt = sendByUnsent();
        assertEquals(nothingSent("{{unsent}}'s draft " + id + " is being sent (attempt " + attempt + " is out); once its"
                + " result is in, a copy can be resent with confirmDuplicate: true", id), bareUnsent());
    }

    @Test
    void D5_onceItsDraftWasDeliveredItSaysSo() {
        String id = bounce("Draft words.");
        s.host.settle(sendByUnsent(), true, null);
        assertEquals(nothingSent("{{unsent}}'s draft " + id + " was already delivered", null), bareUnsent());
    }

    @Test
    void D5_whileAResendOwnsItsDraftItSaysSo() {
        String first = bounce("First words.");
        say("Second words.");
        String latest = s.host.last(DraftHeld.class).get(0).draft();
        say("", drafts("resend", "work", first, latest));
        assertEquals(nothingSent("{{unsent}}'s draft " + latest + " belongs to a resend", latest), bareUnsent());
    }

    @Test
    void D5_aResendOfTheSameRoundTakesTheDraftBeforeItsUnsent() {
        String id = bounce("Draft words.");
        say(">>#work {{unsent}}", drafts("resend", "noisy", id));
        List<PublishRequested> sent = s.host.last(PublishRequested.class);
        assertEquals(1, sent.size());
        assertEquals("noisy", sent.get(0).channel());
        assertEquals(nothingSent("{{unsent}}'s draft " + id + " belongs to a resend", id), lastNotice().text());
    }

    @Test
    void D5_whenItsDraftMayAlreadyHaveBeenPostedItSaysSo() {
        String id = bounce("Maybe posted.");
        s.host.settle(sendByUnsent(), null, "no-response");
        assertEquals(nothingSent("{{unsent}}'s draft " + id + " may already have been posted", id), bareUnsent());
    }

    @Test
    void D5_aCopyOfAPossiblyPostedDraftIsItselfNothingToSend() {
        bounce("Maybe posted.");
        s.host.settle(sendByUnsent(), null, "no-response");
        say(">>#work Once more: {{unsent}}");
        DraftHeld copy = s.host.last(DraftHeld.class).get(0);
        assertTrue(copy.risk());
        assertEquals(nothingSent("{{unsent}}'s draft " + copy.draft() + " may already have been posted", copy.draft()),
                bareUnsent(), "the copy is the latest bounce now, and it carries the risk");
    }

    @Test
    void D5_onceItsDraftIsSetAsideItNamesNoBounce() {
        bounce("Never mind.");
        say(">>skip_reply {{unsent}}");
        assertEquals(nothingSent("{{unsent}} names no bounce", null), bareUnsent());
    }

    @Test
    void D5_aDismissalOfTheSameRoundTakesTheDraftBeforeItsUnsentAndIsNamedAsADismissal() {
        String id = bounce("Never mind.");
        say(">>#work {{unsent}}", drafts("dismiss", null, id));
        assertEquals(List.of(), s.host.all(PublishRequested.class));
        assertEquals(nothingSent("{{unsent}}'s draft " + id + " is dismissed by a call of this round", null),
                lastNotice().text());
    }

    @Test
    void D5_aCopyOfADraftBeingSentIsHeldWithoutRiskAndItsNoticeSaysWhy() {
        String id = bounce("Draft words.");
        long attempt = sendByUnsent();
        say(">>#work Again: {{unsent}}");
        DraftHeld copy = s.host.last(DraftHeld.class).get(0);
        assertEquals("Again: Draft words.", copy.text());
        assertFalse(copy.risk(), "the words it copies have not been posted: nothing is known of them yet");
        List<SpeechRouted> routed = s.host.last(SpeechRouted.class);
        assertEquals(List.of("Again: Draft words."), routed.stream().map(SpeechRouted::text).toList());
        assertEquals(Route.bounced(copy.draft()), routed.get(0).route());
        assertEquals("[bounce] Not delivered: {{unsent}}'s draft " + id + " is being sent (attempt " + attempt + " is out);"
                + " once its result is in, a copy can be resent with confirmDuplicate: true. Your words are held as "
                + copy.draft() + ". Send them with >>#channel {{unsent}}, or with the drafts tool (resend or dismiss).",
                lastNotice().text());
    }

    @Test
    void D5_anUnsentSendIsRoutedToItsChannelWithTheWordsItPublishes() {
        String id = bounce("Draft words.");
        say(">>#work Note: {{unsent}}");
        SpeechRouted routed = s.host.last(SpeechRouted.class).get(0);
        assertEquals("Note: Draft words.", routed.text());
        assertEquals(Route.publish("work", "discord"), routed.route());
        assertEquals(List.of(id), s.host.last(PublishRequested.class).get(0).drafts());
    }

    @Test
    void D5_anExpansionOfExactlyOneFactsLimitIsSentAndOneCharacterMoreSendsNothing() {
        int limit = Unsent.MAX_EXPANDED;
        bounce("x".repeat(limit - 2));
        say(">>#work ab{{unsent}}");
        assertEquals(limit, s.host.last(PublishRequested.class).get(0).text().length());

        Scenario over = new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        String ping = over.host.room("qa", "work", "@qa ping", true);
        long t = over.host.answer("qa", ping, "work");
        over.host.say(t, 1, "x".repeat(limit - 2), call("shell", null, null));
        over.host.say(t, 2, ">>#work abc{{unsent}}");
        assertEquals(List.of(), over.host.all(PublishRequested.class));
        DraftHeld copy = over.host.last(DraftHeld.class).get(0);
        assertEquals("abc{{unsent}}", copy.text(), "written out it would pass the limit too, so the placeholder is kept");
        assertTrue(over.host.last(NoticeIssued.class).get(0).text().startsWith("[bounce] Not delivered: {{unsent}} would make"
                + " a message of 1,048,577 characters, over the 1,048,576 one message may be."), "the notice says why");
    }

    @Test
    void D5_aBounceHeldForAnUnsentNamingAPossiblyPostedDraftOfExactlyTheLimitIsWrittenOut() {
        int limit = Unsent.MAX_EXPANDED;
        bounce("x".repeat(limit - 2));
        s.host.settle(sendByUnsent(), null, "no-response");
        say(">>#work ab{{unsent}}");
        DraftHeld copy = s.host.last(DraftHeld.class).get(0);
        assertEquals(limit, copy.text().length(), "written out: it fits");
        assertTrue(copy.risk());
    }

    @Test
    void D5_skipReplyUnsentSetsAsideWithTheRiskOfADraftThatMayHaveBeenPosted() {
        String plain = bounce("Plain words.");
        say(">>skip_reply {{unsent}}");
        say(">>#nowhere Risky words.");
        String risky = s.host.last(DraftHeld.class).get(0).draft();
        s.host.settle(sendByUnsent(), null, "no-response");
        say(">>skip_reply {{unsent}}");
        List<DraftDismissed> dismissed = s.host.all(DraftDismissed.class);
        assertEquals(List.of(plain, risky), dismissed.stream().map(DraftDismissed::draft).toList());
        assertEquals(List.of(false, true), dismissed.stream().map(DraftDismissed::risk).toList());
    }

    @Test
    void D5_skipReplyUnsentWhileAResendOwnsTheDraftLeavesItAndSaysSo() {
        String first = bounce("First words.");
        say("Second words.");
        String latest = s.host.last(DraftHeld.class).get(0).draft();
        say("", drafts("resend", "work", first, latest));
        say(">>skip_reply {{unsent}}");
        assertEquals(List.of(), s.host.all(DraftDismissed.class));
        assertEquals("[bounce] skip_reply {{unsent}} left " + latest + " as it is: a resend owns it, and words on their way"
                + " cannot be set aside. Dismiss it with the drafts tool once that is done, if you still mean to.",
                lastNotice().text());
    }
}
