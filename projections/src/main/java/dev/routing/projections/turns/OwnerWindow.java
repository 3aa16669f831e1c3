package dev.routing.projections.turns;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * turn id -> its agent, for the highest {@code capacity} ids: a sorted window over a ring of two
 * arrays. The engine gives turn ids in ascending order, so a new turn lands at the ring's end and
 * the oldest falls off its front, where a tree rebalanced twice per turn (a fold's most frequent
 * tree write). An id below the newest (a hand-built stream) is placed in order all the same, so
 * the window keeps exactly what a sorted map trimmed to its highest ids would.
 *
 * <p>A {@link Map}, so that a checkpoint holds the JSON object a sorted map gave (the state codec
 * sorts every map's keys) and restores through {@link #put}. Ids leave only by age: removing one
 * is refused.
 */
public final class OwnerWindow extends AbstractMap<Long, String> {
    private final long[] ids;
    private final String[] agents;
    /** Where the lowest id sits in the ring. */
    private int head;
    private int size;

    /** The window a turn book keeps (and a checkpoint restores into). */
    public OwnerWindow() {
        this(TurnBook.KEPT_OWNERS);
    }

    OwnerWindow(int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("an owner window keeps at least one id, not " + capacity);
        ids = new long[capacity];
        agents = new String[capacity];
    }

    @Override
    public String put(Long id, String agent) {
        return remember(id, agent);
    }

    /** Keeps the turn's agent (and lets the lowest id go when full); the agent it had before, or null. */
    public String remember(long key, String agent) {
        if (size > 0 && key > ids[slot(size - 1)]) {
            append(key, agent);
            return null;
        }
        int at = search(key);
        if (at >= 0) {
            String was = agents[slot(at)];
            agents[slot(at)] = agent;
            return was;
        }
        int insert = -at - 1;
        if (size == ids.length) {
            // Full: the lowest id goes, and an id lower than every kept one would be that id.
            if (insert == 0) return null;
            dropLowest();
            insert--;
        }
        for (int i = size; i > insert; i--) {
            ids[slot(i)] = ids[slot(i - 1)];
            agents[slot(i)] = agents[slot(i - 1)];
        }
        ids[slot(insert)] = key;
        agents[slot(insert)] = agent;
        size++;
        return null;
    }

    /** The agent of the turn, or null when the window does not hold its id. */
    public String owner(long id) {
        int at = search(id);
        return at < 0 ? null : agents[slot(at)];
    }

    @Override
    public String get(Object key) {
        return key instanceof Long id ? owner(id) : null;
    }

    @Override
    public boolean containsKey(Object key) {
        return key instanceof Long id && search(id) >= 0;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void clear() {
        Arrays.fill(agents, null);
        head = 0;
        size = 0;
    }

    @Override
    public Set<Entry<Long, String>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<Long, String>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < size;
                    }

                    @Override
                    public Entry<Long, String> next() {
                        if (next >= size) throw new NoSuchElementException();
                        int at = slot(next++);
                        return new SimpleImmutableEntry<>(ids[at], agents[at]);
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    private void append(long id, String agent) {
        if (size == ids.length) dropLowest();
        int at = slot(size);
        ids[at] = id;
        agents[at] = agent;
        size++;
    }

    private void dropLowest() {
        agents[head] = null;
        head = slot(1);
        size--;
    }

    /** The id's position from the lowest, or {@code -(where it would go) - 1}, as {@link Arrays#binarySearch}. */
    private int search(long id) {
        int low = 0;
        int high = size - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            long at = ids[slot(mid)];
            if (at < id) low = mid + 1;
            else if (at > id) high = mid - 1;
            else return mid;
        }
        return -low - 1;
    }

    private int slot(int position) {
        int at = head + position;
        return at < ids.length ? at : at - ids.length;
    }
}
