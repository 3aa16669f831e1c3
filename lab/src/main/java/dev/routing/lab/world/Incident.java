package dev.routing.lab.world;

import dev.routing.journal.event.FocusClosed;
import dev.routing.journal.event.FocusOpened;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import java.util.List;

/**
 * The production pattern (seeds/private-turns.txt, "What happened in production"), woven into a
 * week three times: an operator's private web UI message answered in plain text while a focus held
 * {@code work}; under {@code latest-inbound}, an operator's message answered after a mention in
 * {@code noisy} was answered; and an operator's message injected at a tool boundary of a room's
 * turn. Under 0.30.0 each answer is published in a room nobody named; under today's rules none is.
 */
final class Incident {
    private Incident() {}

    /** Plans the three occurrences on the days the simulation covers (Monday, Wednesday, Thursday, or the last day). */
    static void weave(World world, Calendar calendar, int days) {
        Actor focus = first(world, LocusPolicy.DELIVERY);
        Actor latest = first(world, LocusPolicy.LATEST_INBOUND);
        if (focus == null && latest == null) return;
        long monday = calendar.dayStart(0);
        long wednesday = calendar.dayStart(Math.min(2, days - 1));
        long thursday = calendar.dayStart(Math.min(3, days - 1));
        if (focus != null) {
            focus.keepsFocus = true;
            String room = focus.rooms.get(0);
            focus.plan(monday + 9 * Calendar.HOUR, "incident: focus opens", e ->
                    e.fact(x -> new FocusOpened(x.world.at(), x.agent(), room, null)));
            focus.plan(monday + 10 * Calendar.HOUR + 14 * 60_000 + 3_000, "incident: operator while a focus holds", e ->
                    operatorWhileFocus(e, room));
            focus.plan(monday + 12 * Calendar.HOUR, "incident: focus closes", e ->
                    e.fact(x -> new FocusClosed(x.world.at(), x.agent(), room, null)));
        }
        if (latest != null) {
            latest.keepsFocus = true;
            String room = latest.rooms.get(0);
            latest.plan(wednesday + 15 * Calendar.HOUR + 2 * 60_000, "incident: latest-inbound", e -> afterARoom(e, room));
        }
        Actor boundary = focus != null ? focus : latest;
        boundary.plan(thursday + 11 * Calendar.HOUR + 40 * 60_000, "incident: operator at a boundary", e ->
                atABoundary(e, boundary.rooms.get(0)));
    }

    private static Actor first(World world, LocusPolicy policy) {
        for (Actor a : world.actors()) {
            Mode m = a.who.mode();
            if ((m == Mode.LOCUS || m == Mode.HYBRID) && a.who.policy() == policy && a.who.home() == null) return a;
        }
        return null;
    }

    private static void operatorWhileFocus(Episode e, String room) {
        e.operatorMessage("m", "external-message", "status?", true).pause(200)
                .wake("w", "message", List.of("m"), null).pause(800).start()
                .step(x -> x.world.incidentTurn(x.turn))
                .pause(5_000).round("All green.", List.of())
                .pause(4_000).round("", List.of(Speech.publish(null, "Status for the team: all green, nothing blocking.")))
                .pause(1_000).end();
    }

    private static void afterARoom(Episode e, String room) {
        e.roomMessage("m", room, true, "ping", null, true).pause(100)
                .wake("w", "message", List.of("m"), room).pause(900).start()
                .pause(3_000).round("pong", List.of()).pause(2_000).end()
                .pause(175_000).operatorMessage("o", "external-message", "what did you tell them? the numbers are confidential", true)
                .pause(100).wake("v", "message", List.of("o"), null).pause(900).start()
                .step(x -> x.world.incidentTurn(x.turn))
                .pause(6_000).round("Only pong. Revenue is down 12%, as you said.", List.of()).pause(1_000).end();
    }

    private static void atABoundary(Episode e, String room) {
        e.roomMessage("m", room, true, "can you deploy 4.2 to production?", null, true).pause(100)
                .wake("w", "message", List.of("m"), room).pause(900).start()
                .step(x -> x.world.incidentTurn(x.turn))
                .pause(5_000).round("Deploying 4.2 now.", List.of(Speech.tool("deploy")))
                .pause(20_000).operatorMessage("o", "external-message",
                        "Hold the deploy: legal hasn't signed off on the pricing page. Don't tell the channel why.", false)
                .pause(10_000).boundary(List.of("o"), false)
                .pause(6_000).round("Holding the deploy: legal hasn't signed off on the pricing page yet.", List.of())
                .pause(1_000).end();
    }
}
