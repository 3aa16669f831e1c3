package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/**
 * A sealed day is mapped in constant time (docs/decisions/0011): {@link SealedIds#over} checks its
 * counts, not its entries, since the file's checksum covers their bytes. What the checksum cannot
 * catch (a table a writer's bug made) is refused where a lookup or a walk meets it, never read as an
 * answer: a slot pointing past the entries, an entry marked dead, an entry cut at the end.
 */
class SealedIdsDamageTest {
    private static final long DAY = 20_400;
    private static final int IDS = 100;

    @Test
    void anIntactTableAnswersEveryIdAndItsReader() {
        SealedIds table = SealedIds.over(DAY, SealedIds.Body.of(intact()));
        assertEquals(IDS, table.size());
        for (int i = 0; i < IDS; i++) assertEquals(reader(i), table.lookup(id(i)), id(i));
        assertEquals(ForgottenIds.NOT_HELD, table.lookup("op-never"));
    }

    @Test
    void aSlotPointingPastTheEntriesIsRefusedByTheLookupThatMeetsIt() {
        ByteBuffer b = intact();
        long slots = b.getLong(8);
        int offsetBits = Long.SIZE - Long.numberOfLeadingZeros(b.getLong(16));
        for (int i = 0; i < slots; i++) {
            int s = b.getInt(24 + 4 * i);
            // its tag kept, so the probe compares it; its offset all ones: past the entries' end
            if (s != 0) b.putInt(24 + 4 * i, s | (1 << offsetBits) - 1);
        }
        SealedIds table = SealedIds.over(DAY, SealedIds.Body.of(b));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.lookup(id(5)));
        assertTrue(e.getMessage().contains("points past the entries"), e.getMessage());
    }

    @Test
    void aSlotHoldingATagAndNoEntryIsRefusedByTheLookupThatMeetsIt() {
        ByteBuffer b = intact();
        long slots = b.getLong(8);
        int offsetBits = Long.SIZE - Long.numberOfLeadingZeros(b.getLong(16));
        for (int i = 0; i < slots; i++) {
            int s = b.getInt(24 + 4 * i);
            if (s != 0) b.putInt(24 + 4 * i, s & -(1 << offsetBits)); // its tag kept, its offset gone
        }
        SealedIds table = SealedIds.over(DAY, SealedIds.Body.of(b));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.lookup(id(5)));
        assertTrue(e.getMessage().contains("holds a tag and no entry"), e.getMessage());
    }

    @Test
    void anEntryMarkedDeadIsRefusedByTheLookupAndTheWalkThatMeetIt() {
        ByteBuffer b = intact();
        int first = entriesAt(b);
        b.put(first, (byte) (b.get(first) | IdArena.DEAD)); // the flags sit in the header's first byte
        SealedIds table = SealedIds.over(DAY, SealedIds.Body.of(b));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.lookup(id(0)));
        assertTrue(e.getMessage().contains("a bad entry header"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> table.forEachEntry(key -> true, bytes -> {}));
    }

    @Test
    void anEntryCutAtTheEndIsRefusedByTheLookupAndTheWalkThatMeetIt() {
        ByteBuffer whole = intact();
        ByteBuffer cut = whole.slice(0, whole.capacity() - 2).order(ByteOrder.LITTLE_ENDIAN);
        assertThrows(IllegalArgumentException.class, () -> SealedIds.over(DAY, SealedIds.Body.of(cut)), "its entries' length is 2 bytes more");
        cut.putLong(16, cut.getLong(16) - 2); // a writer that counted the cut entries' bytes
        SealedIds table = SealedIds.over(DAY, SealedIds.Body.of(cut));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.lookup(id(IDS - 1)));
        assertTrue(e.getMessage().contains("damaged"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> table.forEachEntry(key -> true, bytes -> {}));
    }

    @Test
    void countsThatCannotFitTheBytesAreRefusedAtOnce() {
        ByteBuffer tooMany = intact();
        tooMany.putLong(0, tooMany.getLong(8)); // every slot full: more than three quarters
        assertThrows(IllegalArgumentException.class, () -> SealedIds.over(DAY, SealedIds.Body.of(tooMany)));
        ByteBuffer noRoom = intact();
        noRoom.putLong(0, noRoom.capacity()); // more ids than bytes
        assertThrows(IllegalArgumentException.class, () -> SealedIds.over(DAY, SealedIds.Body.of(noRoom)));
    }

    /**
     * Slots past the bytes are refused for what they are, though an entries' length to match them
     * (negative) is stored: the counts are checked one by one, not only against each other. A table of
     * no ids whose slots take every byte is a table.
     */
    @Test
    void slotsPastTheBytesAreRefusedAndSlotsFillingThemAreATable() {
        int length = 24 + 4 * 32;
        ByteBuffer past = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        long slots = (length - 24) / 4 + 1;
        past.putLong(0, 0).putLong(8, slots).putLong(16, length - 24 - 4 * slots);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SealedIds.over(DAY, SealedIds.Body.of(past)));
        assertEquals("a table of 33 slots in 152 bytes", e.getMessage());
        ByteBuffer full = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        full.putLong(0, 0).putLong(8, (length - 24) / 4).putLong(16, 0);
        SealedIds empty = SealedIds.over(DAY, SealedIds.Body.of(full));
        assertEquals(0, empty.size());
        assertEquals(ForgottenIds.NOT_HELD, empty.lookup("op-never"));
    }

    @Test
    void aSealedDayTakesAtMostFourThirdsOfASlotAnId() {
        // a power-of-two table just past a doubling held 2.6 slots an id: 10.5 bytes of a day file's 22
        for (int ids : new int[] {1, 12, 100, 49_153, 100_000}) {
            ByteBuffer b = SealedIds.encode(ids, SealedIdsDamageTest::id, SealedIdsDamageTest::reader);
            long slots = b.getLong(8);
            assertTrue(slots <= Math.max(16, (4L * ids + 2) / 3 + 1), ids + " ids in " + slots + " slots");
            SealedIds table = SealedIds.over(DAY, SealedIds.Body.of(b));
            for (int i = 0; i < ids; i += Math.max(1, ids / 500)) assertEquals(reader(i), table.lookup(id(i)), id(i));
            for (int i = 0; i < 500; i++) assertEquals(ForgottenIds.NOT_HELD, table.lookup("absent-" + i));
        }
    }

    @Test
    void aLookupThatMissesComparesNoEntryWhoseSlotsTagDiffers() {
        // every entry unreadable: a probe that compared one would refuse it, so a miss that answers read none
        ByteBuffer b = intact();
        for (int at = entriesAt(b); at < b.capacity(); at++) b.put(at, (byte) 0xFF);
        SealedIds table = SealedIds.over(DAY, SealedIds.Body.of(b));
        for (int i = 0; i < 1_000; i++) assertEquals(ForgottenIds.NOT_HELD, table.lookup("absent-" + i));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.lookup(id(5)));
        assertTrue(e.getMessage().contains("a bad entry header"), e.getMessage());
    }

    private static String id(int i) {
        return "op-" + i;
    }

    private static long reader(int i) {
        return i % 2 == 0 ? 7 + i : ForgottenIds.NO_READER;
    }

    private static ByteBuffer intact() {
        ByteBuffer encoded = SealedIds.encode(IDS, SealedIdsDamageTest::id, SealedIdsDamageTest::reader);
        ByteBuffer copy = ByteBuffer.allocate(encoded.capacity()).order(ByteOrder.LITTLE_ENDIAN);
        copy.put(encoded.duplicate().clear()).clear();
        return copy;
    }

    private static int entriesAt(ByteBuffer b) {
        return (int) (24 + 4 * b.getLong(8));
    }
}
