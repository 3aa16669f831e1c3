package dev.routing.engine.prose;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.routing.engine.testing.Host;
import dev.routing.engine.testing.Scenario;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.Route;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.TurnLocusMoved;
import java.util.List;

/** Small helpers the mode tests share: turns of each kind, calls, and readings of what a round did. */
final class Prose {
    private Prose() {}

    /** A public turn woken by an addressed message in {@code channel}. */
    static long roomTurn(Scenario s, String channel) {
        String ping = s.host.room("qa", channel, "@qa ping", true);
        return s.host.answer("qa", ping, channel);
    }

    /** A private turn: an operator's message from a private surface. */
    static long operatorTurn(Scenario s) {
        String m = s.host.operator("qa", "status?");
        return s.host.answer("qa", m, null);
    }

    /** A heartbeat tick that can speak (not silent). */
    static long heartbeatTurn(Scenario s) {
        String hb = s.host.wake("qa", "heartbeat", null);
        return s.host.start("qa", List.of(hb), List.of());
    }

    static Call send(String channel) {
        return Host.call("send_message", channel, "sent");
    }

    static Call tool(String name) {
        return Call.of(name);
    }

    /** The same call, as one the agent was not permitted to make. */
    static Call denied(Call c) {
        return new Call(c.tool(), c.channel(), c.server(), c.text(), c.action(), c.draftIds(), c.confirmDuplicate(),
                false, c.fromScript());
    }

    static List<Decision> think(Scenario s, long turn, int round, String text, Call... calls) {
        return s.host.feed(new RoundSpoken(s.host.tick(), turn, round, text, List.of(calls), true));
    }

    /** The routes of one round's segments, in order. */
    static List<Route> routes(Scenario s, long turn, int round) {
        return s.speech(turn).stream().filter(r -> r.round() == round).map(SpeechRouted::route).toList();
    }

    static List<SpeechRouted> segments(Scenario s, long turn, int round) {
        return s.speech(turn).stream().filter(r -> r.round() == round).toList();
    }

    static List<DraftHeld> held(Scenario s) {
        return s.host.all(DraftHeld.class);
    }

    static List<PublishRequested> requested(Scenario s) {
        return s.host.all(PublishRequested.class);
    }

    static List<NoticeIssued> lastNotices(Scenario s, String kind) {
        return s.host.last(NoticeIssued.class).stream().filter(n -> n.kind().equals(kind)).toList();
    }

    static List<TurnLocusMoved> moves(Scenario s) {
        return s.host.all(TurnLocusMoved.class);
    }

    /** Delivers every attempt still out, then ends the turn: its receipt comes at once (D7). */
    static void endSettled(Scenario s, long turn) {
        var settled = s.host.all(dev.routing.journal.event.PublishOutcome.class).stream()
                .map(dev.routing.journal.event.PublishOutcome::attempt).toList();
        for (PublishRequested p : requested(s)) {
            if (!settled.contains(p.attempt())) s.host.settle(p.attempt(), true, null);
        }
        s.host.end(turn);
    }

    static NoticeIssued receipt(Scenario s, long turn) {
        return s.notices("receipt").stream().filter(n -> n.turn() != null && n.turn() == turn).findFirst()
                .orElseThrow(() -> new AssertionError("turn " + turn + " wrote no receipt"));
    }

    static void assertRoute(Route expected, SpeechRouted actual) {
        assertEquals(expected, actual.route(), "segment '" + actual.text() + "'");
    }

    static boolean isHeld(Route r, String cause) {
        return "held".equals(r.kind()) && cause.equals(r.cause());
    }
}
