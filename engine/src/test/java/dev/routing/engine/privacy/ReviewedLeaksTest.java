package dev.routing.engine.privacy;

import static dev.routing.engine.testing.Host.call;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.TurnStarted;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Two leaks a review found, pinned: work that continues a closed private turn, and input stored mid-start. */
class ReviewedLeaksTest {

    @Test
    void P8_aStartThatContinuesAPrivateTurnAClosedOneIncludedStaysPrivate() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        s.host.focus("qa", "work");
        String op = s.host.operator("qa", "status?");
        long turn = s.host.answer("qa", op, null);
        s.host.say(turn, 1, "Looking.");
        s.restart();
        s.host.feed(new TurnStarted(s.host.tick(), "qa", List.of(), List.of(), turn, false));
        long next = s.host.last(TurnOpened.class).get(0).turn();
        s.host.say(next, 1, "The secret status is red.");
        assertTrue(s.opened(next).isPrivate());
        s.assertNothingPublished();
    }

    @Test
    void P7_aPrivateMessageStoredAfterAStartIsNotSpentByThatStartsFirstRound() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long first = s.host.answer("qa", ping, "work");
        s.host.operatorQuietly("qa", "the deal is off - keep it quiet");
        s.host.say(first, 1, "pong", call("shell", null, null));
        s.host.end(first);
        String again = s.host.room("qa", "work", "@qa is the deal on?", true);
        long next = s.host.answer("qa", again, "work");
        s.host.say(next, 1, "Yes: the deal is off.");
        assertTrue(s.opened(next).isPrivate(), "the operator's message was stored after turn 1 started");
        s.assertKeptPrivate(next, "private-turn");
    }

    @Test
    void P7_aSilentTicksBoundaryLeavesTheMarkSet() {
        Scenario s = new Scenario().agent(Mode.LOCUS, LocusPolicy.DELIVERY);
        String hb = s.host.wake("qa", "heartbeat", null);
        s.host.feed(new TurnStarted(s.host.tick(), "qa", List.of(hb), List.of(), null, true));
        long tick = s.host.last(TurnOpened.class).get(0).turn();
        String op = s.host.operatorQuietly("qa", "secret");
        s.host.boundary(tick, op);
        s.host.end(tick);
        String ping = s.host.room("qa", "work", "@qa ping", true);
        long next = s.host.answer("qa", ping, "work");
        s.host.say(next, 1, "pong");
        assertTrue(s.opened(next).isPrivate());
    }
}
