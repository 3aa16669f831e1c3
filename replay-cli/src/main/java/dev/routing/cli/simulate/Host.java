package dev.routing.cli.simulate;

import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftDismissed;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.DraftLetGo;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.NoticeIssued;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.WakeQueued;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * What the simulated host knows, read from the facts it reports and the decisions the engine
 * answers, as a real host would: each resident's open turn, the messages it has not read and the
 * wakes it has queued, its drafts (and which may have been posted), its recent turns, and the
 * attempts the engine asked it to send.
 */
final class Host {
    private final Map<String, Long> open = new HashMap<>();
    private final Map<String, LinkedHashSet<String>> unread = new HashMap<>();
    private final Map<String, List<String>> wakes = new HashMap<>();
    private final Map<String, LinkedHashSet<String>> drafts = new HashMap<>();
    private final LinkedHashSet<String> risky = new LinkedHashSet<>();
    private final Map<Long, List<String>> attemptDrafts = new HashMap<>();
    private final Map<String, ArrayDeque<Long>> recent = new HashMap<>();

    boolean isOpen(String agent, long turn) {
        Long t = open.get(agent);
        return t != null && t == turn;
    }

    Long openTurn(String agent) {
        return open.get(agent);
    }

    /** The resident's turns, newest last (at most a few dozen). */
    List<Long> recentTurns(String agent) {
        return List.copyOf(recent.getOrDefault(agent, new ArrayDeque<>()));
    }

    List<String> takeWakes(String agent) {
        List<String> taken = wakes.remove(agent);
        return taken == null ? List.of() : taken;
    }

    List<String> takeUnread(String agent) {
        LinkedHashSet<String> taken = unread.remove(agent);
        return taken == null ? List.of() : List.copyOf(taken);
    }

    /** Injects an unread message at a boundary; false when a start already read it. */
    boolean inject(String agent, String id) {
        LinkedHashSet<String> ids = unread.get(agent);
        return ids != null && ids.remove(id);
    }

    /** The resident's drafts still held, oldest first. */
    List<String> drafts(String agent) {
        return List.copyOf(drafts.getOrDefault(agent, new LinkedHashSet<>()));
    }

    boolean risky(String draft) {
        return risky.contains(draft);
    }

    /** Reads a fact the host itself reports. */
    void reported(Fact fact) {
        if (fact instanceof MessageReceived m) {
            unread.computeIfAbsent(m.agent(), a -> new LinkedHashSet<>()).add(m.id());
        } else if (fact instanceof WakeQueued w) {
            wakes.computeIfAbsent(w.agent(), a -> new ArrayList<>()).add(w.id());
        } else if (fact instanceof TurnEnded e) {
            open.values().remove(e.turn());
        } else if (fact instanceof ProcessRestarted) {
            open.clear();
        }
    }

    /** Reads the engine's answer; returns the attempts it asked the host to send. */
    List<PublishRequested> answered(List<Decision> decisions, World world) {
        List<PublishRequested> requested = new ArrayList<>();
        for (Decision d : decisions) {
            if (d instanceof TurnOpened o) {
                open.put(o.agent(), o.turn());
                ArrayDeque<Long> mine = recent.computeIfAbsent(o.agent(), a -> new ArrayDeque<>());
                mine.add(o.turn());
                if (mine.size() > 32) mine.poll();
            } else if (d instanceof PublishRequested p) {
                requested.add(p);
                if (!p.drafts().isEmpty()) attemptDrafts.put(p.attempt(), p.drafts());
            } else if (d instanceof PublishOutcome o) {
                List<String> ids = "failed".equals(o.outcome()) ? attemptDrafts.remove(o.attempt()) : attemptDrafts.get(o.attempt());
                if (ids != null && o.agent() != null) {
                    if ("delivered".equals(o.outcome())) {
                        attemptDrafts.remove(o.attempt());
                        drafts.getOrDefault(o.agent(), new LinkedHashSet<>()).removeAll(ids);
                    } else if ("unknown".equals(o.outcome())) {
                        risky.addAll(ids);
                    }
                }
            } else if (d instanceof DraftHeld h) {
                drafts.computeIfAbsent(h.agent(), a -> new LinkedHashSet<>()).add(h.draft());
                if (h.risk()) risky.add(h.draft());
            } else if (d instanceof DraftDismissed x) {
                drafts.getOrDefault(x.agent(), new LinkedHashSet<>()).remove(x.draft());
            } else if (d instanceof DraftLetGo g) {
                drafts.getOrDefault(g.agent(), new LinkedHashSet<>()).remove(g.draft());
                risky.remove(g.draft());
            } else if (d instanceof NoticeIssued n && n.wake() && n.turn() != null) {
                world.wokenBy(n);
            }
        }
        return requested;
    }
}
