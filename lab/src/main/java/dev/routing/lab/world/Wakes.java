package dev.routing.lab.world;

import dev.routing.journal.event.FocusClosed;
import dev.routing.journal.event.FocusOpened;
import dev.routing.journal.event.ScriptCalled;
import java.util.List;
import java.util.function.Consumer;

/**
 * The episodes a wake begins, one cause per method: a wake the turn armed for later (a self-wake, a
 * sleep, a failing call's retries), one it armed for now (a continuation, an auto-continuation),
 * retries, budget restarts, retakes, mail and work coming back, a script's report, the end of a focus
 * or a tune-out, a heartbeat, and the wakes the engine's notices ask for (a bounce, a continuation).
 */
final class Wakes {
    private Wakes() {}

    /** A turn that arms a wake for later with a tool ({@code skip_reply}'s wake_in_seconds, sleep, a failing call). */
    static void armedLater(Episode e, String tool, int minutes, String cause) {
        String room = Episodes.room(e);
        e.roomMessage("m", room, true, Phrases.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(5).round("skip_reply".equals(tool) ? "" : Phrases.answer(e.rnd), List.of(Speech.tool(tool)))
                .think(0.5).end();
        e.step(ep -> {
            Long armedBy = ep.world.host().lastTurn(ep.agent());
            ep.actor.plan(ep.world.now() + minutes * 60_000L, cause, later -> armedWake(later, cause, armedBy, room));
        });
    }

    static void armedWake(Episode e, String cause, Long armedBy, String room) {
        e.wake("w", cause, List.of(), null, () -> armedBy, null, null, false).think(1).start();
        String words = Phrases.answer(e.rnd);
        e.think(6).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words)).think(0.5).end();
    }

    /** A turn whose work wakes it again at once: an auto-continuation (a new turn) or a continuation (the same one). */
    static void armedNow(Episode e, String cause, boolean continues) {
        String room = Episodes.room(e);
        e.roomMessage("m", room, true, Phrases.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(6).round(Speech.answer(e.actor.who, e.rnd, room, Phrases.answer(e.rnd)), Speech.calls(e.actor.who, room, "on it"));
        if (!continues) e.think(0.5).end();
        e.think(1).wake("c", cause, List.of(), null, () -> e.turn != null ? e.turn : e.world.host().lastTurn(e.agent()), null, null, false)
                .think(1).start(continues, false);
        String words = Phrases.answer(e.rnd);
        e.think(5).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words)).think(0.5).end();
    }

    /** A provider failure or a rewind: the turn is retried by a start that continues it. */
    static void retry(Episode e, String cause) {
        String room = Episodes.room(e);
        e.roomMessage("m", room, true, Phrases.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(6).round(Speech.answer(e.actor.who, e.rnd, room, "Checking."), Speech.calls(e.actor.who, room, "Checking."))
                .think(10).wake("r", cause, List.of(), null, () -> e.turn, null, null, false).think(2).start(true, false);
        String words = Phrases.answer(e.rnd);
        e.think(6).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words)).think(0.5).end();
    }

    /** A budget restart continues the turn alone; the room message that came meanwhile waited on it. */
    static void budgetRestart(Episode e) {
        String room = Episodes.room(e);
        e.roomMessage("m", room, true, Phrases.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(6).round(Speech.answer(e.actor.who, e.rnd, room, "Working through the logs."), List.of(Speech.tool("grep_logs")))
                .think(4).roomMessage("n", room, true, Phrases.followUp(e.rnd), null, false)
                .think(4).start(true, false);
        String words = Phrases.answer(e.rnd);
        e.think(6).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words));
        long[] restarted = {0};
        e.step(ep -> restarted[0] = ep.turn == null ? 0 : ep.turn).think(0.5).end()
                .think(1).wake("v", "message", List.of("n"), room, null, null, () -> restarted[0] == 0 ? null : restarted[0], false)
                .think(1).start();
        Episodes.answer(e, room, false);
        e.think(0.5).end();
    }

    /** An operator nudges, unsticks or asks the API for inference: a retake of the resident's history. */
    static void retake(Episode e) {
        String retake = new String[] {"nudge", "unstick", "inference-request"}[e.rnd.nextInt(3)];
        String room = Episodes.room(e);
        String words = Phrases.answer(e.rnd);
        e.wake("w", "retake", List.of(), null, null, retake, null, false).think(1).start()
                .think(6).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words))
                .think(0.5).end();
    }

    /** Another resident's mail, marked with the turn whose work it is. */
    static void mail(Episode e) {
        List<Actor> others = e.world.actors().stream().filter(a -> a != e.actor).toList();
        if (others.isEmpty()) {
            workResult(e);
            return;
        }
        Actor from = others.get(e.rnd.nextInt(others.size()));
        String room = Episodes.room(e);
        e.message("m", ep -> ep.world.message(ep.agent(), "agent-mail", null, false, null,
                        "mail from " + from.name() + ": " + Phrases.work(ep.rnd), "host", ep.world.host().lastTurn(from.name()), true))
                .think(0.2).wake("w", "message", List.of("m"), null).think(2).start();
        String words = Phrases.answer(e.rnd);
        e.think(6).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words)).think(0.5).end();
    }

    /** What a spawned agent or a script brings back, for the turn that started it; now and then from a module. */
    static void workResult(Episode e) {
        String writer = e.rnd.nextInt(10) == 0 ? "module" : "host";
        String room = Episodes.room(e);
        e.message("m", ep -> ep.world.message(ep.agent(), "work-result", null, false, null, Phrases.work(ep.rnd), writer,
                        ep.world.host().lastTurn(ep.agent()), true))
                .think(0.2).wake("w", "message", List.of("m"), null).think(2).start();
        String words = Phrases.answer(e.rnd);
        e.think(6).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words)).think(0.5).end();
    }

    /** A script a turn started calls channel_publish, then reports back and wakes the resident. */
    static void script(Episode e) {
        String room = Episodes.room(e);
        e.roomMessage("m", room, true, "can you run the migration script?", null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(5).round(Speech.answer(e.actor.who, e.rnd, room, "Running it now."), List.of(Speech.tool("run_script")))
                .think(0.5).end();
        boolean names = e.rnd.nextInt(10) < 7;
        e.step(ep -> {
            Long started = ep.world.host().lastTurn(ep.agent());
            ep.actor.plan(ep.world.now() + (1 + ep.rnd.nextInt(5)) * 60_000L, "script", later -> {
                later.fact(x -> new ScriptCalled(x.world.at(), x.agent(), started == null ? 0L : started, "channel_publish",
                                names ? room : null, null, "Migration finished: " + Phrases.work(x.rnd)))
                        .think(2)
                        .message("r", x -> x.world.message(x.agent(), "script-report", null, false, null, Phrases.work(x.rnd),
                                "host", started, true))
                        .think(0.2).wake("w", "script", List.of("r"), null, () -> started, null, null, false).think(1).start();
                String words = Phrases.answer(later.rnd);
                later.think(5).round(Speech.answer(later.actor.who, later.rnd, room, words), Speech.calls(later.actor.who, room, words))
                        .think(0.5).end();
            });
        });
    }

    /** A focus (or a tune-out with scope all-except) holds every room but one, then ends and wakes the resident. */
    static void hold(Episode e, String tool, String cause) {
        String room = Episodes.room(e);
        e.roomMessage("m", room, true, "please focus on the release for a bit", null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(4).round(Speech.answer(e.actor.who, e.rnd, room, "Focusing on " + room + "."), List.of(Speech.tool(tool)))
                .think(0.5).fact(ep -> new FocusOpened(ep.world.at(), ep.agent(), room, ep.turn))
                .think(0.5).end();
        int minutes = 20 + e.rnd.nextInt(70);
        e.step(ep -> {
            Long by = ep.world.host().lastTurn(ep.agent());
            ep.actor.plan(ep.world.now() + minutes * 60_000L, cause, later ->
                    later.fact(x -> new FocusClosed(x.world.at(), x.agent(), room, by)).think(0.5)
                            .wake("w", cause, List.of(), null, () -> by, null, null, false).think(1).start()
                            .think(5).round(Speech.answer(later.actor.who, later.rnd, room, "Back; catching up."),
                                    Speech.calls(later.actor.who, room, "Back; catching up."))
                            .think(0.5).end());
        });
    }

    /** A heartbeat tick: mostly silent; now and then a word with nowhere to go (held as a draft). */
    static void heartbeat(Episode e) {
        boolean silent = e.rnd.nextInt(10) < 8;
        e.wake("w", "heartbeat", List.of(), null).think(0.5).start(false, silent);
        if (!silent) e.think(3).round("Heartbeat: queues normal, nothing to report.", List.of());
        e.think(0.3).end();
    }

    /** The engine's bounce asked the host to wake the resident: it resends the bounced words where it means them. */
    static Consumer<Episode> bounceWake(long turn) {
        return e -> {
            String room = e.actor.rooms.get(0);
            e.wake("w", "bounce", List.of(), null, () -> turn, null, null, false).think(1).start();
            int x = e.rnd.nextInt(3);
            if (x == 0) e.think(4).round(">>skip_reply {{unsent}}", List.of());
            else e.think(4).round(">>#" + room + " {{unsent}}", List.of());
            e.think(0.5).end();
        };
    }

    /** A continuation the resident asked for with {@code !}. */
    static Consumer<Episode> continuation(long turn) {
        return e -> {
            String room = e.actor.rooms.get(0);
            e.wake("w", "continuation", List.of(), null, () -> turn, null, null, false).think(1).start();
            String words = Phrases.answer(e.rnd);
            e.think(5).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words))
                    .think(0.5).end();
        };
    }
}
