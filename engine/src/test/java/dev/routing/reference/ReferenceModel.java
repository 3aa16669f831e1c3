package dev.routing.reference;

import dev.routing.journal.event.*;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A deliberately naive model of which turns must be private and what a private turn may publish,
 * written from RULES P1-P10, P12, P13, P15, P16 and M6's "a call the agent was not permitted to
 * make counts for nothing" (the agent's tools, for the tools the engine carries out) alone, and the
 * retention docs/privacy.md states
 * (a public message read is known for 30 UTC days after the day it was read). It shares no code
 * with the engine or its projections (ReferenceModelIsIndependentTest checks the imports): it reads
 * the wire's records, keeps everything it is told for ever, and re-derives every answer by looking,
 * with no caps, no indexes and no reasons. Where it and the engine disagree, one of them misreads
 * the rules.
 *
 * <p>{@link #step} takes one fact and the decisions the engine answered it with; it returns null
 * when they agree with the model, or what differs.
 */
public final class ReferenceModel {
    private static final Set<String> NOT_A_SURFACE = Set.of("agent-mail", "work-result", "script-report", "module-event");
    /** The tools the engine itself carries out (PROTOCOL: it answers them); the host answers for its own. */
    private static final Set<String> ENGINE_TOOLS = Set.of("drafts", "channel_publish", "channel_open");

    /** A stored message: a surface's, or work of a turn (null: neither). */
    /** {@code unclassified}: the model cannot tell what the id holds (P2): put back unknown, or stored again over private input. */
    private record Msg(boolean surface, Long work, boolean unclassified) {}

    private static final class T {
        final long id;
        final String agent;
        boolean isPrivate;
        boolean open = true;
        boolean silent;
        boolean streamBegun;
        Set<String> markAtStart = new HashSet<>();
        /** The tools the agent was configured with when the turn opened (null: every tool). */
        final List<String> tools;

        T(long id, String agent, boolean isPrivate, List<String> tools) {
            this.id = id;
            this.agent = agent;
            this.isPrivate = isPrivate;
            this.tools = tools;
        }
    }

    /** channel id -> its labels. */
    private final Map<String, Set<String>> labels = new HashMap<>();
    /** agent + id -> the message as stored. */
    private final Map<String, Msg> messages = new HashMap<>();
    /** agent + id -> on the agent's current branch (P9). */
    private final Map<String, Boolean> onBranch = new HashMap<>();
    /** agent+id -> the turn whose start or live boundary first read the message (P15). */
    private final Map<String, Long> readIn = new HashMap<>();
    /** agent + wake id -> every copy queued and not yet taken (P16). */
    private final Map<String, List<WakeQueued>> queued = new HashMap<>();
    private final Map<Long, T> turns = new HashMap<>();
    private final Set<Long> privateTurns = new HashSet<>();
    /** agent -> private input stored that no start that can publish has answered (P7). */
    private final Map<String, Set<String>> mark = new HashMap<>();
    /** agent + id -> the UTC day a public message was first read, once read (it is known as public for 30 days after). */
    private final Map<String, Long> readOnDay = new HashMap<>();
    /** The newest fact's time so far, in epoch millis. */
    private long clock;
    /** agent -> the tools it was last configured with (absent or null: every tool). */
    private final Map<String, List<String>> tools = new HashMap<>();
    /** attempt -> whether the turn that requested it was private then. */
    private final Map<Long, Boolean> attemptByPrivateTurn = new HashMap<>();
    private long nextTurn = 1;

    private static String key(String agent, String id) {
        return agent + "\u0000" + id;
    }

    private static boolean names(String channel) {
        return channel != null && !channel.isBlank();
    }

    // ---- the rules -------------------------------------------------------------------------------

    /** P2, P10: a turn that is private, or that the model cannot place (0, never given out), counts as private. */
    private boolean privateTurn(long turn) {
        return turn <= 0 || turn >= nextTurn || privateTurns.contains(turn);
    }

    /** P1, P2: a surface's message names no channel, unless it is work (judged by its turn) or the host's own notice. */
    private static boolean surface(MessageReceived m) {
        if (names(m.channel())) return false;
        if (NOT_A_SURFACE.contains(m.kind())) return false;
        if (m.kind().equals("tool-list-notice")) return !m.writer().equals("host");
        return true;
    }

    /** P3: private input now: a surface's message, or work of a turn that is private as it stands now. */
    private boolean privateInput(Msg m) {
        return m.surface() || m.unclassified() || (m.work() != null && privateTurn(m.work()));
    }

    /** The message stored under the id, or null when none was, or it is a public message read more than 30 days ago. */
    private Msg message(String agent, String id) {
        Long read = readOnDay.get(key(agent, id));
        if (read != null && Math.floorDiv(clock, 86_400_000L) - read > 30) return null;
        return messages.get(key(agent, id));
    }

    /** A start or boundary takes the message in: a public one is known as read on this day, once. */
    private void read(String agent, String id) {
        Msg m = messages.get(key(agent, id));
        if (m == null || m.surface() || m.work() != null || m.unclassified()) return;
        readOnDay.putIfAbsent(key(agent, id), Math.floorDiv(clock, 86_400_000L));
    }

    /** P2, P3, P15: taking the message in cannot be shown public: unknown, private input, or read by a turn private now. */
    private boolean cannotBePublic(String agent, String id) {
        Msg m = message(agent, id);
        if (m == null || privateInput(m)) return true;
        Long by = readIn.get(key(agent, id));
        return by != null && privateTurn(by);
    }

    /** P9: the agent's stored history on its branch holds private input now. */
    private boolean historyHoldsPrivateInput(String agent) {
        for (Map.Entry<String, Msg> e : messages.entrySet()) {
            if (e.getKey().startsWith(agent + "\u0000") && onBranch.get(e.getKey()) && privateInput(e.getValue())) return true;
        }
        return false;
    }

    /** P6-P9, P15, P16: whether a start must be private. */
    private boolean mustBePrivate(TurnStarted s, List<WakeQueued> batch) {
        if (s.continues() != null && privateTurn(s.continues())) return true;
        for (WakeQueued w : batch) {
            if (w.privateSurface()) return true;
            if (w.armedBy() != null && privateTurn(w.armedBy())) return true;
            if (w.waitedOn() != null && privateTurn(w.waitedOn())) return true;
            if (w.retake() != null && historyHoldsPrivateInput(s.agent())) return true;
            for (String id : w.messages()) {
                if (cannotBePublic(s.agent(), id)) return true;
            }
        }
        for (String id : s.reads()) {
            if (cannotBePublic(s.agent(), id)) return true;
        }
        return !mark.getOrDefault(s.agent(), Set.of()).isEmpty();
    }

    // ---- one fact ------------------------------------------------------------------------------

    public String step(Fact fact, List<Decision> decisions) {
        clock = Math.max(clock, fact.at().toEpochMilli());
        if (fact instanceof AgentConfigured c) {
            tools.put(c.agent(), c.tools());
        } else if (fact instanceof ChannelRegistered c) {
            labels.computeIfAbsent(c.channel(), k -> new HashSet<>()).add(c.label() == null ? c.channel() : c.label());
        } else if (fact instanceof MessageReceived m) {
            stored(m);
        } else if (fact instanceof WakeQueued w) {
            queued.computeIfAbsent(key(w.agent(), w.id()), k -> new ArrayList<>()).add(w);
        } else if (fact instanceof TurnStarted s) {
            return start(s, decisions);
        } else if (fact instanceof ToolBoundary b) {
            return boundary(b, decisions);
        } else if (fact instanceof RoundSpoken r) {
            return round(r, decisions);
        } else if (fact instanceof TurnEnded e) {
            T t = turns.get(e.turn());
            if (t != null) t.open = false;
        } else if (fact instanceof ProcessRestarted) {
            turns.values().forEach(t -> t.open = false);
        } else if (fact instanceof HistoryChanged h) {
            h.removed().forEach(id -> onBranch.computeIfPresent(key(h.agent(), id), (k, v) -> false));
            for (String id : h.restored()) {
                // P2, P9: an id put back that the model was never told of (or no longer knows) is history it cannot classify
                if (message(h.agent(), id) == null) {
                    messages.put(key(h.agent(), id), new Msg(false, null, true));
                    readOnDay.remove(key(h.agent(), id));
                }
                onBranch.put(key(h.agent(), id), true);
            }
        } else if (fact instanceof ScriptCalled c) {
            return script(c, decisions);
        } else if (fact instanceof PublishSettled p) {
            return settled(p, decisions);
        }
        return null;
    }

    private void stored(MessageReceived m) {
        // P2: only the host marks work; a mark naming a turn not yet given out names no known turn.
        Long work = m.writer().equals("host") ? m.fromTurn() : null;
        if (work != null && work >= nextTurn) work = 0L;
        // P2: an id that named private input, or work (private as its turn stands), cannot be made
        // to name public words by a second message that classifies otherwise
        Msg before = messages.get(key(m.agent(), m.id()));
        boolean surface = surface(m);
        boolean unclassified = before != null && (privateInput(before) || before.work() != null)
                && (before.unclassified() || before.surface() != surface || !java.util.Objects.equals(before.work(), work));
        Msg msg = new Msg(surface, work, unclassified);
        messages.put(key(m.agent(), m.id()), msg);
        onBranch.put(key(m.agent(), m.id()), true);
        readIn.remove(key(m.agent(), m.id())); // a new message under the id: no turn has read it yet
        readOnDay.remove(key(m.agent(), m.id()));
        // P7: what this message is sets the mark, not what its id named before
        if (privateInput(new Msg(surface, work, false))) mark.computeIfAbsent(m.agent(), a -> new HashSet<>()).add(m.id());
    }

    private String start(TurnStarted s, List<Decision> decisions) {
        List<WakeQueued> batch = new ArrayList<>();
        boolean unknownWake = false;
        for (String id : s.wakes()) {
            List<WakeQueued> copies = queued.remove(key(s.agent(), id));
            if (copies != null) batch.addAll(copies);
            else unknownWake = true; // P2: a wake the model holds nothing for cannot be shown public
        }
        T continued = s.continues() == null ? null : turns.get(s.continues());
        // P2: a start that claims another resident's open turn leaves neither turn public.
        T claimed = continued != null && continued.open && !continued.agent.equals(s.agent()) ? continued : null;
        boolean must = unknownWake || claimed != null || mustBePrivate(s, batch);
        if (continued != null && (!continued.open || !continued.agent.equals(s.agent()))) continued = null;
        if (claimed != null) {
            claimed.isPrivate = true;
            privateTurns.add(claimed.id);
        }
        T decided;
        String problem;
        if (continued != null) {
            boolean becomes = must && !continued.isPrivate;
            problem = expectContinued(decisions, continued.id, continued.isPrivate || must, becomes);
            if (becomes) continued.isPrivate = true;
            decided = continued;
        } else {
            problem = expectOpened(decisions, nextTurn, must);
            for (T t : turns.values()) {
                if (t.open && t.agent.equals(s.agent())) t.open = false;
            }
            decided = new T(nextTurn++, s.agent(), must, tools.get(s.agent()));
            turns.put(decided.id, decided);
        }
        if (decided.isPrivate) privateTurns.add(decided.id);
        decided.silent = s.silent();
        decided.streamBegun = false;
        decided.markAtStart = new HashSet<>(mark.getOrDefault(s.agent(), Set.of()));
        for (String id : s.reads()) {
            // P2, P7: a silent start leaves an id it cannot classify to the next start, as private input
            if (s.silent() && message(s.agent(), id) == null) mark.computeIfAbsent(s.agent(), a -> new HashSet<>()).add(id);
            readIn.putIfAbsent(key(s.agent(), id), decided.id);
            read(s.agent(), id);
        }
        return problem;
    }

    private static String expectOpened(List<Decision> decisions, long turn, boolean isPrivate) {
        for (Decision d : decisions) {
            if (d instanceof TurnOpened o) {
                if (o.turn() != turn) return "the model opens turn " + turn + ", the engine opened " + o.turn();
                if (o.isPrivate() != isPrivate) {
                    return "turn " + turn + " must " + (isPrivate ? "" : "not ") + "be private, the engine opened it "
                            + (o.isPrivate() ? "private (" + o.why() + ")" : "public");
                }
                return null;
            }
            if (d instanceof TurnContinued c) return "the model opens turn " + turn + ", the engine continued " + c.turn();
        }
        return "the model opens turn " + turn + ", the engine opened none";
    }

    private static String expectContinued(List<Decision> decisions, long turn, boolean isPrivate, boolean becomes) {
        boolean made = decisions.stream().anyMatch(d -> d instanceof TurnMadePrivate p && p.turn() == turn && p.where().equals("start"));
        for (Decision d : decisions) {
            if (d instanceof TurnContinued c) {
                if (c.turn() != turn) return "the model continues turn " + turn + ", the engine continued " + c.turn();
                if (c.isPrivate() != isPrivate) {
                    return "continued turn " + turn + " must " + (isPrivate ? "" : "not ") + "be private, the engine says "
                            + c.isPrivate();
                }
                if (made != becomes) return "turn " + turn + (becomes ? " becomes private at this start, the engine made it so: " : " was not made private here, the engine: ") + made;
                return null;
            }
            if (d instanceof TurnOpened o) return "the model continues turn " + turn + ", the engine opened " + o.turn();
        }
        return "the model continues turn " + turn + ", the engine decided neither";
    }

    private String boundary(ToolBoundary b, List<Decision> decisions) {
        boolean made = decisions.stream().anyMatch(d -> d instanceof TurnMadePrivate p && p.turn().equals(b.turn()));
        T t = turns.get(b.turn());
        if (t == null || !t.open) return made ? "turn " + b.turn() + " is not open, yet the engine made it private" : null;
        boolean becomes = false;
        if (!b.endsTurn() && !t.isPrivate) {
            for (String id : b.injected()) {
                if (cannotBePublic(t.agent, id)) becomes = true;
            }
        }
        if (!b.endsTurn() && !t.silent) b.injected().forEach(id -> readIn.putIfAbsent(key(t.agent, id), t.id));
        // P2, P7: what no one answers and the model was never told of is left to the next start, as private input is
        else b.injected().forEach(id -> {
            if (message(t.agent, id) == null) mark.computeIfAbsent(t.agent, a -> new HashSet<>()).add(id);
        });
        b.injected().forEach(id -> read(t.agent, id));
        if (becomes) {
            t.isPrivate = true;
            privateTurns.add(t.id);
        }
        // P7: a live boundary of a turn that goes on answers what it injects; one that ends its turn, or a silent turn's, does not.
        if (!b.endsTurn() && !t.silent) mark.getOrDefault(t.agent, new HashSet<>()).removeAll(b.injected());
        if (made != becomes) {
            return "turn " + t.id + (becomes ? " must become private at this boundary; the engine left it public"
                    : " must not become private at this boundary; the engine made it private");
        }
        return null;
    }

    private String round(RoundSpoken r, List<Decision> decisions) {
        T t = turns.get(r.turn());
        if (t == null || !t.open) return null;
        String problem = null;
        for (Decision d : decisions) {
            // M6, M7: a tool the engine carries out that the agent's tools leave out is a call it may not make.
            if (d instanceof ToolDecided td && td.allowed() && td.call() != null && t.tools != null
                    && ENGINE_TOOLS.contains(r.calls().get(td.call()).tool()) && !t.tools.contains(r.calls().get(td.call()).tool())) {
                return "turn " + t.id + "'s agent may not call " + td.tool() + ", yet the engine allowed it";
            }
        }
        for (Decision d : decisions) {
            if (d instanceof PublishRequested p && p.turn() != null) attemptByPrivateTurn.put(p.attempt(), privateTurn(p.turn()));
            if (!t.isPrivate || problem != null) continue;
            if (d instanceof SpeechRouted s && s.turn() == t.id && s.route().kind().equals("publish") && !deliberate(s)) {
                problem = "turn " + t.id + " is private, yet its plain speech '" + s.text() + "' was published in "
                        + s.route().channel();
            } else if (d instanceof ToolDecided td && td.tool().equals("channel_publish") && td.allowed()
                    && td.call() != null && !names(r.calls().get(td.call()).channel())) {
                problem = "turn " + t.id + " is private, yet its channel_publish naming no channel went to " + td.channel();
            } else if (d instanceof DraftHeld h && t.id == (h.turn() == null ? -1 : h.turn()) && !h.cause().equals("explicit-send")) {
                problem = "turn " + t.id + " is private, yet its words were held as a " + h.cause() + " draft";
            }
        }
        if (!t.streamBegun) {
            t.streamBegun = true;
            // P7: the mark is spent when the stream of a start that can publish begins, for what was stored before it.
            if (!t.silent) mark.getOrDefault(t.agent, new HashSet<>()).removeAll(t.markAtStart);
            t.markAtStart.clear();
        }
        return problem;
    }

    /** P11: an envelope that names the channel its words were published in. */
    private boolean deliberate(SpeechRouted s) {
        String target = s.envelope();
        if (target == null || target.isBlank()) return false;
        String t = target.trim();
        String channel = s.route().channel();
        return t.equals(channel) || labels.getOrDefault(channel, Set.of()).contains(t);
    }

    /** P13, P2: a script's call is judged by the turn that started it, which must be the calling agent's own. */
    private String script(ScriptCalled c, List<Decision> decisions) {
        boolean allowed = decisions.stream().anyMatch(d -> d instanceof ToolDecided t && t.allowed());
        boolean requested = decisions.stream().anyMatch(d -> d instanceof PublishRequested);
        T t = turns.get(c.turn());
        if (t == null || !t.agent.equals(c.agent())) {
            return allowed || requested ? "a script of " + c.agent() + " named turn " + c.turn()
                    + ", not its own, and the engine let it publish" : null;
        }
        if (c.tool().equals("channel_publish") && privateTurn(c.turn()) && !names(c.channel()) && (allowed || requested)) {
            return "a script of private turn " + c.turn() + " published naming no channel";
        }
        return null;
    }

    /** P12: what a private turn attempted is never held as a draft when it fails. */
    private String settled(PublishSettled p, List<Decision> decisions) {
        if (!attemptByPrivateTurn.getOrDefault(p.attempt(), false)) return null;
        for (Decision d : decisions) {
            if (d instanceof DraftHeld h) return "attempt " + p.attempt() + " of a private turn failed and its words were held as " + h.draft();
        }
        return null;
    }

    /** Whether the model holds the turn private now (for properties that ask only that). */
    public boolean isPrivate(long turn) {
        return privateTurn(turn);
    }
}
