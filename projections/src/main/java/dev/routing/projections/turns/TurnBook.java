package dev.routing.projections.turns;

import dev.routing.journal.event.WakeQueued;
import java.util.TreeMap;

/** Open turns, each agent's open turn, queued wakes, and the newest inbound channel per agent. */
public final class TurnBook {
    public final TreeMap<Long, Turn> open = new TreeMap<>();
    public final TreeMap<String, Long> openByAgent = new TreeMap<>();
    /** agent -> wake id -> wake not yet taken by a start. */
    public final TreeMap<String, TreeMap<String, WakeQueued>> wakes = new TreeMap<>();
    /** agent -> the channel of the newest channel message it received (latest-inbound's fallback). */
    public final TreeMap<String, String> newestInbound = new TreeMap<>();
    /** agent -> bounce wakes in a row (M3 caps them at two). */
    public final TreeMap<String, Integer> bounceStreak = new TreeMap<>();

    public Turn turn(long id) {
        return open.get(id);
    }

    public Turn openTurnOf(String agent) {
        Long id = openByAgent.get(agent);
        return id == null ? null : open.get(id);
    }

    public WakeQueued wake(String agent, String id) {
        TreeMap<String, WakeQueued> byId = wakes.get(agent);
        return byId == null ? null : byId.get(id);
    }

    public void put(Turn turn) {
        open.put(turn.id, turn);
        openByAgent.put(turn.agent, turn.id);
    }

    public Turn close(long id) {
        Turn turn = open.remove(id);
        if (turn != null && Long.valueOf(id).equals(openByAgent.get(turn.agent))) openByAgent.remove(turn.agent);
        return turn;
    }
}
