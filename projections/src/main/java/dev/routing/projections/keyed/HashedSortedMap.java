package dev.routing.projections.keyed;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * A map looked up by hash that walks in its keys' natural order, as a {@link java.util.TreeMap}
 * would. For the state's maps that the fold reads and writes by key on almost every entry but that
 * only rare readers walk (an audit, a retention pass, a retake's search, a checkpoint): a tree
 * compared a fresh decoded string at every level of every lookup, where a hash table hashes it
 * once (a string keeps its hash) and compares it once.
 *
 * <p>A walk ({@link #entrySet}, {@link #forEach}, and the key and value views built on them) sorts a
 * snapshot of the keys, so it sees the map as it stood when the walk began, and may change the map
 * as it goes. The views are read-only: every write goes through the map itself. Keys are never
 * null (the state's keys are agents and ids). A checkpoint writes it as the JSON object a tree
 * gave (the state codec sorts every map's keys) and restores it through {@link #put}.
 *
 * <p>The table is three arrays, keys, values and the keys' hashes side by side (linear probing, a
 * power of two long, at most three quarters full; a removal moves back the entries after it, so no
 * slot is ever marked deleted): a node per entry, as a {@code HashMap} keeps, was 32 bytes more a
 * kept message, 5 MB of a restore's heap at 10 M messages.
 */
public final class HashedSortedMap<K extends Comparable<? super K>, V> extends AbstractMap<K, V> {
    private static final int SMALLEST = 4;

    private Object[] keys = new Object[SMALLEST];
    private Object[] values = new Object[SMALLEST];
    /** Each key's hash, beside it: a probe compares these, in one run of memory, and reads a key only when they match. */
    private int[] hashes = new int[SMALLEST];
    /** 32 less the table length's bits: a key's home is the top bits of its mixed hash. */
    private int shift = 32 - Integer.numberOfTrailingZeros(SMALLEST);
    private int size;

    private int home(int hash) {
        return (hash * 0x9E3779B9) >>> shift;
    }

    /** The slot holding the key, or {@code -(the empty slot where it would go) - 1}. */
    private int find(Object key) {
        int mask = keys.length - 1;
        int hash = key.hashCode();
        for (int i = home(hash); ; i = (i + 1) & mask) {
            Object k = keys[i];
            if (k == null) return -i - 1;
            if (hashes[i] == hash && (k == key || k.equals(key))) return i;
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public V get(Object key) {
        if (key == null) return null;
        int i = find(key);
        return i >= 0 ? (V) values[i] : null;
    }

    @Override
    public boolean containsKey(Object key) {
        return key != null && find(key) >= 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V getOrDefault(Object key, V otherwise) {
        if (key == null) return otherwise;
        int i = find(key);
        return i >= 0 ? (V) values[i] : otherwise;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V put(K key, V value) {
        if (key == null) throw new NullPointerException("a sorted map's key is never null");
        int i = find(key);
        if (i >= 0) {
            V before = (V) values[i];
            values[i] = value;
            return before;
        }
        keys[-i - 1] = key;
        values[-i - 1] = value;
        hashes[-i - 1] = key.hashCode();
        if (++size * 4L > keys.length * 3L) rehash(keys.length * 2);
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V remove(Object key) {
        if (key == null) return null;
        int i = find(key);
        if (i < 0) return null;
        V before = (V) values[i];
        removeSlot(i);
        size--;
        return before;
    }

    @Override
    public V computeIfAbsent(K key, Function<? super K, ? extends V> make) {
        if (key == null) throw new NullPointerException("a sorted map's key is never null");
        V held = get(key);
        if (held != null) return held;
        V made = make.apply(key);
        if (made != null) put(key, made); // found again: {@code make} may have written the map
        return made;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    public void clear() {
        keys = new Object[SMALLEST];
        values = new Object[SMALLEST];
        hashes = new int[SMALLEST];
        shift = 32 - Integer.numberOfTrailingZeros(SMALLEST);
        size = 0;
    }

    @Override
    public void forEach(BiConsumer<? super K, ? super V> action) {
        for (Map.Entry<K, V> e : sorted()) action.accept(e.getKey(), e.getValue());
    }

    @Override
    public Set<Map.Entry<K, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<K, V>> iterator() {
                return Arrays.asList(sorted()).iterator();
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    /** The entries in no order, read-only, as the table holds them: for a search that orders what it finds itself, and does not write the map meanwhile. */
    public Iterable<Map.Entry<K, V>> byHash() {
        Object[] k = keys;
        Object[] v = values;
        return () -> new Iterator<>() {
            private int next = advance(0);

            private int advance(int from) {
                while (from < k.length && k[from] == null) from++;
                return from;
            }

            @Override
            public boolean hasNext() {
                return next < k.length;
            }

            @Override
            @SuppressWarnings("unchecked")
            public Map.Entry<K, V> next() {
                if (next >= k.length) throw new java.util.NoSuchElementException();
                Map.Entry<K, V> e = new AbstractMap.SimpleImmutableEntry<>((K) k[next], (V) v[next]);
                next = advance(next + 1);
                return e;
            }
        };
    }

    /** The entries as they stand, in key order; each refuses {@code setValue}. */
    @SuppressWarnings("unchecked")
    private Map.Entry<K, V>[] sorted() {
        Map.Entry<K, V>[] entries = new Map.Entry[size];
        int n = 0;
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != null) entries[n++] = new AbstractMap.SimpleImmutableEntry<>((K) keys[i], (V) values[i]);
        }
        Arrays.sort(entries, (a, b) -> a.getKey().compareTo(b.getKey()));
        return entries;
    }

    private void rehash(int length) {
        Object[] oldKeys = keys;
        Object[] oldValues = values;
        int[] oldHashes = hashes;
        keys = new Object[length];
        values = new Object[length];
        hashes = new int[length];
        shift = 32 - Integer.numberOfTrailingZeros(length);
        int mask = length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] == null) continue;
            int i = home(oldHashes[j]);
            while (keys[i] != null) i = (i + 1) & mask;
            keys[i] = oldKeys[j];
            values[i] = oldValues[j];
            hashes[i] = oldHashes[j];
        }
    }

    /** Empties slot {@code i}, moving back each later entry of its run that may not sit past the gap. */
    private void removeSlot(int i) {
        int mask = keys.length - 1;
        int gap = i;
        for (int j = (i + 1) & mask; keys[j] != null; j = (j + 1) & mask) {
            int home = home(hashes[j]);
            // The entry at j may fill the gap unless its home lies cyclically in (gap, j].
            boolean homeBetween = gap <= j ? (home > gap && home <= j) : (home > gap || home <= j);
            if (!homeBetween) {
                keys[gap] = keys[j];
                values[gap] = values[j];
                hashes[gap] = hashes[j];
                gap = j;
            }
        }
        keys[gap] = null;
        values[gap] = null;
    }
}
