package dev.routing.projections.publish;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Attempts not yet known to be final. A delivered or failed attempt is forgotten here once settled
 * (its draft keeps the outcome); an unknown one is kept for {@link #KEEP_UNKNOWN_MILLIS}, since a
 * late settle may still deliver it, and then let go so the state does not grow with history.
 */
public final class AttemptBook {
    /** How long after reading as unknown an attempt can still be confirmed delivered (T2's week). */
    public static final long KEEP_UNKNOWN_MILLIS = 7L * 24 * 3600 * 1000;

    public final TreeMap<Long, Attempt> attempts = new TreeMap<>();
    /**
     * The attempts still out, by id, so deadlines are checked without walking the unknown ones.
     * Derived from {@link #attempts}: not in a checkpoint, rebuilt by {@link #reindex} on restore.
     */
    public final transient TreeMap<Long, Attempt> out = new TreeMap<>();

    public Attempt get(Long id) {
        return attempts.get(id);
    }

    /** Rebuilds {@link #out} from the attempts: after a restore, which does not store it. */
    public void reindex() {
        out.clear();
        for (Attempt a : attempts.values()) {
            if (a.out()) out.put(a.id, a);
        }
    }

    /** Attempts still out, oldest first: a copy, so the caller may settle them as it walks it. */
    public List<Attempt> outstanding() {
        return new ArrayList<>(out.values());
    }

    /**
     * Lets go the oldest unknown attempts that read as unknown before {@code cutoffMillis}. Attempts
     * are ordered by id, which follows request time, so the walk stops at the first one to keep.
     */
    public void forgetUnknownBefore(long cutoffMillis) {
        while (!attempts.isEmpty()) {
            Map.Entry<Long, Attempt> first = attempts.firstEntry();
            Attempt a = first.getValue();
            // A checkpoint from before settledAtMillis existed reads it as 0: the request time bounds it.
            if (a.out() || Math.max(a.settledAtMillis, a.requestedAtMillis) >= cutoffMillis) return;
            attempts.pollFirstEntry();
        }
    }
}
