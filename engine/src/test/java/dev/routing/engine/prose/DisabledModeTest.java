package dev.routing.engine.prose;

import static dev.routing.engine.prose.Prose.heartbeatTurn;
import static dev.routing.engine.prose.Prose.held;
import static dev.routing.engine.prose.Prose.receipt;
import static dev.routing.engine.prose.Prose.requested;
import static dev.routing.engine.prose.Prose.roomTurn;
import static dev.routing.engine.prose.Prose.routes;
import static dev.routing.engine.prose.Prose.send;
import static dev.routing.engine.prose.Prose.tool;
import static dev.routing.engine.testing.Host.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.Route;
import java.util.List;
import org.junit.jupiter.api.Test;

/** M4: disabled mode routes no plain speech; it is counted, never drafted. */
class DisabledModeTest {

    private static Scenario disabled() {
        return new Scenario().agent(Mode.DISABLED, LocusPolicy.LATEST_INBOUND);
    }

    @Test
    void M4_noPlainSpeechIsRoutedChevronLinesIncludedAndNoneIsDrafted() {
        Scenario s = disabled();
        s.host.focus("qa", "work");
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Plain.");
        s.host.say(turn, 2, ">>#work Explicit's prefix.\n>>>#work Hybrid's prefix.");
        s.host.say(turn, 3, "Beside a send.", send("work"));
        assertEquals(Route.keptPrivate("disabled"), routes(s, turn, 1).get(0));
        assertEquals(List.of(Route.keptPrivate("disabled")), routes(s, turn, 2), "one segment: no envelopes are read");
        assertEquals(Route.keptPrivate("disabled"), routes(s, turn, 3).get(0), "D2: never drafted, beside a send too");
        assertEquals(List.of(), requested(s));
        assertEquals(List.of(), held(s));
        assertEquals(List.of(), s.notices("bounce"));
        assertEquals(null, s.opened(turn).locus());
    }

    @Test
    void M4_aHeartbeatTurnsSpeechIsCountedNotDrafted() {
        Scenario s = disabled();
        long turn = heartbeatTurn(s);
        s.host.say(turn, 1, "Tick.");
        assertEquals(Route.keptPrivate("disabled"), routes(s, turn, 1).get(0));
        assertEquals(List.of(), held(s));
    }

    @Test
    void M4_theReceiptCountsTheKeptSegmentsAndSaysWhy() {
        Scenario s = disabled();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "One.");
        s.host.say(turn, 2, "Two.");
        s.host.end(turn);
        NoticeIssued receipt = receipt(s, turn);
        assertTrue(receipt.text().startsWith("[delivered] nothing"), receipt.text());
        assertTrue(receipt.text().contains("2 plain-speech segment(s) kept private (proseRouting=disabled"), receipt.text());
    }

    @Test
    void M4_skipReplyAndAPrivateThinkCountAsWhatTheyAre() {
        Scenario s = disabled();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Quiet.", tool("skip_reply"));
        Prose.think(s, turn, 2, "Thought.");
        assertEquals(Route.keptPrivate("skip-reply"), routes(s, turn, 1).get(0));
        assertEquals(Route.keptPrivate("private-think"), routes(s, turn, 2).get(0));
    }

    @Test
    void M4_explicitSendsStillReachTheirChannelAndAChannelPublishWithNoChannelGoesToTheTurnsChannel() {
        // named-prose-mode.txt: on disabled, channel_publish with no channelId posts to a default channel; named refuses it.
        Scenario s = disabled();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "", call("channel_publish", "noisy", "named"), call("channel_publish", null, "unnamed"));
        assertEquals(List.of("noisy", "work"), requested(s).stream().map(p -> p.channel()).toList());
    }

    @Test
    void M4_noChannelsMessageIsNamedByAPrivateDisabledTurn() {
        Scenario s = disabled();
        String ping = s.host.room("qa", "work", "@qa ping", true);
        String roomWake = s.host.wake("qa", "message", "work", ping);
        String op = s.host.operator("qa", "status?");
        String opWake = s.host.wake("qa", "message", null, op);
        long turn = s.host.start("qa", List.of(roomWake, opWake), List.of(ping, op));
        s.host.say(turn, 1, "Hi.");
        assertEquals(List.of(), s.notices("channels-held"), "P15: explicit and disabled mode name none");
        s.assertNothingPublished();
    }
}
