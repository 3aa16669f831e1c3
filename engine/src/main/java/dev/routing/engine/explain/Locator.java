package dev.routing.engine.explain;

import dev.routing.engine.context.Ground;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.FocusOpened;
import dev.routing.journal.event.HistoryChanged;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.event.TurnLocusMoved;
import dev.routing.journal.event.TurnMadePrivate;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.event.WakeQueued;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the entries a ground names are, in one span of the journal: each kind of ground by its key,
 * every location in journal order, so that a ground is found as it stood when the decision that
 * names it was made (the newest such entry before it).
 */
final class Locator {
    private final Map<String, List<Location>> at = new HashMap<>();

    /** Notes what the entry at {@code where} is, for every ground that may name it. */
    void note(Entry e, Location where) {
        if (e instanceof MessageReceived m) {
            put(Ground.Kind.MESSAGE, m.agent(), m.id(), 0, where);
            if (m.namesChannel()) put(Ground.Kind.INBOUND, m.agent(), null, 0, where);
        } else if (e instanceof WakeQueued w) {
            put(Ground.Kind.WAKE, w.agent(), w.id(), 0, where);
        } else if (e instanceof AgentConfigured c) {
            put(Ground.Kind.CONFIGURED, c.agent(), null, 0, where);
        } else if (e instanceof FocusOpened f) {
            put(Ground.Kind.FOCUS, f.agent(), null, 0, where);
        } else if (e instanceof ChannelRegistered c) {
            put(Ground.Kind.CHANNEL, null, c.channel(), 0, where);
        } else if (e instanceof HistoryChanged h) {
            put(Ground.Kind.HISTORY, h.agent(), null, 0, where);
        } else if (e instanceof TurnOpened o) {
            put(Ground.Kind.TURN, null, null, o.turn(), where);
            put(Ground.Kind.LOCUS, null, null, o.turn(), where);
            if (o.isPrivate()) put(Ground.Kind.PRIVATE_TURN, null, null, o.turn(), where);
        } else if (e instanceof TurnMadePrivate p) {
            // what made a turn private is the first such decision; a turn is made private once
            if (!at.containsKey(key(Ground.Kind.PRIVATE_TURN, null, null, p.turn()))) {
                put(Ground.Kind.PRIVATE_TURN, null, null, p.turn(), where);
            }
        } else if (e instanceof TurnLocusMoved m) {
            put(Ground.Kind.LOCUS, null, null, m.turn(), where);
        } else if (e instanceof ToolDecided t) {
            if (t.countsAsSend() && t.turn() != null) put(Ground.Kind.SEND, null, null, t.turn(), where);
        } else if (e instanceof PublishRequested p) {
            put(Ground.Kind.ATTEMPT, null, null, p.attempt(), where);
        } else if (e instanceof DraftHeld h) {
            put(Ground.Kind.DRAFT, h.agent(), h.draft(), 0, where);
        }
    }

    /** The newest entry the ground names before {@code before}, or null when this span holds none. */
    Location find(Ground g, Location before) {
        List<Location> places = at.get(key(g.kind(), g.agent(), g.key(), g.number()));
        if (places == null) return null;
        for (int i = places.size() - 1; i >= 0; i--) {
            if (places.get(i).compareTo(before) < 0) return places.get(i);
        }
        return null;
    }

    private void put(Ground.Kind kind, String agent, String id, long number, Location where) {
        at.computeIfAbsent(key(kind, agent, id, number), k -> new ArrayList<>(1)).add(where);
    }

    private static String key(Ground.Kind kind, String agent, String id, long number) {
        return kind.name() + '\u0000' + agent + '\u0000' + id + '\u0000' + number;
    }
}
