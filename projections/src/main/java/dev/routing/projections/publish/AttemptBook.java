package dev.routing.projections.publish;

import java.util.TreeMap;

/**
 * Attempts not yet known to be final. A delivered or failed attempt is forgotten here once settled
 * (its draft keeps the outcome); an unknown one is kept, since a late settle may still deliver it.
 */
public final class AttemptBook {
    public final TreeMap<Long, Attempt> attempts = new TreeMap<>();

    public Attempt get(long id) {
        return attempts.get(id);
    }
}
