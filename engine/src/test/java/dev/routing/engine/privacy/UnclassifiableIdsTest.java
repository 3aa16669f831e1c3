package dev.routing.engine.privacy;

import static dev.routing.engine.testing.Host.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Host.WakeSpec;
import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.ToolBoundary;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.TurnMadePrivate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * P2, P9: a message id the engine cannot classify counts as private: one a second message was
 * stored under while it named an operator's, one a wake names or a redo puts back that the engine
 * was never told of. Found from outside (a black-box reading of the seeds): each published to the
 * focus channel before. Each case has that fallback (a focus on {@code work}).
 */
class UnclassifiableIdsTest {

    /** A message under the host's own id: the id is the point of these cases. */
    private static void store(Scenario s, String id, String kind, String channel, String text) {
        s.host.feed(new MessageReceived(s.host.tick(), id, "qa", kind, channel, channel == null ? null : "discord", false,
                null, text, "host", null, false));
    }

    private static long retake(Scenario s, String which) {
        String w = s.host.wake(new WakeSpec("qa", "retake").retake(which));
        long turn = s.host.start("qa", List.of(w), List.of());
        s.host.say(turn, 1, "Retaken.");
        return turn;
    }

    @Test
    void P2_aChannelMessageStoredUnderAnOperatorsMessageIdCannotMakeTheBoundaryThatInjectsItPublic() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long turn = s.host.answer("qa", ping, "work");
        s.host.say(turn, 1, "Checking.", call("shell", null, null));
        store(s, "p7", "external-message", null, "SECRET: the deploy key is hunter2");
        store(s, "p7", "channel-message", "work", "hello");
        s.host.boundary(turn, "p7");
        s.host.say(turn, 2, "Answer written with p7 injected.");
        TurnMadePrivate made = s.host.all(TurnMadePrivate.class).get(0);
        assertEquals("boundary", made.where());
        assertEquals("private", s.speech(turn).get(1).route().kind(), "round 2 took in what p7 named");
    }

    @Test
    void P9_aRetakeOverAHistoryWhosePrivateMessageIdASecondMessageReusedIsPrivate() {
        Scenario s = Scenario.withFocusFallback();
        String op = s.host.operator("qa", "the password is swordfish");
        long first = s.host.answer("qa", op, null);
        s.host.say(first, 1, "Noted.");
        s.host.end(first);
        store(s, op, "channel-message", "work", "nothing to see");
        long turn = retake(s, "nudge");
        assertTrue(s.opened(turn).isPrivate());
        assertEquals("retake-of-private-history", s.opened(turn).why());
        s.assertNothingPublished();
    }

    @Test
    void P2_aStartThatReadsAReusedIdIsPrivateAndSaysWhy() {
        Scenario s = Scenario.withFocusFallback();
        store(s, "p1", "external-message", null, "private words");
        store(s, "p1", "channel-message", "work", "public words");
        String w = s.host.wake("qa", "message", "work", "p1");
        long turn = s.host.start("qa", List.of(w), List.of("p1"));
        s.host.say(turn, 1, "Which words?");
        assertTrue(s.opened(turn).isPrivate());
        assertTrue(s.notices("private-turn").get(0).text().contains("stored again"), s.notices("private-turn").get(0).text());
        s.assertNothingPublished();
    }

    /** P3 judges work as its turn stands when it is read: once another message took its id, that can no longer be told. */
    @Test
    void P3_anIdThatNamedATurnsWorkStaysPrivateWhenAnotherMessageIsStoredUnderIt() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long first = s.host.answer("qa", ping, "work");
        s.host.say(first, 1, "Running the script.");
        s.host.end(first);
        String report = s.host.message("qa", "script-report", null, false, "the figures", "host", first, false);
        store(s, report, "channel-message", "work", "hello");
        String w = s.host.wake("qa", "message", "work", report);
        long turn = s.host.start("qa", List.of(w), List.of(report));
        s.host.say(turn, 1, "Which words?");
        assertEquals("reused-message-id", s.opened(turn).why());
        s.assertKeptPrivate(turn, "private-turn");
    }

    @Test
    void P2_aPublicIdStoredAgainForAnotherPublicMessageStaysPublic() {
        Scenario s = Scenario.withFocusFallback();
        store(s, "c1", "channel-message", "work", "first");
        store(s, "c1", "channel-message", "work", "second");
        String w = s.host.wake("qa", "message", "work", "c1");
        long turn = s.host.start("qa", List.of(w), List.of("c1"));
        s.host.say(turn, 1, "Both public.");
        s.assertPublishedIn(turn, "work");
    }

    @Test
    void P2_aWakeThatNamesAMessageTheEngineWasNeverToldOfIsPrivate() {
        Scenario s = Scenario.withFocusFallback();
        String w = s.host.wake(new WakeSpec("qa", "message").messages("ghost-msg"));
        long turn = s.host.start("qa", List.of(w), List.of());
        s.host.say(turn, 1, "Wake naming an unknown message.");
        assertEquals("unknown-message", s.opened(turn).why());
        s.assertNothingPublished();
    }

    @Test
    void P2_aSecondWakeForAPublicMessageAnEarlierStartReadStaysPublic() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        String first = s.host.wake("qa", "message", "work", ping);
        String second = s.host.wake("qa", "message", "work", ping);
        long t1 = s.host.start("qa", List.of(first), List.of(ping));
        s.host.say(t1, 1, "pong");
        s.host.end(t1);
        long t2 = s.host.start("qa", List.of(second), List.of());
        s.host.say(t2, 1, "pong again");
        assertFalse(s.opened(t2).isPrivate(), "the public message was read and let go, not unknown");
        s.assertPublishedIn(t2, "work");
    }

    @Test
    void P3_aTurnsWorkStoredAgainAsItWasStaysWhatItWas() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long first = s.host.answer("qa", ping, "work");
        s.host.end(first);
        s.host.feed(new MessageReceived(s.host.tick(), "r1", "qa", "script-report", null, null, false, null, "figures", "host", first, false));
        s.host.feed(new MessageReceived(s.host.tick(), "r1", "qa", "script-report", null, null, false, null, "figures", "host", first, false));
        String w = s.host.wake("qa", "script", null, "r1");
        long turn = s.host.start("qa", List.of(w), List.of("r1"));
        s.host.say(turn, 1, "The figures.");
        assertFalse(s.opened(turn).isPrivate(), "a host that sends a public turn's report twice sends nothing unclassifiable");
    }

    @Test
    void P7_anIdNeverToldOfInjectedAtABoundaryThatEndsItsTurnMakesTheNextStartPrivateAndOnlyThatOne() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long first = s.host.answer("qa", ping, "work");
        s.host.say(first, 1, "Checking.", call("shell", null, null));
        s.host.feed(new ToolBoundary(s.host.tick(), first, List.of("ghost"), true));
        s.host.end(first);
        String again = s.host.room("qa", "work", "@qa and now?", true);
        long next = s.host.answer("qa", again, "work");
        s.host.say(next, 1, "Whatever the boundary brought.");
        s.host.end(next);
        assertEquals("stored-private-input", s.opened(next).why());
        String third = s.host.room("qa", "work", "@qa later", true);
        long later = s.host.answer("qa", third, "work");
        s.host.say(later, 1, "Later.");
        assertFalse(s.opened(later).isPrivate(), "the mark was spent by the private start's stream");
    }

    @Test
    void P7_anIdNeverToldOfReadByASilentStartIsLeftToTheNextStart() {
        Scenario s = Scenario.withFocusFallback();
        String tick = s.host.wake("qa", "heartbeat", null);
        s.host.feed(new TurnStarted(s.host.tick(), "qa", List.of(tick), List.of("ghost"), null, true));
        long silent = s.host.last(TurnOpened.class).get(0).turn();
        s.host.end(silent);
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long next = s.host.answer("qa", ping, "work");
        s.host.say(next, 1, "pong");
        assertEquals("stored-private-input", s.opened(next).why());
        s.assertNothingPublished();
    }

    @Test
    void P9_aRetakeAfterTheHistoryPutBackAnIdTheEngineWasNeverToldOfIsPrivate() {
        Scenario s = Scenario.withFocusFallback();
        s.host.feed(new HistoryChanged(s.host.tick(), "qa", "main", List.of(), List.of("ghost-1")));
        long turn = retake(s, "unstick");
        assertEquals("retake-of-private-history", s.opened(turn).why());
        s.assertNothingPublished();
    }

    @Test
    void P9_anUndoAndRedoOfAPublicExchangeLeavesTheNextRetakeAsOnMain() {
        Scenario s = Scenario.withFocusFallback();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long t = s.host.answer("qa", ping, "work");
        s.host.say(t, 1, "pong");
        s.host.end(t);
        s.host.feed(new HistoryChanged(s.host.tick(), "qa", "main", List.of(ping), List.of()));
        s.host.feed(new HistoryChanged(s.host.tick(), "qa", "main", List.of(), List.of(ping)));
        long turn = retake(s, "nudge");
        assertFalse(s.opened(turn).isPrivate(), "a public message put back is known public");
        s.assertPublishedIn(turn, "work");
    }
}
