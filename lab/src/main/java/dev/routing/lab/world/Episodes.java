package dev.routing.lab.world;

import dev.routing.journal.event.Call;
import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.LocusPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The ordinary traffic of a week: its kinds of episode and how often each comes up, and one kind per
 * method: conversations in rooms, operators on private surfaces, sends and drafts, tool-list notices,
 * history undos, publishes, refused calls and channel opens. The kinds a wake begins (self-wakes,
 * sleeps, scripts, focus and tune-out holds, retries, continuations, budget restarts, retakes, mail
 * and work coming back) are {@link Wakes}'.
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
            case SELF_WAKE -> Wakes.armedLater(e, "skip_reply", 2 + e.rnd.nextInt(9), "self-wake");
            case SLEEP -> Wakes.armedLater(e, "sleep", 15 + e.rnd.nextInt(45), "sleep");
            case SCRIPT -> Wakes.script(e);
            case FOCUS -> Wakes.hold(e, "focus", "focus-end");
            case TUNE_OUT -> Wakes.hold(e, "tune_out", "tune-out-cancel");
            case RETRY -> Wakes.retry(e, e.rnd.nextBoolean() ? "failure-retry" : "rewind-retry");
            case RESEND_AFTER_RETRIES -> Wakes.armedLater(e, "web_search", new int[] {2, 8, 32}[e.rnd.nextInt(3)], "resend-after-retries");
            case AUTO_CONTINUATION -> Wakes.armedNow(e, "auto-continuation", false);
            case CONTINUATION -> Wakes.armedNow(e, "continuation", true);
            case BUDGET_RESTART -> Wakes.budgetRestart(e);
            case RETAKE -> Wakes.retake(e);
            case MAIL -> Wakes.mail(e);
            case WORK_RESULT -> Wakes.workResult(e);
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
        e.roomMessage("m", room, addressed, Phrases.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start();
        answer(e, room, e.rnd.nextInt(10) < 3);
        e.think(0.5).end();
    }

    /** One or two rounds answering in {@code room}. */
    static void answer(Episode e, String room, boolean withTool) {
        String words = Phrases.answer(e.rnd);
        String text = Speech.answer(e.actor.who, e.rnd, room, words);
        List<Call> calls = new ArrayList<>(Speech.calls(e.actor.who, room, words));
        if (withTool) calls.add(Speech.tool("web_search"));
        e.think(6).round(text, calls);
        if (withTool) {
            e.think(8).boundary(List.of(), false);
            String more = Phrases.answer(e.rnd);
            e.think(5).round(Speech.answer(e.actor.who, e.rnd, room, more), Speech.calls(e.actor.who, room, more));
        }
    }

    /** A follow-up arrives while the resident works, and the tool boundary injects it. */
    static void followUp(Episode e) {
        String room = room(e);
        String other = e.actor.rooms.get(e.rnd.nextInt(e.actor.rooms.size()));
        e.roomMessage("m", room, true, Phrases.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(6).round(Speech.answer(e.actor.who, e.rnd, room, Phrases.answer(e.rnd)), List.of(Speech.tool("run_tests")))
                .think(5).roomMessage("f", other, e.rnd.nextBoolean(), Phrases.followUp(e.rnd), null, false)
                .think(5).boundary(List.of("f"), false);
        String words = Phrases.answer(e.rnd);
        e.think(5).round(Speech.answer(e.actor.who, e.rnd, room, words), Speech.calls(e.actor.who, room, words)).think(0.5).end();
    }

    /** Chatter nobody addressed to the resident: it stays quiet. */
    static void ambient(Episode e) {
        String room = room(e);
        e.roomMessage("m", room, false, Phrases.followUp(e.rnd), List.of("ambient"), true).think(0.2)
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
            e.roomMessage("m" + i, room, i == 0, i == 0 ? Phrases.ask(e.rnd) : Phrases.followUp(e.rnd), null, false).think(1.5);
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
            default -> Speech.send(room, "Here are the numbers: " + Phrases.answer(e.rnd));
        };
        e.roomMessage("m", room, true, Phrases.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(6).round(Phrases.answer(e.rnd), List.of(send))
                .think(4).boundary(List.of(), false)
                .think(4).round(e.rnd.nextBoolean() ? Phrases.answer(e.rnd) : "", List.of())
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
        e.operatorMessage("m", kind, Phrases.operatorAsk(e.rnd), true).think(0.2)
                .wake("w", "message", List.of("m"), null).think(2).start()
                .think(7).round(Phrases.operatorAnswer(e.rnd), publishes
                        ? List.of(Speech.publish(room, "Summary posted for the team: " + Phrases.answer(e.rnd))) : List.of())
                .think(0.5).end();
    }

    /** A gate window held an operator's message that nothing stored. */
    static void operatorGate(Episode e) {
        e.wake("w", "gate-window", List.of(), null, null, null, null, true).think(1).start()
                .think(6).round(Phrases.operatorAnswer(e.rnd), List.of()).think(0.5).end();
    }

    /** An operator writes while the resident answers a room; the next tool boundary injects it (P5). */
    static void operatorMidTurn(Episode e) {
        String room = room(e);
        e.roomMessage("m", room, true, Phrases.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(6).round(Speech.answer(e.actor.who, e.rnd, room, Phrases.answer(e.rnd)), List.of(Speech.tool("run_tests")))
                .think(4).operatorMessage("o", "external-message", Phrases.operatorAsk(e.rnd), false)
                .think(4).boundary(List.of("o"), false)
                .think(5).round(Phrases.operatorAnswer(e.rnd), List.of()).think(0.5).end();
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
                .think(6).round("", List.of(Speech.publish(names ? room : null, "Release notes: " + Phrases.answer(e.rnd))))
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
        e.roomMessage("m", room, true, Phrases.ask(e.rnd), null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(6).round(Speech.answer(e.actor.who, e.rnd, room, Phrases.answer(e.rnd)), List.of(call)).think(0.5).end();
    }

    /** channel_open moves a public turn's locus for its later rounds. */
    static void channelOpen(Episode e) {
        String room = room(e);
        String other = e.actor.rooms.get(e.actor.rooms.size() - 1);
        e.roomMessage("m", room, true, "can you also tell " + other + "?", null, true).think(0.2)
                .wake("w", "message", List.of("m"), room).think(2).start()
                .think(5).round("Opening " + other + ".", List.of(new Call("channel_open", other, null, null, null, null, null, null, null)))
                .think(3).boundary(List.of(), false);
        String words = Phrases.answer(e.rnd);
        e.think(5).round(Speech.answer(e.actor.who, e.rnd, other, words), Speech.calls(e.actor.who, other, words)).think(0.5).end();
    }
}
