package dev.routing.projections.turns;

import dev.routing.journal.event.WakeQueued;
import dev.routing.projections.keyed.HashedSortedMap;
import java.util.ArrayList;
import dev.routing.projections.retention.Retention;
import java.util.HashMap;
import java.util.List;
import java.util.TreeMap;

/**
 * Open turns, each agent's open turn, queued wakes, and the newest inbound channel per agent.
 * Maps no reader walks are hash maps: a checkpoint writes every map sorted by key all the same.
 */
public final class TurnBook {
    /** Hashed for the fold's lookups by id; walked in id order by an audit and a restart only. */
    public final HashedSortedMap<Long, Turn> open = new HashedSortedMap<>();
    /**
     * Ended turns whose receipt waits for their attempts still out (D7): a late outcome, a late
     * bounce's draft and a resend's next attempt still write to them, and their receipt is issued
     * once every attempt has settled or passed its deadline.
     */
    public final HashMap<Long, Turn> awaitingReceipt = new HashMap<>();
    /** Every turn retention keeps, open or ended: whose it is and where it spoke (a late script names one). */
    public final TurnLedger ledger = new TurnLedger();
    public final HashMap<String, Long> openByAgent = new HashMap<>();
    /**
     * agent -> wake id -> wake not yet taken by a start. An agent's wakes are one or two, and go
     * with the start that takes them: a tree, which a hash table's table would outweigh.
     */
    public final HashMap<String, TreeMap<String, WakeQueued>> wakes = new HashMap<>();
    /**
     * agent -> wake id -> later copies queued under an id already waiting (P16: merged wakes keep
     * every mark, so a copy never overwrites another); a start takes them all.
     */
    public final HashMap<String, TreeMap<String, List<WakeQueued>>> requeued = new HashMap<>();
    /** agent -> the channel of the newest channel message it received (latest-inbound's fallback). */
    public final HashMap<String, String> newestInbound = new HashMap<>();
    /** agent -> bounce wakes in a row (M3 caps them at two). */
    public final HashMap<String, Integer> bounceStreak = new HashMap<>();

    /**
     * The open turn looked up last: a fact and the decisions answering it, and the next facts of
     * that turn, name the same turn in a row. Derived from {@link #open}, so not in a checkpoint.
     */
    private transient Turn recent;

    public Turn turn(long id) {
        Turn known = recent;
        if (known != null && known.id == id) return known;
        Turn t = open.get(id);
        if (t != null) recent = t;
        return t;
    }

    /** The turn, open or ended with its receipt still due: where a decision of its own writes. */
    public Turn withReceiptDue(long id) {
        Turn t = turn(id);
        return t != null ? t : awaitingReceipt.get(id);
    }

    public Turn openTurnOf(String agent) {
        Long id = openByAgent.get(agent);
        return id == null ? null : open.get(id);
    }

    /** Every copy queued under the wake id, oldest first (empty when none waits). */
    public List<WakeQueued> wake(String agent, String id) {
        TreeMap<String, WakeQueued> byId = wakes.get(agent);
        WakeQueued first = byId == null ? null : byId.get(id);
        if (first == null) return List.of();
        TreeMap<String, List<WakeQueued>> later = requeued.get(agent);
        List<WakeQueued> copies = later == null ? null : later.get(id);
        if (copies == null) return List.of(first);
        List<WakeQueued> all = new ArrayList<>(copies.size() + 1);
        all.add(first);
        all.addAll(copies);
        return all;
    }

    public void queue(WakeQueued w) {
        TreeMap<String, WakeQueued> byId = wakes.computeIfAbsent(w.agent(), a -> new TreeMap<>());
        if (byId.putIfAbsent(w.id(), w) != null) {
            requeued.computeIfAbsent(w.agent(), a -> new TreeMap<>()).computeIfAbsent(w.id(), i -> new ArrayList<>()).add(w);
        }
    }

    /** A start took these wakes: every copy of each. */
    public void take(String agent, List<String> ids) {
        TreeMap<String, WakeQueued> byId = wakes.get(agent);
        if (byId != null) {
            for (int i = 0; i < ids.size(); i++) byId.remove(ids.get(i));
            if (byId.isEmpty()) wakes.remove(agent);
        }
        TreeMap<String, List<WakeQueued>> later = requeued.get(agent);
        if (later != null) {
            for (int i = 0; i < ids.size(); i++) later.remove(ids.get(i));
            if (later.isEmpty()) requeued.remove(agent);
        }
    }

    /** Opens the turn, on UTC day {@code epochDay}, in place of its agent's open one, which it closes. */
    public void open(Turn turn, long epochDay) {
        // One write of the agent's open turn, where closing and then opening took five lookups.
        Long id = turn.id;
        Long previous = openByAgent.put(turn.agent, id);
        Turn closed = previous == null ? null : open.remove(previous);
        // A hand-built stream can open one id for two agents: the other agent's turn closes with it.
        if (closed != null) {
            ledger.ended(closed.id, closed.channel());
            if (!closed.agent.equals(turn.agent)) closedFor(closed.agent, previous);
        }
        open.put(id, turn);
        recent = turn;
        ledger.opened(turn.id, turn.agent, epochDay);
    }

    /** The agent whose turn this is, or null when retention keeps no such turn on {@code today} (or it never was). */
    public String owner(long turn, long today) {
        Turn t = open.get(turn);
        return t != null ? t.agent : ledger.owner(turn, Retention.keptFrom(today));
    }

    /** The channel an ended turn had, or null (none, or retention keeps no such turn on {@code today}). */
    public String endedChannel(long turn, long today) {
        return ledger.channel(turn, Retention.keptFrom(today));
    }

    public Turn close(long id) {
        Turn turn = open.remove(id);
        if (turn != null) {
            ledger.ended(id, turn.channel());
            closedFor(turn.agent, id);
        }
        if (recent != null && recent.id == id) recent = null;
        return turn;
    }

    private void closedFor(String agent, long id) {
        Long current = openByAgent.get(agent);
        if (current != null && current == id) openByAgent.remove(agent);
    }
}
