package dev.routing.projections.turns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The owner window keeps what a sorted map trimmed to its highest ids keeps, and writes the same JSON. */
class OwnerWindowTest {
    private static final ObjectMapper JSON = new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    @Test
    void ascendingIdsKeepTheNewestAndForgetTheOldest() {
        OwnerWindow window = new OwnerWindow(3);
        for (long id = 1; id <= 5; id++) window.put(id, "a" + id);
        assertEquals(Map.of(3L, "a3", 4L, "a4", 5L, "a5"), window);
        assertNull(window.owner(2));
        assertEquals("a4", window.owner(4));
    }

    @Test
    void anIdOutOfOrderIsPlacedInOrderAndOneBelowAFullWindowIsNotKept() {
        OwnerWindow window = new OwnerWindow(3);
        window.put(10L, "x");
        window.put(30L, "z");
        window.put(20L, "y");
        assertEquals("[10, 20, 30]", window.keySet().toString());
        window.put(5L, "too old");
        assertNull(window.owner(5));
        window.put(25L, "w");
        assertEquals("[20, 25, 30]", window.keySet().toString());
        assertEquals("y", window.put(20L, "again"));
        assertEquals("again", window.owner(20));
    }

    @Test
    void removingAnIdIsRefused() {
        OwnerWindow window = new OwnerWindow(2);
        window.put(1L, "a");
        assertThrows(UnsupportedOperationException.class, () -> window.remove(1L));
    }

    /** A seeded walk of mostly ascending ids with repeats and stragglers, against the sorted map it stands for. */
    @Test
    void anyPutSequenceMatchesASortedMapTrimmedToItsHighestIdsInContentAndJson() throws Exception {
        for (int seed = 0; seed < 200; seed++) {
            Random random = new Random(seed);
            int capacity = 1 + random.nextInt(8);
            OwnerWindow window = new OwnerWindow(capacity);
            TreeMap<Long, String> expected = new TreeMap<>();
            long next = 1;
            for (int step = 0; step < 60; step++) {
                long id = switch (random.nextInt(4)) {
                    case 0 -> Math.max(0, next - 1 - random.nextInt(12));
                    default -> next++;
                };
                String agent = "agent" + random.nextInt(4);
                window.put(id, agent);
                expected.put(id, agent);
                while (expected.size() > capacity) expected.pollFirstEntry();
                String why = "seed " + seed + " step " + step;
                assertEquals(expected, window, why);
                assertEquals(JSON.writeValueAsString(expected), JSON.writeValueAsString(window), why);
                long probe = random.nextInt((int) next + 2);
                assertEquals(expected.get(probe), window.owner(probe), why);
            }
            OwnerWindow restored = JSON.readValue(JSON.writeValueAsString(window), OwnerWindow.class);
            assertEquals(expected, restored, "seed " + seed + " restored");
        }
    }
}
