package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Today's table keeps each id's tag beside its entry's offset in one slot ({@link IdTable}), so a
 * probe reads the arena only where a tag matches. The offsets take the bits the arena needs; when it
 * outgrows them, the slots are tagged anew. These drive the table alone (no days, no compaction),
 * so the arena grows past each boundary while the count of ids stays the same and the table never
 * grows for room.
 */
class IdTableTagsTest {
    /** Ids of both kinds the arena keeps: numbers by value, any other id by its bytes. */
    private static String id(int i) {
        return i % 3 == 0 ? "room-" + i + "-é" : Long.toString(1_100_000_000_000_000_000L + 7_919L * i);
    }

    /** Lets {@code id} go as the record does: its older entry, if any, dies, and its new one is found from now on. */
    private static void letGo(IdTable table, IdArena arena, String id, long reader) {
        IdKey key = IdKey.of(id);
        int found = table.find(key);
        if (found >= 0) arena.kill(table.entry(found));
        table.put(key, found, arena.append(key, reader), found < 0);
    }

    @Test
    void P2_everyIdIsFoundAtItsNewestEntryAsTheArenaOutgrowsTheOffsetsBits() {
        IdArena arena = new IdArena();
        IdTable table = new IdTable(arena);
        int ids = 1_000;
        List<String> absent = new ArrayList<>();
        for (int i = 0; i < ids; i++) absent.add(id(ids + i));
        int slotsAfterFirstRound = -1;
        for (int round = 0; round < 120; round++) {
            for (int i = 0; i < ids; i++) letGo(table, arena, id(i), round * 10_000L + i);
            if (round == 0) slotsAfterFirstRound = table.slots.length;
            for (int i = 0; i < ids; i++) {
                int slot = table.find(IdKey.of(id(i)));
                assertTrue(slot >= 0, "round " + round + ": " + id(i) + " is found");
                assertEquals(round * 10_000L + i, arena.reader(table.entry(slot), -1), "round " + round + ": " + id(i) + " at its newest entry");
            }
            for (String other : absent) assertTrue(table.find(IdKey.of(other)) < 0, "round " + round + ": " + other + " was never let go");
        }
        assertEquals(ids, table.live);
        assertEquals(slotsAfterFirstRound, table.slots.length, "the table never grew for room: only the arena did");
        assertTrue(arena.end > 1 << 20, "the arena went past several of the offsets' boundaries: " + arena.end + " bytes");
    }

    @Test
    void P2_idsRemovedAfterTheTagsWereSetAnewLeaveTheOthersFound() {
        IdArena arena = new IdArena();
        IdTable table = new IdTable(arena);
        Random random = new Random(5);
        int ids = 2_000;
        for (int round = 0; round < 40; round++) {
            for (int i = 0; i < ids; i++) letGo(table, arena, id(i), round);
        }
        boolean[] removed = new boolean[ids];
        for (int k = 0; k < ids / 2; k++) {
            int i = random.nextInt(ids);
            if (removed[i]) continue;
            int at = table.entry(table.find(IdKey.of(id(i))));
            table.remove(at, arena.header(at));
            removed[i] = true;
        }
        for (int i = 0; i < ids; i++) {
            int slot = table.find(IdKey.of(id(i)));
            if (removed[i]) {
                assertTrue(slot < 0, id(i) + " was removed");
            } else {
                assertTrue(slot >= 0, id(i) + " is still found");
                assertEquals(39, arena.reader(table.entry(slot), -1));
            }
        }
    }
}
