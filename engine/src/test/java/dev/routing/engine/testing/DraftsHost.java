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
 * A host that exercises drafts: each step is a whole turn (a hold beside a send, an explicit-mode
 * bounce, a resend, a dismissal, an {{unsent}} send), or a settle, a restart or a clock jump.
 * Agents {@code lo} (locus), {@code ex} (explicit) and {@code hy} (hybrid) speak in channel
 * {@code work}; envelopes whose delivery fails, hybrid's hold after a bad envelope, a bare
 * {{unsent}} with nothing to send and calls the engine refuses are among the steps.
 */
public final class DraftsHost {
    private final Sink sink;
    private Instant now = Instant.parse("2026-11-02T09:00:00Z");
    private int ids;
    private final Map<String, List<String>> drafts = new HashMap<>();
    private final Deque<Long> out = new ArrayDeque<>();
    private final List<Decision> decisions = new ArrayList<>();

    private DraftsHost(Sink sink) {
        this.sink = sink;
    }

    public static DraftsHost play(Sink sink, List<Action> actions) {
        DraftsHost host = new DraftsHost(sink);
        host.feed(new ChannelRegistered(host.tick(), "work", "discord", "#work", false));
        host.feed(new AgentConfigured(host.tick(), "lo", Mode.LOCUS, LocusPolicy.DELIVERY, null, false, null));
        host.feed(new AgentConfigured(host.tick(), "ex", Mode.EXPLICIT, LocusPolicy.DELIVERY, null, false, null));
        host.feed(new AgentConfigured(host.tick(), "hy", Mode.HYBRID, LocusPolicy.DELIVERY, null, false, null));
        for (Action a : actions) host.act(a);
        return host;
    }

    public List<Decision> decisions() {
        return decisions;
    }

    private void act(Action a) {
        String agent = a.a() % 2 == 0 ? "lo" : "ex";
        switch (a.kind()) {
            case HOLD -> turn(agent, agent.equals("lo")
                    ? new RoundSpoken(now, 0L, 1, "Words " + ids + " $& held.", List.of(Call.of("send_message")), false)
                    : new RoundSpoken(now, 0L, 1, "Words " + ids + " bounced.", List.of(), false));
            case RESEND -> {
                List<String> own = drafts.getOrDefault(agent, List.of());
                if (own.isEmpty()) return;
                List<String> pick = new ArrayList<>();
                for (int i = 0; i <= a.b() % 3 && i < own.size(); i++) pick.add(own.get((a.c() + i * 7) % own.size()));
                turn(agent, new RoundSpoken(now, 0L, 1, "", List.of(new Call("drafts", "work", null, null, "resend",
                        pick, a.c() % 4 == 0, null, null)), false));
            }
            case DISMISS -> {
                List<String> own = drafts.getOrDefault(agent, List.of());
                if (own.isEmpty()) return;
                turn(agent, new RoundSpoken(now, 0L, 1, "", List.of(new Call("drafts", null, null, null, "dismiss",
                        List.of(own.get(a.c() % own.size())), null, null, null)), false));
            }
            case UNSENT -> turn(a.c() % 3 == 0 ? "hy" : "ex", new RoundSpoken(now, 0L, 1, (a.c() % 3 == 0 ? ">" : "")
                    + new String[] {">>#work {{unsent}}", ">>#work Again: {{unsent}}", ">>#nowhere {{unsent}}"}[a.b() % 3],
                    List.of(), false));
            case ENVELOPE -> turn(a.c() % 2 == 0 ? "hy" : "ex", new RoundSpoken(now, 0L, 1, (a.c() % 2 == 0 ? ">>>" : ">>")
                    + "#work Envelope " + ids + ".", List.of(), false));
            case HYBRID_HOLD -> turn("hy", new RoundSpoken(now, 0L, 1, new String[] {">>>#nowhere Lost " + ids + ".",
                    ">>>\nStray " + ids + ".", ">>>#work Sticky " + ids + "."}[a.b() % 3], List.of(), false),
                    new RoundSpoken(now, 0L, 2, HELD_AFTER + ids + ".", List.of(), false));
            case REFUSED_CALL -> turn("lo", new RoundSpoken(now, 0L, 1, "Hello " + ids + ".", List.of(a.b() % 2 == 0
                    ? new Call("drafts", "work", null, null, "resend", List.of("d-aaaaaaa"), null, null, null)
                    : new Call("drafts", null, null, null, "list", List.of("d-aaaaaaa"), null, null, null)), false));
            case SETTLE -> {
                Long attempt = out.poll();
                if (attempt == null) return;
                feed(switch (a.b() % 5) {
                    case 0, 1 -> new PublishSettled(tick(), attempt, true, "x" + attempt, null, null, null);
                    case 2 -> new PublishSettled(tick(), attempt, false, null, null, null, null);
                    case 3 -> new PublishSettled(tick(), attempt, null, null, "no-response", null, null);
                    default -> new PublishSettled(tick(), attempt, null, null, "not-sent", null, null);
                });
            }
            case RESTART -> {
                out.clear();
                observe(sink.restart(tick()));
            }
            case CLOCK_JUMP -> now = now.plusSeconds(new long[] {30, 90, 7200, 86_400, 8 * 86_400}[a.b() % 5]);
            default -> { }
        }
    }

    /** The start of the plain speech a {@link Action.Kind#HYBRID_HOLD} turn writes after its envelope. */
    public static final String HELD_AFTER = "Afterwards ";

    /**
     * A whole turn: a room message, its wake, the start, these rounds (with the turn's id), the end.
     * Between rounds the host settles what is out as the first action's settle would, so an envelope
     * can be undelivered while its turn is still open.
     */
    private void turn(String agent, RoundSpoken... rounds) {
        String m = "m" + (++ids);
        feed(new MessageReceived(tick(), m, agent, "channel-message", "work", "discord", true, null, "go", "host", null, true));
        String w = "w" + (++ids);
        feed(new WakeQueued(tick(), w, agent, "message", List.of(m), "work", null, null, null, null));
        long turn = -1;
        for (Decision d : feed(new TurnStarted(tick(), agent, List.of(w), List.of(m), null, false))) {
            if (d instanceof TurnOpened o) turn = o.turn();
        }
        for (int i = 0; i < rounds.length; i++) {
            if (i > 0) {
                Long attempt = out.pollLast();
                if (attempt != null) feed(new PublishSettled(tick(), attempt, ids % 2 == 0 ? false : null, null,
                        ids % 2 == 0 ? null : "no-response", null, null));
            }
            feed(new RoundSpoken(tick(), turn, rounds[i].round(), rounds[i].text(), rounds[i].calls(), false));
        }
        feed(new TurnEnded(tick(), turn));
    }

    private List<Decision> feed(Fact fact) {
        List<Decision> ds = sink.accept(fact);
        observe(ds);
        return ds;
    }

    private void observe(List<Decision> ds) {
        decisions.addAll(ds);
        for (Decision d : ds) {
            if (d instanceof PublishRequested p) out.add(p.attempt());
            if (d instanceof PublishOutcome o) out.remove(o.attempt());
            if (d instanceof DraftHeld h) drafts.computeIfAbsent(h.agent(), k -> new ArrayList<>()).add(h.draft());
        }
    }

    private Instant tick() {
        now = now.plusSeconds(1);
        return now;
    }
}
