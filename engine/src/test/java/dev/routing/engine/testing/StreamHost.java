package dev.routing.engine.testing;

import dev.routing.journal.event.*;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Plays a stream of {@link Action}s as a host would, reading the engine's answers (turn ids,
 * attempts, drafts). Every wake cause, boundary, retake, history change, restart and mode appears
 * in some stream, and so do the shapes a careless or hostile host sends: wakes that waited on a
 * turn (retakes and heartbeats included), a wake id queued twice, {@code {{unsent}}} with words of
 * its own, scripts of ended turns, of another resident's and of turns never assigned, message ids
 * and turn ids the engine was never told of.
 */
public final class StreamHost {
    public static final String[] AGENTS = {"a0", "a1", "a2"};
    /** The fewest room messages a long history holds (more than any count-bounded record once kept). */
    public static final int LONG_HISTORY = 5_000;
    static final String[] CHANNELS = {"c0", "c1", "c2"};
    static final Mode[] MODES = Mode.values();
    static final String[] ARMED_CAUSES = {"self-wake", "sleep", "bounce", "continuation", "auto-continuation",
        "rewind-retry", "failure-retry", "resend-after-retries", "focus-end", "tune-out-cancel", "script"};
    static final String[] RETAKES = {"nudge", "unstick", "inference-request"};
    /** An agent's tools: every tool (most often), none of the drafts tool, or only drafts and silence (M6, M7). */
    @SuppressWarnings("unchecked")
    static final List<String>[] TOOLS = new List[] {null, null, null, null, null, null,
        List.of("send_message", "mcpl--discord--send_message", "channel_publish", "channel_open", "skip_reply", "shell"),
        List.of("drafts", "skip_reply"), null, null};

    private final Sink sink;
    private Instant now = Instant.parse("2026-11-02T09:00:00Z");
    private int ids;
    private final Map<String, Long> open = new HashMap<>();
    private final Map<String, Integer> rounds = new HashMap<>();
    private final Map<String, List<String>> wakes = new HashMap<>();
    private final Map<String, List<String>> unread = new HashMap<>();
    private final Map<String, List<String>> stored = new HashMap<>();
    private final Map<String, List<String>> removed = new HashMap<>();
    private final Map<String, List<Long>> turns = new HashMap<>();
    private final Map<String, List<String>> drafts = new HashMap<>();
    /** agent -> ids of notices that named drafts, on its branch and taken off it (D7). */
    private final Map<String, List<Long>> noticesShown = new HashMap<>();
    private final Map<String, List<Long>> noticesHidden = new HashMap<>();
    private final Deque<Long> attemptsOut = new ArrayDeque<>();
    private final List<Long> unknown = new ArrayList<>();
    private final List<Fact> facts = new ArrayList<>();
    private final List<Decision> decisions = new ArrayList<>();

    public StreamHost(Sink sink) {
        this.sink = sink;
    }

    public static StreamHost play(Sink sink, List<Action> actions) {
        return play(sink, actions, k -> { });
    }

    /** Plays the actions, telling {@code acted} the number of each once it is played. */
    public static StreamHost play(Sink sink, List<Action> actions, java.util.function.IntConsumer acted) {
        StreamHost host = new StreamHost(sink);
        host.setup();
        for (int k = 0; k < actions.size(); k++) {
            host.act(actions.get(k));
            acted.accept(k);
        }
        return host;
    }

    public List<Fact> facts() {
        return facts;
    }

    public List<Decision> decisions() {
        return decisions;
    }

    private void setup() {
        feed(new ChannelRegistered(tick(), "c0", "discord", "#c0", false));
        feed(new ChannelRegistered(tick(), "c1", "slack", "#c1", false));
        feed(new ChannelRegistered(tick(), "c2", "discord", "#shared", false));
        feed(new ChannelRegistered(tick(), "c2", "slack", "#shared", false));
    }

    void act(Action x) {
        String agent = AGENTS[x.a() % AGENTS.length];
        switch (x.kind()) {
            case CONFIGURE -> feed(new AgentConfigured(tick(), agent, MODES[x.b() % MODES.length],
                    x.c() % 2 == 0 ? LocusPolicy.DELIVERY : LocusPolicy.LATEST_INBOUND, TOOLS[x.b() / 10 % TOOLS.length],
                    x.c() % 7 == 0, x.c() % 11 == 0 ? "c1" : null));
            case CHANNEL_MESSAGE -> channelMessage(agent, x.b(), x.c());
            case OPERATOR_MESSAGE -> operatorMessage(agent, x.b(), x.c());
            case WORK_MESSAGE -> workMessage(agent, x.b(), x.c());
            case WAKE -> wake(agent, x.b(), x.c());
            case START -> start(agent, x.b(), x.c());
            case ROUND -> round(agent, x.b(), x.c());
            case BOUNDARY -> boundary(agent, x.b(), x.c());
            case END -> end(agent);
            case SETTLE -> settle(x.b());
            case SCRIPT -> script(agent, x.b(), x.c());
            case FOCUS -> feed(x.b() % 2 == 0 ? new FocusOpened(tick(), agent, CHANNELS[x.c() % 2], open.get(agent))
                    : new FocusClosed(tick(), agent, null, open.get(agent)));
            case HISTORY -> history(agent, x.b());
            case RESTART -> restart();
            case CLOCK_JUMP -> now = x.b() % 7 == 6 ? lastSecondOfDay(now)
                    : now.plusSeconds(new long[] {30, 90, 7200, 86_400, 8 * 86_400, 31 * 86_400}[x.b() % 7]);
            case REQUEUE -> requeue(agent, x.b(), x.c());
            case STRAY -> stray(agent, x.b(), x.c());
            case LONG_HISTORY -> longHistory(agent, x.b());
            case HOLD, RESEND, DISMISS, UNSENT -> { }
        }
    }

    private void channelMessage(String agent, int b, int c) {
        String channel = CHANNELS[b % CHANNELS.length];
        List<String> tags = c % 5 == 0 ? List.of("ambient") : c % 7 == 0 ? List.of("system") : null;
        String id = message(agent, "channel-message", channel, b % 2 == 0, tags, "host", null, c % 3 != 0);
        if (c % 3 != 0) queue(agent, "message", channel, List.of(id), null, null, null, false);
    }

    private void operatorMessage(String agent, int b, int c) {
        String kind = new String[] {"external-message", "api:message", "external-message", "tool-list-notice",
            "tool-list-notice"}[b % 5];
        String channel = b % 5 == 2 ? "  " : null;
        String writer = b % 5 == 3 ? "module" : "host";
        if (c % 4 == 0) {
            // A gate window's wake for a message nothing stores (P6).
            queue(agent, "gate-window", null, List.of(), null, null, null, true);
            return;
        }
        boolean wakes = c % 3 != 0;
        String id = message(agent, kind, channel, false, null, writer, null, wakes);
        if (wakes) queue(agent, "message", null, List.of(id), null, null, null, false);
    }

    private void workMessage(String agent, int b, int c) {
        String kind = new String[] {"script-report", "work-result", "agent-mail"}[b % 3];
        Long from = pickTurn(agent, c);
        String writer = c % 4 == 0 ? "module" : "host";
        String id = message(agent, kind, null, false, null, writer, from, true);
        queue(agent, "script", null, List.of(id), from, null, null, false);
    }

    private void wake(String agent, int b, int c) {
        Long turn = pickTurn(agent, c);
        // A wake that waited behind a turn's continuation, as any kind of wake may (P15).
        Long waited = c % 3 == 0 ? pickTurn(agent, c / 3) : null;
        switch (b % 4) {
            case 0 -> queue(agent, ARMED_CAUSES[c % ARMED_CAUSES.length], null, List.of(), turn, null, null, false);
            case 1 -> queue(agent, "retake", null, List.of(), null, RETAKES[c % RETAKES.length], waited, false);
            case 2 -> queue(agent, "heartbeat", null, List.of(), null, null, waited, false);
            default -> {
                List<String> waiting = new ArrayList<>(unread.getOrDefault(agent, List.of()));
                // A gate window's wake flushed after a start already read its message (C4).
                List<String> read = new ArrayList<>(stored.getOrDefault(agent, List.of()));
                read.removeAll(waiting);
                if (c % 4 == 0 && !read.isEmpty()) waiting = List.of(read.get(c % read.size()));
                String channel = waiting.isEmpty() ? null : CHANNELS[c % CHANNELS.length];
                queue(agent, c % 4 == 0 ? "gate-window" : "message", channel, waiting, null, null, turn, false);
            }
        }
    }

    private void start(String agent, int b, int c) {
        start(agent, b, c, List.of(), List.of());
    }

    private void start(String agent, int b, int c, List<String> strayReads, List<String> strayWakes) {
        List<String> batch = new ArrayList<>(wakes.getOrDefault(agent, List.of()));
        batch.addAll(strayWakes);
        List<String> reads = new ArrayList<>(unread.getOrDefault(agent, List.of()));
        reads.addAll(strayReads);
        Long current = open.get(agent);
        boolean continues = current != null && b % 3 != 0;
        // A start that continues a turn that has ended (a retry of it, or a restart's): P8.
        Long past = !continues && b % 5 == 4 ? pickTurn(c % 7 == 0 ? AGENTS[(agentIndex(agent) + 1) % AGENTS.length] : agent, c)
                : null;
        boolean silent = c % 6 == 0;
        if (current != null && !continues) end(agent);
        if (!continues && past == null && batch.isEmpty()) return;
        wakes.remove(agent);
        unread.remove(agent);
        List<Decision> ds = feed(new TurnStarted(tick(), agent, batch, reads, continues ? current : past, silent));
        for (Decision d : ds) {
            if (d instanceof TurnOpened o) {
                open.put(agent, o.turn());
                rounds.put(agent, 0);
                turns.computeIfAbsent(agent, k -> new ArrayList<>()).add(o.turn());
            }
        }
    }

    private void round(String agent, int b, int c) {
        Long turn = open.get(agent);
        if (turn == null) return;
        String text = new String[] {"All green.", "Line one.\n\nLine two.", ">>#c0 Deploy done.", ">>>#c1 Shipped.",
            ">>>skip_reply hush", ">>#c0 {{unsent}}", "", ">>> ", ">>#nowhere lost words",
            "Plain then\n>>#c0 named\n>>>#c1 too", ">>#c0 FYI: {{unsent}}", ">>>#c1 Between us: {{unsent}}",
            ">>>\nno target", ">>>#nowhere {{unsent}} and more"}[b % 14];
        List<String> own = drafts.getOrDefault(agent, List.of());
        String latest = own.isEmpty() ? "d-aaaaaaa" : own.get(own.size() - 1);
        boolean permitted = c % 17 != 16;
        Call call = switch (c % 10) {
            case 1 -> new Call("send_message", "c0", null, "sent", null, null, null, permitted, null);
            case 2 -> new Call("mcpl--discord--send_message", null, null, "sent", null, null, null, permitted, null);
            case 3 -> new Call("channel_publish", null, null, "published", null, null, null, permitted, null);
            case 4 -> new Call("channel_publish", "c0", null, "published", null, null, null, permitted, null);
            case 5 -> new Call("channel_publish", "c2", null, "shared", null, null, null, permitted, null);
            case 6 -> new Call("drafts", "c0", null, null, "resend", List.of(latest), c % 3 == 0, permitted, null);
            case 7 -> new Call("drafts", null, null, null, c % 2 == 0 ? "list" : "dismiss", List.of(latest), null, permitted, null);
            case 8 -> new Call("skip_reply", null, null, null, null, null, null, permitted, null);
            case 9 -> new Call("channel_open", "c1", null, null, null, null, null, permitted, null);
            default -> null;
        };
        int round = rounds.merge(agent, 1, Integer::sum);
        feed(new RoundSpoken(tick(), turn, round, text, call == null ? List.of() : List.of(call), (b + c) % 13 == 0));
    }

    private void boundary(String agent, int b, int c) {
        boundary(agent, b, c, List.of());
    }

    private void boundary(String agent, int b, int c, List<String> stray) {
        Long turn = open.get(agent);
        if (turn == null) return;
        List<String> injected = new ArrayList<>(stray);
        List<String> waiting = unread.getOrDefault(agent, new ArrayList<>());
        if (b % 2 == 0) {
            while (!waiting.isEmpty() && injected.size() < 2) injected.add(waiting.remove(0));
        }
        boolean ends = c % 5 == 0;
        feed(new ToolBoundary(tick(), turn, injected, ends));
        if (ends) end(agent);
    }

    private void end(String agent) {
        Long turn = open.remove(agent);
        if (turn != null) feed(new TurnEnded(tick(), turn));
    }

    private void settle(int b) {
        Long attempt = b % 7 == 6 && !unknown.isEmpty() ? unknown.remove(0) : attemptsOut.poll();
        if (attempt == null) return;
        PublishSettled settled = switch (b % 6) {
            case 0, 1 -> new PublishSettled(tick(), attempt, true, "x" + attempt, null, null, null);
            case 2 -> new PublishSettled(tick(), attempt, false, null, null, null, null);
            case 3 -> new PublishSettled(tick(), attempt, null, null, "not-sent", "refused", null);
            case 4 -> new PublishSettled(tick(), attempt, null, null, "no-response", "timed out", null);
            default -> new PublishSettled(tick(), attempt, null, null, "error-response", "x".repeat(2500), null);
        };
        feed(settled);
    }

    /** A script's call: of the agent's own turn (open or ended), of another resident's, or of a turn never assigned. */
    private void script(String agent, int b, int c) {
        Long turn = switch (c % 5) {
            case 3 -> pickTurn(AGENTS[(agentIndex(agent) + 1 + b % 2) % AGENTS.length], c / 5);
            case 4 -> unassigned(c);
            default -> pickTurn(agent, c);
        };
        if (turn == null) return;
        feed(new ScriptCalled(tick(), agent, turn, "channel_publish", b % 2 == 0 ? null : "c0", null, "from a script"));
    }

    /** The same wake id queued again with other marks: a gate window's private mark, another turn's, or none (P16). */
    private void requeue(String agent, int b, int c) {
        List<String> pending = wakes.getOrDefault(agent, List.of());
        if (pending.isEmpty()) return;
        String id = pending.get(b % pending.size());
        WakeQueued again = switch (c % 3) {
            case 0 -> new WakeQueued(tick(), id, agent, "gate-window", List.of(), null, null, null, null, true);
            case 1 -> new WakeQueued(tick(), id, agent, "self-wake", List.of(), null, pickTurn(agent, c), null, null, false);
            default -> new WakeQueued(tick(), id, agent, "heartbeat", List.of(), CHANNELS[b % CHANNELS.length], null, null,
                    null, false);
        };
        feed(again);
    }

    /**
     * Input the engine was never told of, or cannot tell apart: a message id a start reads, a
     * boundary injects, a wake names or a redo puts back, a turn id never assigned, or an id stored
     * again for another message.
     */
    private void stray(String agent, int b, int c) {
        String unknown = "m-stray-" + (++ids);
        switch (b % 7) {
            // A start that reads a message id, or lists a wake id, the engine was never told of.
            case 0 -> start(agent, c, c, c % 2 == 0 ? List.of(unknown) : List.of(),
                    c % 2 == 0 ? List.of() : List.of("w-stray-" + ids));
            case 1 -> boundary(agent, 0, 1, List.of(unknown));
            case 2 -> queue(agent, c % 2 == 0 ? "self-wake" : "message", null, List.of(), c % 2 == 0 ? unassigned(c) : null,
                    null, c % 2 == 0 ? null : unassigned(c), false);
            case 3 -> {
                String id = message(agent, "script-report", null, false, null, "host", unassigned(c), true);
                queue(agent, "script", null, List.of(id), null, null, null, false);
            }
            case 4 -> queue(agent, "message", null, List.of(unknown), null, null, null, false);
            case 5 -> feed(new HistoryChanged(tick(), agent, "main", List.of(), List.of(unknown)));
            default -> {
                // a channel message under an id already stored for the agent, private or not
                List<String> known = stored.getOrDefault(agent, List.of());
                if (known.isEmpty()) return;
                String id = known.get(c % known.size());
                feed(new MessageReceived(tick(), id, agent, "channel-message", CHANNELS[c % CHANNELS.length], "discord",
                        true, null, "again " + id, "host", null, false));
            }
        }
    }

    /**
     * Thousands of room messages in the agent's channels, in batches of 50 each woken for, read and
     * answered in a turn of its own: the history of a busy public agent.
     */
    private void longHistory(String agent, int b) {
        int count = LONG_HISTORY + 20 * b;
        for (int i = 0; i < count; i++) {
            String channel = CHANNELS[i % 2];
            String id = message(agent, "channel-message", channel, i % 3 == 0, null, "host", null, true);
            if (i % 50 != 49 && i != count - 1) continue;
            end(agent);
            queue(agent, "message", channel, List.of(id), null, null, null, false);
            start(agent, 0, 1);
            Long turn = open.get(agent);
            if (turn == null) continue;
            feed(new RoundSpoken(tick(), turn, rounds.merge(agent, 1, Integer::sum), "pong " + i, List.of(), false));
            end(agent);
        }
    }

    /** A turn id above every one the engine has given out so far. */
    private long unassigned(int c) {
        long highest = turns.values().stream().flatMap(List::stream).mapToLong(Long::longValue).max().orElse(0);
        return highest + 1 + c % 4;
    }

    private static int agentIndex(String agent) {
        return List.of(AGENTS).indexOf(agent);
    }

    private void history(String agent, int b) {
        List<String> gone = removed.computeIfAbsent(agent, k -> new ArrayList<>());
        List<String> here = stored.getOrDefault(agent, new ArrayList<>());
        List<String> off = List.of();
        List<String> on = List.of();
        if (b % 3 == 0 && !gone.isEmpty()) {
            String id = gone.remove(0);
            here.add(id);
            on = List.of(id);
        } else if (!here.isEmpty()) {
            String id = here.remove(b % here.size());
            gone.add(id);
            off = List.of(id);
        }
        // D7: the notices that named drafts go with the messages, and come back; now and then an id never given
        List<Long> shown = noticesShown.computeIfAbsent(agent, k -> new ArrayList<>());
        List<Long> hidden = noticesHidden.computeIfAbsent(agent, k -> new ArrayList<>());
        List<Long> noticesOff = List.of();
        List<Long> noticesOn = List.of();
        if (b % 5 == 1 && !shown.isEmpty()) {
            Long n = shown.remove(b % shown.size());
            hidden.add(n);
            noticesOff = List.of(n);
        } else if (b % 5 == 2 && !hidden.isEmpty()) {
            Long n = hidden.remove(0);
            shown.add(n);
            noticesOn = List.of(n);
        } else if (b % 23 == 22) {
            noticesOff = List.of(1_000_000_000L + b);
        }
        if (off.isEmpty() && on.isEmpty() && noticesOff.isEmpty() && noticesOn.isEmpty()) return;
        feed(new HistoryChanged(tick(), agent, "main", off, on, noticesOff, noticesOn));
    }

    private void restart() {
        open.clear();
        attemptsOut.clear();
        observe(sink.restart(tick()));
    }

    private Long pickTurn(String agent, int c) {
        List<Long> known = turns.getOrDefault(agent, List.of());
        if (known.isEmpty()) return c % 2 == 0 ? 0L : null;
        return known.get(c % known.size());
    }

    private String message(String agent, String kind, String channel, boolean addressed, List<String> tags,
            String writer, Long fromTurn, boolean wakes) {
        String id = "m" + (++ids);
        feed(new MessageReceived(tick(), id, agent, kind, channel, channel == null ? null : "discord", addressed, tags,
                "words " + id, writer, fromTurn, wakes));
        unread.computeIfAbsent(agent, k -> new ArrayList<>()).add(id);
        stored.computeIfAbsent(agent, k -> new ArrayList<>()).add(id);
        return id;
    }

    private void queue(String agent, String cause, String channel, List<String> messages, Long armedBy, String retake,
            Long waitedOn, boolean privateSurface) {
        String id = "w" + (++ids);
        feed(new WakeQueued(tick(), id, agent, cause, messages, channel, armedBy, retake, waitedOn, privateSurface));
        wakes.computeIfAbsent(agent, k -> new ArrayList<>()).add(id);
    }

    private List<Decision> feed(Fact fact) {
        facts.add(fact);
        List<Decision> ds = sink.accept(fact);
        observe(ds);
        return ds;
    }

    private void observe(List<Decision> ds) {
        decisions.addAll(ds);
        for (Decision d : ds) {
            if (d instanceof PublishRequested p) attemptsOut.add(p.attempt());
            else if (d instanceof PublishOutcome o && "unknown".equals(o.outcome())) {
                attemptsOut.remove(o.attempt());
                unknown.add(o.attempt());
            } else if (d instanceof DraftHeld h) drafts.computeIfAbsent(h.agent(), k -> new ArrayList<>()).add(h.draft());
            else if (d instanceof NoticeIssued n && n.notice() != null && !n.names().drafts().isEmpty()) {
                noticesShown.computeIfAbsent(n.agent(), k -> new ArrayList<>()).add(n.notice());
            }
        }
    }

    /** The last second of the UTC day: the next fact is the first of a new day (retention's sweep, a ledger's new day). */
    private static Instant lastSecondOfDay(Instant t) {
        return Instant.ofEpochSecond((Math.floorDiv(t.getEpochSecond(), 86_400) + 1) * 86_400 - 1);
    }

    private Instant tick() {
        now = now.plusSeconds(1 + (ids % 3));
        return now;
    }
}
