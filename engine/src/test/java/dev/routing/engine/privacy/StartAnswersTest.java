package dev.routing.engine.privacy;

import static dev.routing.engine.testing.Host.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.TurnContinued;
import dev.routing.journal.event.TurnMadePrivate;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * P2, P6, P7, P12, M1: what a start answers: {@code turn.opened} and {@code turn.continued} with
 * whether the turn is private and why (the reason it first became so), the private-turn notice once
 * per turn and never for a silent tick, and the trigger channel and server a public turn opens with.
 */
class StartAnswersTest {
    private final Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);

    private long roomTurn(String channel) {
        String ping = s.host.room("qa", channel, "@qa ping", true);
        return s.host.answer("qa", ping, channel);
    }

    private List<NoticeIssued> privateNotices() {
        return s.notices("private-turn");
    }

    @Test
    void P6_aContinuingStartThatTakesInAPrivateWakeMakesTheTurnPrivateSaysWhyOnceAndKeepsThatWhy() {
        long turn = roomTurn("work");
        String asked = s.host.operatorQuietly("qa", "a word in private");
        String wake = s.host.wake("qa", "message", null, asked);
        s.host.continueTurn("qa", turn, List.of(wake), List.of(asked), false);
        TurnContinued continued = s.host.last(TurnContinued.class).get(0);
        assertTrue(continued.isPrivate());
        String why = s.host.last(TurnMadePrivate.class).get(0).why();
        assertEquals(why, continued.why());
        assertEquals(1, privateNotices().size(), "the turn is told it became private");
        assertTrue(privateNotices().get(0).text().contains("(" + dev.routing.engine.notices.Notices.reason(why) + ")"));

        s.host.continueTurn("qa", turn, List.of(), List.of(), false);
        TurnContinued again = s.host.last(TurnContinued.class).get(0);
        assertTrue(again.isPrivate());
        assertEquals(why, again.why(), "a private turn's later starts keep the reason it became private");
        assertEquals(List.of(), s.host.last(TurnMadePrivate.class));
        assertEquals(1, privateNotices().size(), "told once per turn");
    }

    @Test
    void P4_aPublicTurnsContinuingStartStaysPublicWithNoReason() {
        long turn = roomTurn("work");
        s.host.continueTurn("qa", turn, List.of(), List.of(), false);
        TurnContinued continued = s.host.last(TurnContinued.class).get(0);
        assertEquals(false, continued.isPrivate());
        assertNull(continued.why());
    }

    @Test
    void P2_anotherResidentsStartClaimingAnOpenTurnMakesItPrivateAndTellsItsResidentWhy() {
        long turn = roomTurn("work");
        s.host.agent("other", Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.continueTurn("other", turn, List.of(), List.of(), false);
        assertEquals(List.of(new TurnMadePrivate(s.host.now(), turn, "start", PrivateStart.FOREIGN_TURN)),
                s.host.last(TurnMadePrivate.class));
        NoticeIssued told = privateNotices().stream().filter(n -> n.agent().equals("qa")).findFirst().orElseThrow();
        assertEquals(turn, told.turn());
        assertTrue(told.text().contains("a start that claims another resident's turn"), told.text());
    }

    @Test
    void P7_P12_aSilentStartOfStoredPrivateInputIsPrivateButToldNothing() {
        s.host.operatorQuietly("qa", "stored while idle");
        s.host.feed(new TurnStarted(s.host.tick(), "qa", List.of(), List.of(), null, true));
        TurnOpened opened = s.host.last(TurnOpened.class).get(0);
        assertTrue(opened.isPrivate(), "P7: the first start after private input stored is private");
        assertEquals(List.of(), privateNotices(), "a silent tick is told nothing");
    }

    @Test
    void M1_aPublicTurnOpensWithItsTriggerChannelAndTheServerItsLocusIsRegisteredOn() {
        long turn = roomTurn("work");
        TurnOpened opened = s.opened(turn);
        assertEquals("work", opened.trigger());
        assertEquals("work", opened.locus());
        assertEquals("discord", opened.server());

        s.host.feed(new ChannelRegistered(s.host.tick(), "general", "discord", "#general", false));
        s.host.feed(new ChannelRegistered(s.host.tick(), "general", "slack", "#general", false));
        s.host.end(turn);
        TurnOpened shared = s.opened(roomTurn("general"));
        assertEquals("general", shared.locus());
        assertNull(shared.server(), "two servers register it: none is guessed");
    }

    @Test
    void P4_aPrivateTurnOpensWithNoTrigger() {
        String asked = s.host.operator("qa", "hello");
        TurnOpened opened = s.opened(s.host.answer("qa", asked, null));
        assertTrue(opened.isPrivate());
        assertNull(opened.trigger());
        assertNull(opened.locus());
    }

    @Test
    void M3_anExplicitTurnsChannelPublishWithNoChannelGoesToItsTriggerChannel() {
        Scenario explicit = new Scenario().agent(Mode.EXPLICIT, LocusPolicy.DELIVERY);
        String ping = explicit.host.room("qa", "noisy", "@qa ping", true);
        long turn = explicit.host.answer("qa", ping, "noisy");
        explicit.host.say(turn, 1, "", call("channel_publish", null, "hello"));
        assertEquals("noisy", explicit.host.last(PublishRequested.class).get(0).channel());
    }

    @Test
    void P7_P12_aContinuingStartOfStoredPrivateInputSaysWhatWasStoredAndHowMuchMore() {
        long turn = roomTurn("work");
        s.host.operatorQuietly("qa", "first in private");
        s.host.operatorQuietly("qa", "second in private");
        s.host.continueTurn("qa", turn, List.of(), List.of(), false);
        assertEquals(PrivateStart.STORED, s.host.last(TurnContinued.class).get(0).why());
        String told = privateNotices().get(0).text();
        assertTrue(told.contains("an operator's message from a private surface (") && told.contains(") and 1 more, stored before this start"),
                told);
    }
}
