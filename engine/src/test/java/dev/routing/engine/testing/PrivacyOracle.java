package dev.routing.engine.testing;

import dev.routing.journal.event.*;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A second, deliberately plain reading of which turns have taken in private input, from the facts
 * alone: a private surface's message (or a private wake) a start reads, or a live boundary
 * injects, or work a private turn started. It leaves out the engine's stricter rules (the stored
 * mark, retakes), so whatever it calls private the engine must keep private.
 */
public final class PrivacyOracle {
    private final Map<String, Boolean> surface = new HashMap<>();
    private final Map<String, Long> work = new HashMap<>();
    private final Map<String, WakeQueued> wakes = new HashMap<>();
    private final Set<Long> privateTurns = new HashSet<>();

    public boolean isPrivate(long turn) {
        return privateTurns.contains(turn);
    }

    /** Reads one fact and the decisions that answered it. */
    public void observe(Fact fact, List<Decision> decisions) {
        if (fact instanceof MessageReceived m) {
            boolean noChannel = m.channel() == null || m.channel().isBlank();
            boolean operator = (m.kind().equals("external-message") || m.kind().equals("api:message")
                    || (m.kind().equals("tool-list-notice") && !"host".equals(m.writer()))) && noChannel;
            surface.put(m.id(), operator);
            if ("host".equals(m.writer()) && m.fromTurn() != null) work.put(m.id(), m.fromTurn());
        } else if (fact instanceof WakeQueued w) {
            wakes.put(w.id(), w);
        } else if (fact instanceof TurnStarted s) {
            Long turn = null;
            for (Decision d : decisions) {
                if (d instanceof TurnOpened o) turn = o.turn();
                if (d instanceof TurnContinued c) turn = c.turn();
            }
            if (turn == null) return;
            boolean taken = s.continues() != null && privateTurns.contains(s.continues());
            for (String id : s.wakes()) {
                WakeQueued w = wakes.get(id);
                if (w == null) continue;
                taken |= w.privateSurface();
                taken |= w.armedBy() != null && privateTurns.contains(w.armedBy());
                taken |= w.waitedOn() != null && privateTurns.contains(w.waitedOn());
                for (String m : w.messages()) taken |= privateInput(m);
            }
            for (String m : s.reads()) taken |= privateInput(m);
            if (taken) privateTurns.add(turn);
        } else if (fact instanceof ToolBoundary b && !b.endsTurn()) {
            for (String m : b.injected()) {
                if (privateInput(m)) privateTurns.add(b.turn());
            }
        }
    }

    private boolean privateInput(String message) {
        if (Boolean.TRUE.equals(surface.get(message))) return true;
        Long from = work.get(message);
        return from != null && (from == 0 || privateTurns.contains(from));
    }
}
