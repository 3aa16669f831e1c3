package dev.routing.projections.privacy;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;

/**
 * The ids of one agent's newest public messages that the record let go once read, oldest first,
 * and the turn that first read each (P2: a wake or a redo naming one is known, not unknown; P15:
 * one a private turn read gets no inferred reply in its channel). The order is a set, not a map's
 * keys: a checkpoint writes every map's keys sorted (a per-field format cannot turn that off), which
 * would change which id goes first after a restore.
 */
public final class ForgottenIds {
    /** Oldest first. */
    public final LinkedHashSet<String> order = new LinkedHashSet<>();
    /** id -> the turn whose start or live boundary first read it, for those a turn read. */
    public final HashMap<String, Long> readIn = new HashMap<>();

    public boolean holds(String id) {
        return order.contains(id);
    }

    /** The turn that first read the message let go under the id, or null. */
    public Long readIn(String id) {
        return readIn.get(id);
    }

    /** Keeps {@code id} as the newest, read first in {@code turn} (null: none), and at most {@code kept} ids. */
    void add(String id, Long turn, int kept) {
        if (!order.add(id)) { // let go again: the newest, not where it was first
            order.remove(id);
            order.add(id);
        }
        if (turn != null) readIn.put(id, turn);
        else readIn.remove(id);
        if (order.size() > kept) {
            Iterator<String> oldest = order.iterator();
            readIn.remove(oldest.next());
            oldest.remove();
        }
    }
}
