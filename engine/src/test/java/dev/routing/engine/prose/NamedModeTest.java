package dev.routing.engine.prose;

import static dev.routing.engine.prose.Prose.heartbeatTurn;
import static dev.routing.engine.prose.Prose.held;
import static dev.routing.engine.prose.Prose.operatorTurn;
import static dev.routing.engine.prose.Prose.receipt;
import static dev.routing.engine.prose.Prose.requested;
import static dev.routing.engine.prose.Prose.roomTurn;
import static dev.routing.engine.prose.Prose.routes;
import static dev.routing.engine.prose.Prose.send;
import static dev.routing.engine.testing.Host.call;
import static dev.routing.engine.testing.Host.drafts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Host.WakeSpec;
import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.ScriptCalled;
import dev.routing.journal.event.ToolDecided;
import java.util.List;
import org.junit.jupiter.api.Test;

/** M5 (named-prose-mode.txt): a named agent's plain text reaches no channel, and its sends name their channel. */
class NamedModeTest {
    static final String REFUSAL = "Nothing was posted: channel_publish needs a channelId, since nothing is sent to a "
            + "default channel. channel_list shows the channel ids.";

    private static Scenario named() {
        Scenario s = new Scenario().agent(Mode.NAMED, LocusPolicy.LATEST_INBOUND);
        s.host.focus("qa", "work");
        return s;
    }

    @Test
    void M5_noPlainTextIsPostedInAChannelMessagesTurnAHeartbeatTickOrASelfWakeChevronLinesIncluded() {
        Scenario s = named();
        long room = roomTurn(s, "work");
        s.host.say(room, 1, "Plain.\n>>#work explicit prefix\n>>>#work hybrid prefix");
        s.host.end(room);
        long tick = heartbeatTurn(s);
        s.host.say(tick, 1, "Tick.");
        s.host.end(tick);
        String w = s.host.wake(new WakeSpec("qa", "self-wake").armedBy(room));
        long self = s.host.start("qa", List.of(w), List.of());
        s.host.say(self, 1, ">>#noisy Woke myself.");
        for (long turn : List.of(room, tick, self)) {
            assertEquals(List.of(Route.keptPrivate("named")), routes(s, turn, 1), "turn " + turn);
        }
        s.assertNothingPublished();
        assertEquals(List.of(), held(s), "D2: never drafted");
        assertEquals(List.of(), s.notices("bounce"));
    }

    @Test
    void M5_channelPublishWithNoChannelIdIsRefusedAndPostsNothingWithAServerIdAloneOrAnEmptyChannelIdToo() {
        Scenario s = named();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "",
                call("channel_publish", null, "no channel"),
                new Call("channel_publish", null, "discord", "a server alone", null, null, null, null, null),
                call("channel_publish", "  ", "an empty channel"));
        List<ToolDecided> decided = s.host.all(ToolDecided.class);
        assertEquals(3, decided.size());
        for (ToolDecided d : decided) {
            assertFalse(d.allowed());
            assertEquals(REFUSAL, d.refusal());
        }
        assertEquals(List.of(), requested(s));
    }

    @Test
    void M5_aScriptsChannelPublishWithNoChannelIdIsRefused() {
        Scenario s = named();
        long turn = roomTurn(s, "work");
        s.host.end(turn);
        s.host.feed(new ScriptCalled(s.host.tick(), "qa", turn, "channel_publish", null, null, "from a script"));
        ToolDecided decided = s.host.last(ToolDecided.class).get(0);
        assertFalse(decided.allowed());
        assertEquals(REFUSAL, decided.refusal());
        assertEquals(List.of(), requested(s));
    }

    @Test
    void M5_channelPublishNamingAChannelPostsThere() {
        Scenario s = named();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "", call("channel_publish", "noisy", "Hello noisy."));
        assertTrue(s.host.all(ToolDecided.class).get(0).allowed());
        assertEquals("noisy", requested(s).get(0).channel());
        assertEquals("Hello noisy.", requested(s).get(0).text());
    }

    @Test
    void M5_theReceiptSaysNothingWasDeliveredAndTheWordsStayedInItsContext() {
        Scenario s = named();
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "One.");
        s.host.say(turn, 2, "Two.");
        s.host.end(turn);
        NoticeIssued receipt = receipt(s, turn);
        assertTrue(receipt.text().startsWith("[delivered] nothing"), receipt.text());
        assertTrue(receipt.text().contains("2 plain-speech segment(s) kept private (kept in your context, sent to no one"),
                receipt.text());
    }

    @Test
    void M5_aNamedForksChannelPublishOrDraftsResendWithNoDestinationIsRefusedNotSentToItsHome() {
        Scenario s = new Scenario();
        s.host.configure(new AgentConfigured(s.host.tick(), "qa", Mode.NAMED, LocusPolicy.DELIVERY, null, false, "work"));
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "Held? No: named.", send("work"));
        s.host.say(turn, 2, "", call("channel_publish", null, "home?"), drafts("resend", null, "d-aaaaaaa"));
        List<ToolDecided> decided = s.host.all(ToolDecided.class).stream().filter(d -> d.round() == 2).toList();
        assertFalse(decided.get(0).allowed());
        assertEquals(REFUSAL, decided.get(0).refusal());
        assertFalse(decided.get(1).allowed());
        assertEquals(List.of(), requested(s));
    }

    @Test
    void M5_aLocusForksChannelPublishWithNoChannelGoesToItsHomeAsBefore() {
        Scenario s = new Scenario();
        s.host.configure(new AgentConfigured(s.host.tick(), "qa", Mode.LOCUS, LocusPolicy.DELIVERY, null, false, "noisy"));
        long turn = roomTurn(s, "work");
        s.host.say(turn, 1, "", call("channel_publish", null, "home"));
        assertEquals("noisy", requested(s).get(0).channel());
    }

    @Test
    void M5_anotherAgentInAnotherModeMeetsWhatItDidBefore() {
        Scenario s = named();
        s.host.agent("other", Mode.LOCUS, LocusPolicy.DELIVERY);
        String ping = s.host.room("other", "work", "@other ping", true);
        long theirs = s.host.answer("other", ping, "work");
        s.host.say(theirs, 1, "Published as ever.");
        s.host.say(theirs, 2, "", call("channel_publish", null, "and this"));
        long ours = roomTurn(s, "work");
        s.host.say(ours, 1, "Kept.", call("channel_publish", null, "refused"));
        assertEquals(Route.publish("work", "discord"), routes(s, theirs, 1).get(0));
        assertEquals(Route.keptPrivate("named"), routes(s, ours, 1).get(0));
        assertEquals(2, requested(s).size(), "the other agent's speech and its channel_publish, nothing of ours");
    }

    @Test
    void M5_aPrivateNamedTurnKeepsItsWordsAndRefusesAnUnnamedChannelPublish() {
        Scenario s = named();
        long turn = operatorTurn(s);
        s.host.say(turn, 1, "For the operator.", call("channel_publish", null, "x"));
        assertEquals(Route.keptPrivate("named"), routes(s, turn, 1).get(0));
        assertFalse(s.host.all(ToolDecided.class).get(0).allowed());
        s.assertNothingPublished();
    }

    @Test
    void M5_aSwitchIntoNamedModeTakesEffectAtTheNextTurn() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        long turn = roomTurn(s, "work");
        s.host.agent("qa", Mode.NAMED, LocusPolicy.DELIVERY);
        s.host.say(turn, 1, "Still a locus turn.");
        s.host.say(turn, 2, "", call("channel_publish", null, "to its channel, as a locus turn's"));
        assertTrue(s.host.last(ToolDecided.class).get(0).allowed(), "the switch takes effect at the next turn");
        s.host.end(turn);
        long next = roomTurn(s, "work");
        s.host.say(next, 1, "Now named.");
        assertEquals(Route.publish("work", "discord"), routes(s, turn, 1).get(0));
        assertEquals(Route.keptPrivate("named"), routes(s, next, 1).get(0));
    }
}
