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
        SealedIds table = SealedIds.over(DAY, SealedBodies.of(intact()));
        assertEquals(IDS, table.size());
        for (int i = 0; i < IDS; i++) assertEquals(reader(i), table.lookup(id(i)), id(i));
        assertEquals(ForgottenIds.NOT_HELD, table.lookup("op-never"));
    }

    @Test
    void aSlotPointingPastTheEntriesIsRefusedByTheLookupThatMeetsIt() {
        ByteBuffer b = intact();
        long slots = b.getLong(8);
        for (int i = 0; i < slots; i++) {
            if (b.getInt(16 + 4 * i) != 0) b.putInt(16 + 4 * i, Integer.MAX_VALUE);
        }
        SealedIds table = SealedIds.over(DAY, SealedBodies.of(b));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.lookup(id(5)));
        assertTrue(e.getMessage().contains("points past the entries"), e.getMessage());
    }

    @Test
    void anEntryMarkedDeadIsRefusedByTheLookupAndTheWalkThatMeetIt() {
        ByteBuffer b = intact();
        int first = entriesAt(b);
        b.put(first, (byte) (b.get(first) | IdArena.DEAD)); // the flags sit in the header's first byte
        SealedIds table = SealedIds.over(DAY, SealedBodies.of(b));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.lookup(id(0)));
        assertTrue(e.getMessage().contains("a bad entry header"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> table.forEachEntry(key -> true, bytes -> {}));
    }

    @Test
    void anEntryCutAtTheEndIsRefusedByTheLookupAndTheWalkThatMeetIt() {
        ByteBuffer whole = intact();
        ByteBuffer cut = whole.slice(0, whole.capacity() - 2).order(ByteOrder.LITTLE_ENDIAN);
        SealedIds table = SealedIds.over(DAY, SealedBodies.of(cut));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.lookup(id(IDS - 1)));
        assertTrue(e.getMessage().contains("damaged"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> table.forEachEntry(key -> true, bytes -> {}));
    }

    @Test
    void countsThatCannotFitTheBytesAreRefusedAtOnce() {
        ByteBuffer tooMany = intact();
        tooMany.putLong(0, tooMany.getLong(8)); // every slot full: more than three quarters
        assertThrows(IllegalArgumentException.class, () -> SealedIds.over(DAY, SealedBodies.of(tooMany)));
        ByteBuffer noRoom = intact();
        noRoom.putLong(0, noRoom.capacity()); // more ids than bytes
        assertThrows(IllegalArgumentException.class, () -> SealedIds.over(DAY, SealedBodies.of(noRoom)));
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
        return (int) (16 + 4 * b.getLong(8));
    }
}
