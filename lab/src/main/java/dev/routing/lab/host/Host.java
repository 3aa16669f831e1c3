package dev.routing.lab.host;

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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a simulated host knows, read from the facts it reports and the decisions the engine answers,
 * as a real host would: each resident's open turn, the messages it has not read and the wakes it has
 * queued, its drafts (and which may have been posted), its newest turn, and the attempts the engine
 * asked it to send. The one model of a host here: the simulated week's and the benchmarks' traffic
 * both act on what it knows. Not thread-safe: it belongs to the thread that drives the engine.
 */
public final class Host {
    private final Map<String, Long> open = new HashMap<>();
    private final Map<String, LinkedHashSet<String>> unread = new HashMap<>();
    private final Map<String, List<String>> wakes = new HashMap<>();
    private final Map<String, LinkedHashSet<String>> drafts = new HashMap<>();
    private final LinkedHashSet<String> risky = new LinkedHashSet<>();
    private final Map<Long, List<String>> attemptDrafts = new HashMap<>();
    private final Map<String, Long> lastTurn = new HashMap<>();

    public boolean isOpen(String agent, long turn) {
        Long t = open.get(agent);
        return t != null && t == turn;
    }

    public Long openTurn(String agent) {
        return open.get(agent);
    }

    /** The resident's newest turn, open or not; null before its first. */
    public Long lastTurn(String agent) {
        return lastTurn.get(agent);
    }

    public List<String> takeWakes(String agent) {
        List<String> taken = wakes.remove(agent);
        return taken == null ? List.of() : taken;
    }

    public List<String> takeUnread(String agent) {
        LinkedHashSet<String> taken = unread.remove(agent);
        return taken == null ? List.of() : List.copyOf(taken);
    }

    /** Injects an unread message at a boundary; false when a start already read it. */
    public boolean inject(String agent, String id) {
        LinkedHashSet<String> ids = unread.get(agent);
        return ids != null && ids.remove(id);
    }

    /** The resident's drafts still held, oldest first. */
    public List<String> drafts(String agent) {
        return List.copyOf(drafts.getOrDefault(agent, new LinkedHashSet<>()));
    }

    public boolean risky(String draft) {
        return risky.contains(draft);
    }

    /** Reads a fact the host itself reports. */
    public void reported(Fact fact) {
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

    /**
     * Reads the engine's answer; returns the attempts it asked the host to send. A notice that asks
     * the host to wake its resident (a bounce, a continuation) goes to {@code wake} as it is read.
     */
    public List<PublishRequested> answered(List<Decision> decisions, Consumer<NoticeIssued> wake) {
        List<PublishRequested> requested = new ArrayList<>();
        for (Decision d : decisions) {
            if (d instanceof TurnOpened o) {
                open.put(o.agent(), o.turn());
                lastTurn.put(o.agent(), o.turn());
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
                wake.accept(n);
            }
        }
        return requested;
    }
}
