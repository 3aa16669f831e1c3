package dev.routing.projections.keyed;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
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
 */
public final class HashedSortedMap<K extends Comparable<? super K>, V> extends AbstractMap<K, V> {
    private final HashMap<K, V> byKey = new HashMap<>();

    @Override
    public V get(Object key) {
        return byKey.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return byKey.containsKey(key);
    }

    @Override
    public V getOrDefault(Object key, V otherwise) {
        return byKey.getOrDefault(key, otherwise);
    }

    @Override
    public V put(K key, V value) {
        if (key == null) throw new NullPointerException("a sorted map's key is never null");
        return byKey.put(key, value);
    }

    @Override
    public V remove(Object key) {
        return byKey.remove(key);
    }

    @Override
    public V computeIfAbsent(K key, Function<? super K, ? extends V> make) {
        if (key == null) throw new NullPointerException("a sorted map's key is never null");
        return byKey.computeIfAbsent(key, make);
    }

    @Override
    public int size() {
        return byKey.size();
    }

    @Override
    public boolean isEmpty() {
        return byKey.isEmpty();
    }

    @Override
    public void clear() {
        byKey.clear();
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
                return byKey.size();
            }
        };
    }

    /** The entries in no order, read-only: for a search that orders what it finds itself. */
    public Iterable<Map.Entry<K, V>> byHash() {
        return Collections.unmodifiableMap(byKey).entrySet();
    }

    /** The entries as they stand, in key order; each refuses {@code setValue}. */
    @SuppressWarnings("unchecked")
    private Map.Entry<K, V>[] sorted() {
        Object[] keys = byKey.keySet().toArray();
        Arrays.sort(keys);
        Map.Entry<K, V>[] entries = new Map.Entry[keys.length];
        for (int i = 0; i < keys.length; i++) {
            K key = (K) keys[i];
            entries[i] = new AbstractMap.SimpleImmutableEntry<>(key, byKey.get(key));
        }
        return entries;
    }
}
