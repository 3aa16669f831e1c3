package dev.routing.cli.simulate;

import dev.routing.journal.event.Call;
import dev.routing.journal.event.FocusClosed;
import dev.routing.journal.event.FocusOpened;
import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.ScriptCalled;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * The ordinary traffic of a week, one kind of episode per method: conversations in rooms, operators
 * on private surfaces, sends and drafts, every wake cause (self-wakes, sleeps, scripts, focus and
 * tune-out holds, retries, continuations, budget restarts, retakes, mail and work coming back),
 * tool-list notices, history undos, refused calls, and heartbeats.
 */
final class Episodes {
    /** An ordinary kind, and how often it comes up. */
    enum Kind {
        CONVERSATION(400), FOLLOW_UP(80), AMBIENT(40), GATE(30), SEND(30), DRAFTS(50), OPERATOR(30), OPERATOR_GATE(4),
        OPERATOR_MID_TURN(2), SELF_WAKE(20), SLEEP(10), SCRIPT(20), FOCUS(8), TUNE_OUT(6), RETRY(20), RESEND_AFTER_RETRIES(10),
        AUTO_CONTINUATION(10), CONTINUATION(10), BUDGET_RESTART(10), RETAKE(20), MAIL(20), WORK_RESULT(10), TOOL_LIST(6),
        HISTORY(10), PUBLISH(20), REFUSED(10), CHANNEL_OPEN(10);

        final int weight;

        Kind(int weight) {
            this.weight = weight;
        }
    }

    private static final int TOTAL = java.util.Arrays.stream(Kind.values()).mapToInt(k -> k.weight).sum();

    private Episodes() {}

    /** Whatever comes next for this resident: the week's tour of every kind first, then by weight. */
    static void ordinary(Episode e) {
        Kind kind = e.world.tour(e.actor);
        if (kind == null) kind = pick(e.rnd);
        build(e, kind);
    }

    static Kind pick(Random r) {
        int x = r.nextInt(TOTAL);
        for (Kind k : Kind.values()) {
            x -= k.weight;
            if (x < 0) return k;
        }
        return Kind.CONVERSATION;
    }

    static void build(Episode e, Kind kind) {
        if (e.actor.keepsFocus && (kind == Kind.FOCUS || kind == Kind.TUNE_OUT)) kind = Kind.CONVERSATION;
        // Operators seldom take a latest-inbound resident aside: in production it happened a few times a week.
        if (operator(kind) && e.actor.who.policy() == LocusPolicy.LATEST_INBOUND && e.rnd.nextInt(10) != 0) {
            kind = Kind.CONVERSATION;
        }
        switch (kind) {
            case CONVERSATION -> conversation(e);
            case FOLLOW_UP -> followUp(e);
            case AMBIENT -> ambient(e);
            case GATE -> gate(e);
            case SEND -> send(e);
            case DRAFTS -> drafts(e);
            case OPERATOR -> operator(e);
            case OPERATOR_GATE -> operatorGate(e);
            case OPERATOR_MID_TURN -> operatorMidTurn(e);
            case SELF_WAKE -> armedLater(e, "skip_reply", 2 + e.rnd.nextInt(9), "self-wake");
            case SLEEP -> armedLater(e, "sleep", 15 + e.rnd.nextInt(45), "sleep");
            case SCRIPT -> script(e);
            case FOCUS -> hold(e, "focus", "focus-end");
            case TUNE_OUT -> hold(e, "tune_out", "tune-out-cancel");
            case RETRY -> retry(e, e.rnd.nextBoolean() ? "failure-retry" : "rewind-retry");
            case RESEND_AFTER_RETRIES -> armedLater(e, "web_search", new int[] {2, 8, 32}[e.rnd.nextInt(3)], "resend-after-retries");
            case AUTO_CONTINUATION -> armedNow(e, "auto-continuation", false);
            case CONTINUATION -> armedNow(e, "continuation", true);
            case BUDGET_RESTART -> budgetRestart(e);
            case RETAKE -> retake(e);
            case MAIL -> mail(e);
            case WORK_RESULT -> workResult(e);
            case TOOL_LIST -> toolList(e);
            case HISTORY -> history(e);
            case PUBLISH -> publish(e);
            case REFUSED -> refused(e);
            case CHANNEL_OPEN -> channelOpen(e);
        }
    }

    private static boolean operator(Kind kind) {
        return kind == Kind.OPERATOR || kind == Kind.OPERATOR_GATE || kind == Kind.OPERATOR_MID_TURN || kind == Kind.RETAKE;
    }

    static String room(Episode e) {
        List<String> rooms = e.actor.rooms;
        // The first room is the resident's main one.
        return rooms.get(e.rnd.nextInt(10) < 6 ? 0 : e.rnd.nextInt(rooms.size()));
    }

    /** Someone asks in a room; the resident answers, sometimes after a tool call. */
    static void conversation(Episode e) {
        String room = room(e);
        boolean addressed = e.rnd.nextInt(10) < 7;
        e.roomMessage("m", room, addressed, Words.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start();
        answer(e, room, e.rnd.nextInt(10) < 3);
        e.think(0.5).end();
    }

    /** One or two rounds answering in {@code room}. */
    static void answer(Episode e, String room, boolean withTool) {
        String words = Words.answer(e.rnd);
        String text = Speech.answer(e.actor.who, e.rnd, room, words);
        List<Call> calls = new ArrayList<>(Speech.calls(e.actor.who, room, words));
        if (withTool) calls.add(Speech.tool("web_search"));
        e.think(6).round(text, calls);
        if (withTool) {
            e.think(8).boundary(List.of(), false);
            String more = Words.answer(e.rnd);
            e.think(5).round(Speech.answer(e.actor.who, e.rnd, room, more), Speech.calls(e.actor.who, room, more));
        }
    }

    /** A follow-up arrives while the resident works, and the tool boundary injects it. */
    static void followUp(Episode e) {
        String room = room(e);
        String other = e.actor.rooms.get(e.rnd.nextInt(e.actor.rooms.size()));
        e.roomMessage("m", room, true, Words.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(6).round(Speech.answer(e.actor.who, e.rnd, room, Words.answer(e.rnd)), List.of(Speech.tool("run_tests")))
                .think(5).roomMessage("f", other, e.rnd.nextBoolean(), Words.followUp(e.rnd), null, false)
                .think(5).boundary(List.of("f"), false);
        String words = Words.answer(e.rnd);
        e.think(5).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words)).think(0.5).end();
    }

    /** Chatter nobody addressed to the resident: it stays quiet. */
    static void ambient(Episode e) {
        String room = room(e);
        e.roomMessage("m", room, false, Words.followUp(e.rnd), List.of("ambient"), true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start();
        if (e.rnd.nextBoolean()) e.think(3).round("", List.of(Speech.tool("skip_reply")));
        else e.think(3).round(ep -> "(thinking: nothing to add)", ep -> List.of(), true);
        e.think(0.3).end();
    }

    /** A gate window debounces a burst of room messages into one wake. */
    static void gate(Episode e) {
        String room = room(e);
        int n = 2 + e.rnd.nextInt(3);
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            keys.add("m" + i);
            e.roomMessage("m" + i, room, i == 0, i == 0 ? Words.ask(e.rnd) : Words.followUp(e.rnd), null, false).think(1.5);
        }
        e.think(3).wake("w", "gate-window", keys, room).think(1).start();
        answer(e, room, false);
        e.think(0.5).end();
    }

    /** The resident sends with a tool beside its speech: the speech going where the send went is held. */
    static void send(Episode e) {
        String room = room(e);
        int how = e.rnd.nextInt(4);
        Call send = switch (how) {
            case 0 -> new Call("reply_message", room, null, "See the thread.", null, null, null, null, null);
            case 1 -> new Call("mcpl--discord--send_message", null, null, "Posted the numbers.", null, null, null, null, null);
            default -> Speech.send(room, "Here are the numbers: " + Words.answer(e.rnd));
        };
        e.roomMessage("m", room, true, Words.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(6).round(Words.answer(e.rnd), List.of(send))
                .think(4).boundary(List.of(), false)
                .think(4).round(e.rnd.nextBoolean() ? Words.answer(e.rnd) : "", List.of())
                .think(0.5).end();
    }

    /** The resident tends its drafts: lists them, resends one or two, or dismisses one. */
    static void drafts(Episode e) {
        List<String> held = e.world.host().drafts(e.agent());
        if (held.isEmpty()) {
            conversation(e);
            return;
        }
        String room = room(e);
        e.roomMessage("m", room, true, "did your earlier message go out?", null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(4).round(ep -> "", ep -> List.of(Speech.drafts("list", List.of(), null, false)), false)
                .think(3).boundary(List.of(), false);
        e.think(4).round(ep -> "", ep -> {
            List<String> now = ep.world.host().drafts(ep.agent());
            if (now.isEmpty()) return List.of(Speech.drafts("list", List.of(), null, false));
            int x = ep.rnd.nextInt(10);
            if (x < 2) return List.of(Speech.drafts("dismiss", List.of(now.get(0)), null, false));
            if (x < 3) return List.of(Speech.drafts("read", List.of(now.get(now.size() - 1)), null, false));
            List<String> ids = now.subList(Math.max(0, now.size() - 1 - ep.rnd.nextInt(2)), now.size());
            boolean confirm = ids.stream().anyMatch(ep.world.host()::risky);
            return List.of(Speech.drafts("resend", List.copyOf(ids), room, confirm));
        }, false);
        e.think(0.5).end();
    }

    /** An operator asks from the web UI, a terminal or the API: a private surface. */
    static void operator(Episode e) {
        String kind = e.rnd.nextInt(10) < 7 ? "external-message" : "api:message";
        String room = room(e);
        boolean publishes = e.rnd.nextInt(10) == 0;
        e.operatorMessage("m", kind, Words.operatorAsk(e.rnd), true).think(0.2)
                .wake("w", "message", List.of("m"), null).think(2).start()
                .think(7).round(Words.operatorAnswer(e.rnd), publishes
                        ? List.of(Speech.publish(room, "Summary posted for the team: " + Words.answer(e.rnd))) : List.of())
                .think(0.5).end();
    }

    /** A gate window held an operator's message that nothing stored. */
    static void operatorGate(Episode e) {
        e.wake("w", "gate-window", List.of(), null, null, null, null, true).think(1).start()
                .think(6).round(Words.operatorAnswer(e.rnd), List.of()).think(0.5).end();
    }

    /** An operator writes while the resident answers a room; the next tool boundary injects it (P5). */
    static void operatorMidTurn(Episode e) {
        String room = room(e);
        e.roomMessage("m", room, true, Words.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(6).round(Speech.answer(e.actor.who, e.rnd, room, Words.answer(e.rnd)), List.of(Speech.tool("run_tests")))
                .think(4).operatorMessage("o", "external-message", Words.operatorAsk(e.rnd), false)
                .think(4).boundary(List.of("o"), false)
                .think(5).round(Words.operatorAnswer(e.rnd), List.of()).think(0.5).end();
    }

    /** A turn that arms a wake for later with a tool ({@code skip_reply}'s wake_in_seconds, sleep, a failing call). */
    static void armedLater(Episode e, String tool, int minutes, String cause) {
        String room = room(e);
        e.roomMessage("m", room, true, Words.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(5).round("skip_reply".equals(tool) ? "" : Words.answer(e.rnd), List.of(Speech.tool(tool)))
                .think(0.5).end();
        e.step(ep -> {
            Long armedBy = ep.world.host().recentTurns(ep.agent()).stream().reduce((a, b) -> b).orElse(null);
            ep.actor.plan(ep.world.now() + minutes * 60_000L, cause, later -> armedWake(later, cause, armedBy, room));
        });
    }

    static void armedWake(Episode e, String cause, Long armedBy, String room) {
        e.wake("w", cause, List.of(), null, () -> armedBy, null, null, false).think(1).start();
        String words = Words.answer(e.rnd);
        e.think(6).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words)).think(0.5).end();
    }

    /** A turn whose work wakes it again at once: an auto-continuation (a new turn) or a continuation (the same one). */
    static void armedNow(Episode e, String cause, boolean continues) {
        String room = room(e);
        e.roomMessage("m", room, true, Words.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(6).round(Speech.answer(e.actor.who, e.rnd, room, Words.answer(e.rnd)), Speech.calls(e.actor.who, room, "on it"));
        if (!continues) e.think(0.5).end();
        e.think(1).wake("c", cause, List.of(), null, () -> e.turn != null ? e.turn : last(e), null, null, false)
                .think(1).start(continues, false);
        String words = Words.answer(e.rnd);
        e.think(5).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words)).think(0.5).end();
    }

    private static Long last(Episode e) {
        return e.world.host().recentTurns(e.agent()).stream().reduce((a, b) -> b).orElse(null);
    }

    /** A provider failure or a rewind: the turn is retried by a start that continues it. */
    static void retry(Episode e, String cause) {
        String room = room(e);
        e.roomMessage("m", room, true, Words.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(6).round(Speech.answer(e.actor.who, e.rnd, room, "Checking."), Speech.calls(e.actor.who, room, "Checking."))
                .think(10).wake("r", cause, List.of(), null, () -> e.turn, null, null, false).think(2).start(true, false);
        String words = Words.answer(e.rnd);
        e.think(6).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words)).think(0.5).end();
    }

    /** A budget restart continues the turn alone; the room message that came meanwhile waited on it. */
    static void budgetRestart(Episode e) {
        String room = room(e);
        e.roomMessage("m", room, true, Words.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(6).round(Speech.answer(e.actor.who, e.rnd, room, "Working through the logs."), List.of(Speech.tool("grep_logs")))
                .think(4).roomMessage("n", room, true, Words.followUp(e.rnd), null, false)
                .think(4).start(true, false);
        String words = Words.answer(e.rnd);
        e.think(6).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words));
        long[] restarted = {0};
        e.step(ep -> restarted[0] = ep.turn == null ? 0 : ep.turn).think(0.5).end()
                .think(1).wake("v", "message", List.of("n"), room, null, null, () -> restarted[0] == 0 ? null : restarted[0], false)
                .think(1).start();
        answer(e, room, false);
        e.think(0.5).end();
    }

    /** An operator nudges, unsticks or asks the API for inference: a retake of the resident's history. */
    static void retake(Episode e) {
        String retake = new String[] {"nudge", "unstick", "inference-request"}[e.rnd.nextInt(3)];
        String room = room(e);
        String words = Words.answer(e.rnd);
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
        String room = room(e);
        e.message("m", ep -> ep.world.message(ep.agent(), "agent-mail", null, false, null,
                        "mail from " + from.name() + ": " + Words.work(ep.rnd), "host", last(from, ep), true))
                .think(0.2).wake("w", "message", List.of("m"), null).think(2).start();
        String words = Words.answer(e.rnd);
        e.think(6).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words)).think(0.5).end();
    }

    private static Long last(Actor a, Episode e) {
        return e.world.host().recentTurns(a.name()).stream().reduce((x, y) -> y).orElse(null);
    }

    /** What a spawned agent or a script brings back, for the turn that started it; now and then from a module. */
    static void workResult(Episode e) {
        String writer = e.rnd.nextInt(10) == 0 ? "module" : "host";
        String room = room(e);
        e.message("m", ep -> ep.world.message(ep.agent(), "work-result", null, false, null, Words.work(ep.rnd), writer,
                        last(ep.actor, ep), true))
                .think(0.2).wake("w", "message", List.of("m"), null).think(2).start();
        String words = Words.answer(e.rnd);
        e.think(6).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words)).think(0.5).end();
    }

    /** A script a turn started calls channel_publish, then reports back and wakes the resident. */
    static void script(Episode e) {
        String room = room(e);
        e.roomMessage("m", room, true, "can you run the migration script?", null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(5).round(Speech.answer(e.actor.who, e.rnd, room, "Running it now."), List.of(Speech.tool("run_script")))
                .think(0.5).end();
        boolean names = e.rnd.nextInt(10) < 7;
        e.step(ep -> {
            Long started = last(ep.actor, ep);
            ep.actor.plan(ep.world.now() + (1 + ep.rnd.nextInt(5)) * 60_000L, "script", later -> {
                later.fact(x -> new ScriptCalled(x.world.at(), x.agent(), started == null ? 0L : started, "channel_publish",
                                names ? room : null, null, "Migration finished: " + Words.work(x.rnd)))
                        .think(2)
                        .message("r", x -> x.world.message(x.agent(), "script-report", null, false, null, Words.work(x.rnd),
                                "host", started, true))
                        .think(0.2).wake("w", "script", List.of("r"), null, () -> started, null, null, false).think(1).start();
                String words = Words.answer(later.rnd);
                later.think(5).round(Speech.answer(later.actor.who, later.rnd, room, words), Speech.calls(later.actor.who, room, words))
                        .think(0.5).end();
            });
        });
    }

    /** A focus (or a tune-out with scope all-except) holds every room but one, then ends and wakes the resident. */
    static void hold(Episode e, String tool, String cause) {
        String room = room(e);
        e.roomMessage("m", room, true, "please focus on the release for a bit", null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(4).round(Speech.answer(e.actor.who, e.rnd, room, "Focusing on " + room + "."), List.of(Speech.tool(tool)))
                .think(0.5).fact(ep -> new FocusOpened(ep.world.at(), ep.agent(), room, ep.turn))
                .think(0.5).end();
        int minutes = 20 + e.rnd.nextInt(70);
        e.step(ep -> {
            Long by = last(ep.actor, ep);
            ep.actor.plan(ep.world.now() + minutes * 60_000L, cause, later ->
                    later.fact(x -> new FocusClosed(x.world.at(), x.agent(), room, by)).think(0.5)
                            .wake("w", cause, List.of(), null, () -> by, null, null, false).think(1).start()
                            .think(5).round(Speech.answer(later.actor.who, later.rnd, room, "Back; catching up."),
                                    Speech.calls(later.actor.who, room, "Back; catching up."))
                            .think(0.5).end());
        });
    }

    /** The framework's own tool-list notice, or a module's look-alike (private input by P2). */
    static void toolList(Episode e) {
        String writer = e.rnd.nextInt(4) == 0 ? "module" : "host";
        e.message("n", ep -> ep.world.message(ep.agent(), "tool-list-notice", null, false, null,
                "tools changed: +search_docs, -legacy_deploy", writer, null, false));
    }

    /** The operator undoes the resident's last exchange, and later redoes it. */
    static void history(Episode e) {
        e.step(ep -> {
            List<String> recent = ep.world.recentMessages(ep.agent());
            if (recent.isEmpty()) return;
            List<String> gone = recent.subList(Math.max(0, recent.size() - 1 - ep.rnd.nextInt(2)), recent.size());
            List<String> removed = List.copyOf(gone);
            ep.world.feed(new HistoryChanged(ep.world.at(), ep.agent(), "main", removed, List.of()));
            if (ep.rnd.nextBoolean()) {
                ep.actor.plan(ep.world.now() + (5 + ep.rnd.nextInt(25)) * 60_000L, "redo", later ->
                        later.fact(x -> new HistoryChanged(x.world.at(), x.agent(), "main", List.of(), removed)));
            }
        });
    }

    /** channel_publish from a room's turn: naming its channel, or naming none (its own room, as on 0.30.0). */
    static void publish(Episode e) {
        String room = room(e);
        boolean names = e.rnd.nextBoolean();
        e.roomMessage("m", room, true, "can you post the release notes?", null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(6).round("", List.of(Speech.publish(names ? room : null, "Release notes: " + Words.answer(e.rnd))))
                .think(3).boundary(List.of(), false)
                .think(3).round(Speech.answer(e.actor.who, e.rnd, room, "Posted."), List.of()).think(0.5).end();
    }

    /** Calls the engine refuses: a channel two servers share, an inbound-only one, a tool not permitted, an unknown draft. */
    static void refused(Episode e) {
        String room = room(e);
        Call call = switch (e.rnd.nextInt(5)) {
            case 0 -> Speech.publish(Cast.SHARED, "cross-posting this");
            case 1 -> Speech.publish(Cast.INBOUND_ONLY, "announcing this");
            case 2 -> new Call("send_message", room, null, "hi", null, null, null, false, null);
            case 3 -> Speech.drafts("resend", List.of("d-zzzzzzz"), room, false);
            default -> new Call("channel_open", null, null, null, null, null, null, null, null);
        };
        e.roomMessage("m", room, true, Words.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(6).round(Speech.answer(e.actor.who, e.rnd, room, Words.answer(e.rnd)), List.of(call)).think(0.5).end();
    }

    /** channel_open moves a public turn's locus for its later rounds. */
    static void channelOpen(Episode e) {
        String room = room(e);
        String other = e.actor.rooms.get(e.actor.rooms.size() - 1);
        e.roomMessage("m", room, true, "can you also tell " + other + "?", null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(5).round("Opening " + other + ".", List.of(new Call("channel_open", other, null, null, null, null, null, null, null)))
                .think(3).boundary(List.of(), false);
        String words = Words.answer(e.rnd);
        e.think(5).round(Speech.answer(e.actor.who, e.rnd, other, words), Speech.calls(e.actor.who, other, words)).think(0.5).end();
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
            String words = Words.answer(e.rnd);
            e.think(5).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words))
                    .think(0.5).end();
        };
    }
}
