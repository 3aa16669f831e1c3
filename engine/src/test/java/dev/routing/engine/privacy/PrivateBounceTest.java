package dev.routing.engine.privacy;

import static dev.routing.engine.testing.Host.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.Route;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * P12 (B3, D1, D5): an envelope that bounces in a private turn, because it names no destination,
 * names a channel that does not resolve, or its delivery fails, keeps its words private: no draft,
 * no resend offer, a bounce notice that wakes the resident into a turn whose plain words stay
 * private, and, where an earlier draft is the latest bounce, a notice that says {{unsent}} still
 * names that draft, not these words. In hybrid and explicit mode.
 */
class PrivateBounceTest {

    private static Scenario scenario(Mode mode) {
        return new Scenario().agent(mode, LocusPolicy.DELIVERY);
    }

    private static String prefix(Mode mode) {
        return mode == Mode.HYBRID ? ">>>" : ">>";
    }

    private static long operatorTurn(Scenario s) {
        String op = s.host.operator("qa", "status?");
        return s.host.answer("qa", op, null);
    }

    /** A room turn whose envelope bounces "The build is green.": the latest bounce, d1. */
    private static DraftHeld earlierBounce(Scenario s, Mode mode) {
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long room = s.host.answer("qa", ping, "work");
        s.host.say(room, 1, prefix(mode) + "#nowhere The build is green.");
        s.host.end(room);
        List<DraftHeld> held = s.host.all(DraftHeld.class);
        assertEquals(1, held.size());
        return held.get(0);
    }

    private static List<NoticeIssued> noticesOf(Scenario s, String kind, long turn) {
        return s.notices(kind).stream().filter(n -> n.turn() != null && n.turn() == turn).toList();
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"HYBRID", "EXPLICIT"})
    void P12_aPrivateTurnsEnvelopeThatNamesNoDestinationOrAnUnknownChannelBouncesWithANoticeThatWakesAndNoDraft(Mode mode) {
        Scenario s = scenario(mode);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, prefix(mode) + "#nowhere lost words", call("shell", null, null));
        // Hybrid's bare >>> names no destination; explicit mode's unprefixed speech is not an envelope.
        s.host.say(turn, 2, mode == Mode.HYBRID ? ">>>\nno target at all" : ">>#elsewhere more lost words");
        for (var r : s.speech(turn)) assertEquals(Route.keptPrivate("private-turn"), r.route(), r.text());
        assertEquals(List.of(), s.host.all(DraftHeld.class), "no draft of a private turn's words");
        List<NoticeIssued> bounces = noticesOf(s, "bounce", turn);
        assertEquals(2, bounces.size());
        NoticeIssued first = bounces.get(0);
        assertTrue(first.wake(), "a private turn's bounce wakes the resident");
        assertTrue(first.text().contains("kept private"), first.text());
        assertFalse(first.text().contains("{{unsent}}, or"), "no resend is offered: " + first.text());
        assertEquals(List.of(), first.names().drafts());
        if (mode == Mode.HYBRID) assertTrue(bounces.get(1).text().contains("names no target"), bounces.get(1).text());
        assertEquals(List.of(), noticesOf(s, "kept-private", turn), "an envelope's bounce, not the unprefixed notice");
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"HYBRID", "EXPLICIT"})
    void P12_aPrivateTurnsEnvelopeWhoseDeliveryFailsBouncesWithANoticeThatSaysNothingWasPostedAndNoDraft(Mode mode) {
        Scenario s = scenario(mode);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, prefix(mode) + "#work For the room.");
        long attempt = s.host.last(PublishRequested.class).get(0).attempt();
        s.host.settle(attempt, false, null);
        NoticeIssued bounce = s.host.last(NoticeIssued.class).get(0);
        assertEquals("bounce", bounce.kind());
        assertTrue(bounce.wake());
        assertTrue(bounce.text().contains("Nothing was posted") && bounce.text().contains("kept private"), bounce.text());
        assertEquals(List.of(), s.host.all(DraftHeld.class));
        assertEquals(List.of(), s.notices("send-failed"), "the bounce notice, not the marker as well");
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"HYBRID", "EXPLICIT"})
    void P12_aPrivateTurnsEnvelopeWhoseSendThrewSaysTheWordsMayHaveGoneOutAndHoldsNoDraft(Mode mode) {
        Scenario s = scenario(mode);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, prefix(mode) + "#work For the room.");
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), null, "error-response");
        NoticeIssued bounce = s.host.last(NoticeIssued.class).get(0);
        assertEquals("bounce", bounce.kind());
        assertTrue(bounce.text().contains("may have gone out"), bounce.text());
        assertEquals(List.of(), s.host.all(DraftHeld.class));
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"HYBRID", "EXPLICIT"})
    void P12_D5_aPrivateTurnsUnsentWithWordsOfItsOwnHoldsNoNewDraftWhenItsDeliveryFailsAndUnsentStillNamesTheEarlierDraft(
            Mode mode) {
        Scenario s = scenario(mode);
        DraftHeld d1 = earlierBounce(s, mode);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, prefix(mode) + "#work Between us: {{unsent}}");
        PublishRequested sent = s.host.last(PublishRequested.class).get(0);
        assertEquals("Between us: " + d1.text(), sent.text());
        s.host.settle(sent.attempt(), false, null);
        assertEquals(1, s.host.all(DraftHeld.class).size(), "no draft of the words the private turn added");
        NoticeIssued bounce = s.host.last(NoticeIssued.class).get(0);
        assertEquals("bounce", bounce.kind());
        assertEquals(List.of(d1.draft()), bounce.names().drafts());
        assertTrue(bounce.text().contains("{{unsent}} still names " + d1.draft() + ", not these words"), bounce.text());
        s.host.end(turn);
        // A later channel turn's bare {{unsent}} sends the earlier draft, never the private turn's words.
        String ping = s.host.room("qa", "noisy", "@qa again", true);
        long room = s.host.answer("qa", ping, "noisy");
        s.host.say(room, 1, prefix(mode) + "#noisy {{unsent}}");
        assertEquals(d1.text(), s.host.last(PublishRequested.class).get(0).text());
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"HYBRID", "EXPLICIT"})
    void P12_D5_aPrivateTurnsUnsentWithWordsOfItsOwnHoldsNoNewDraftWhenItsSendThrows(Mode mode) {
        Scenario s = scenario(mode);
        earlierBounce(s, mode);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, prefix(mode) + "#work Between us: {{unsent}}");
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), null, "no-response");
        assertEquals(1, s.host.all(DraftHeld.class).size());
        NoticeIssued bounce = s.host.last(NoticeIssued.class).get(0);
        assertEquals("bounce", bounce.kind());
        assertTrue(bounce.text().contains("may have gone out"), bounce.text());
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"HYBRID", "EXPLICIT"})
    void P12_D5_aPrivateTurnsBareUnsentWhoseDeliveryFailsKeepsTheDraftItSentAndOffersItAgain(Mode mode) {
        Scenario s = scenario(mode);
        DraftHeld d1 = earlierBounce(s, mode);
        long turn = operatorTurn(s);
        s.host.say(turn, 1, prefix(mode) + "#work {{unsent}}");
        s.host.settle(s.host.last(PublishRequested.class).get(0).attempt(), false, null);
        assertEquals(1, s.host.all(DraftHeld.class).size(), "nothing new held");
        NoticeIssued bounce = s.host.last(NoticeIssued.class).get(0);
        assertEquals(List.of(d1.draft()), bounce.names().drafts());
        s.host.say(turn, 2, prefix(mode) + "#work {{unsent}}");
        assertEquals(d1.text(), s.host.last(PublishRequested.class).get(0).text(), "offered again, and sent");
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"HYBRID", "EXPLICIT"})
    void P12_aPrivateTurnsKeptPrivateNoticeSaysWhichEarlierDraftUnsentStillNames(Mode mode) {
        Scenario s = scenario(mode);
        String d1 = earlierBounce(s, mode).draft();
        long turn = operatorTurn(s);
        // Explicit mode keeps unprefixed words with a kept-private notice; hybrid tells of a bounce kept private.
        s.host.say(turn, 1, mode == Mode.EXPLICIT ? "Only for you." : ">>>#nowhere Only for you.");
        NoticeIssued told = noticesOf(s, mode == Mode.EXPLICIT ? "kept-private" : "bounce", turn).get(0);
        assertEquals(List.of(d1), told.names().drafts());
        assertTrue(told.text().contains("{{unsent}} still names " + d1 + ", not these words"), told.text());
        assertEquals(1, s.host.all(DraftHeld.class).size());
    }

    /** D1, P8: "a private turn's bounce wakes a turn whose plain words stay private". */
    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"HYBRID", "EXPLICIT"})
    void P8_P12_aPrivateTurnsBounceWakesATurnWhosePlainWordsStayPrivate(Mode mode) {
        Scenario s = scenario(mode);
        s.host.focus("qa", "work");
        long turn = operatorTurn(s);
        s.host.say(turn, 1, prefix(mode) + "#ghost Status is fine.");
        s.host.end(turn);
        assertTrue(s.notices("bounce").get(0).wake());
        String bounce = s.host.wake(new dev.routing.engine.testing.Host.WakeSpec("qa", "bounce").armedBy(turn));
        long woken = s.host.start("qa", List.of(bounce), List.of());
        s.host.say(woken, 1, "Status is fine.");
        assertTrue(s.opened(woken).isPrivate());
        s.assertKeptPrivate(woken, "private-turn");
        s.assertNothingPublished();
        assertEquals(List.of(), s.host.all(DraftHeld.class));
    }
}
