package dev.routing.projections.keyed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The hashed map answers, walks and writes JSON as the tree it stands for, whatever is written to it. */
class HashedSortedMapTest {
    private static final ObjectMapper JSON = new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    @Test
    void walksInKeyOrderWhateverTheWriteOrder() {
        HashedSortedMap<String, Integer> map = new HashedSortedMap<>();
        for (String id : List.of("m9", "m10", "m100", "b", "m1")) map.put(id, id.length());
        assertEquals("[b, m1, m10, m100, m9]", map.keySet().toString());
        List<String> seen = new ArrayList<>();
        map.forEach((k, v) -> seen.add(k));
        assertEquals(List.of("b", "m1", "m10", "m100", "m9"), seen);
    }

    @Test
    void aWalkMayWriteTheMapAndItsViewsAreReadOnly() {
        HashedSortedMap<Long, String> map = new HashedSortedMap<>();
        for (long id = 1; id <= 4; id++) map.put(id, "t" + id);
        for (Long id : map.keySet()) map.remove(id);
        assertEquals(Map.of(), map);
        map.put(7L, "t7");
        assertThrows(UnsupportedOperationException.class, () -> map.entrySet().iterator().next().setValue("x"));
        assertThrows(UnsupportedOperationException.class, () -> {
            var it = map.keySet().iterator();
            it.next();
            it.remove();
        });
        assertThrows(UnsupportedOperationException.class, () -> map.byHash().iterator().next().setValue("x"));
        assertThrows(NullPointerException.class, () -> map.put(null, "x"));
    }

    /** A seeded walk of writes (a clear among them) and reads, against a tree, for content, walk order, JSON and a restore. */
    @Test
    void anyWriteSequenceMatchesATreeInAnswersWalksAndJson() throws Exception {
        for (int seed = 0; seed < 200; seed++) {
            Random random = new Random(seed);
            HashedSortedMap<String, Integer> map = new HashedSortedMap<>();
            TreeMap<String, Integer> expected = new TreeMap<>();
            for (int step = 0; step < 80; step++) {
                // Ids like the journal's: a letter and a number, unpadded, so string order is not number order.
                String key = "m" + random.nextInt(40);
                int value = random.nextInt(1000);
                String why = "seed " + seed + " step " + step;
                if (random.nextInt(60) == 0) {
                    expected.clear();
                    map.clear();
                }
                switch (random.nextInt(5)) {
                    case 0, 1 -> assertEquals(expected.put(key, value), map.put(key, value), why);
                    case 2 -> assertEquals(expected.remove(key), map.remove(key), why);
                    case 3 -> assertEquals(expected.computeIfAbsent(key, k -> value), map.computeIfAbsent(key, k -> value), why);
                    default -> assertEquals(expected.merge(key, value, Integer::sum), map.merge(key, value, Integer::sum), why);
                }
                String probe = "m" + random.nextInt(40);
                assertEquals(expected.get(probe), map.get(probe), why);
                assertEquals(expected.containsKey(probe), map.containsKey(probe), why);
                assertEquals(expected.getOrDefault(probe, -1), map.getOrDefault(probe, -1), why);
                assertEquals(expected.size(), map.size(), why);
                assertEquals(expected.size(), map.entrySet().size(), why);
                assertEquals(expected.isEmpty(), map.isEmpty(), why);
                assertEquals(new ArrayList<>(expected.entrySet()), new ArrayList<>(map.entrySet()), why);
                assertEquals(new ArrayList<>(expected.values()), new ArrayList<>(map.values()), why);
                assertEquals(JSON.writeValueAsString(expected), JSON.writeValueAsString(map), why);
            }
            HashedSortedMap<String, Integer> restored = JSON.readValue(JSON.writeValueAsString(map), new TypeReference<HashedSortedMap<String, Integer>>() {});
            assertEquals(new ArrayList<>(expected.entrySet()), new ArrayList<>(restored.entrySet()), "seed " + seed + " restored");
        }
    }

    /** Thousands of keys grown into and taken out again: the table's growth and its removals' moves, against a tree, also in no order. */
    @Test
    void manyKeysWrittenAndRemovedMatchATreeAlsoInNoOrder() {
        for (int seed = 0; seed < 20; seed++) {
            Random random = new Random(seed);
            HashedSortedMap<Long, Integer> map = new HashedSortedMap<>();
            TreeMap<Long, Integer> expected = new TreeMap<>();
            int keys = 50 + random.nextInt(5000);
            for (int step = 0; step < 20_000; step++) {
                long key = random.nextInt(keys) * 1_000_003L;
                String why = "seed " + seed + " step " + step;
                if (random.nextInt(3) == 0) assertEquals(expected.remove(key), map.remove(key), why);
                else assertEquals(expected.put(key, step), map.put(key, step), why);
                long probe = random.nextInt(keys) * 1_000_003L;
                assertEquals(expected.get(probe), map.get(probe), why);
                assertEquals(expected.size(), map.size(), why);
            }
            assertEquals(new ArrayList<>(expected.entrySet()), new ArrayList<>(map.entrySet()), "seed " + seed);
            TreeMap<Long, Integer> byHash = new TreeMap<>();
            for (var e : map.byHash()) assertEquals(null, byHash.put(e.getKey(), e.getValue()), "each key once, seed " + seed);
            assertEquals(expected, byHash, "seed " + seed);
            for (Long k : new ArrayList<>(expected.keySet())) assertEquals(expected.remove(k), map.remove(k));
            assertTrue(map.isEmpty());
            assertEquals(0, map.entrySet().size());
            assertFalse(map.byHash().iterator().hasNext());
        }
    }
}
