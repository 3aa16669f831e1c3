package dev.routing.journal.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.routing.journal.event.Entry;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.TurnEnded;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The stored form (schema 2) gives back every entry as it was, and reads nothing it cannot be sure
 * of: a cut, a flipped byte, a missing field or a value out of range is a {@link BadEntryException}
 * naming the field, never another exception and never a different entry read silently.
 */
class RecordBinaryTest {
    private static final Instant AT = Instant.parse(EntrySamples.AT);

    static List<Entry> samples() {
        List<Entry> all = new ArrayList<>(EntrySamples.full());
        all.addAll(EntrySamples.minimal());
        return all;
    }

    private static Entry read(byte[] stored) {
        return EntryCodec.decode(EntryCodec.SCHEMA_VERSION, stored, 0, stored.length);
    }

    @ParameterizedTest
    @MethodSource("samples")
    void everyEntryReadsBackEqualAndStoresToTheSameBytes(Entry entry) {
        byte[] stored = EntryCodec.store(entry);
        Entry back = read(stored);
        assertEquals(entry, back);
        assertArrayEquals(stored, EntryCodec.store(back));
        assertEquals(entry.type(), EntryCodec.typeOf(EntryCodec.SCHEMA_VERSION, stored, 0, stored.length));
    }

    @ParameterizedTest
    @MethodSource("samples")
    void everyCutIsRefusedAsACutNotReadAsAShorterEntry(Entry entry) {
        byte[] stored = EntryCodec.store(entry);
        for (int n = 0; n < stored.length; n++) {
            int length = n;
            assertThrows(BadEntryException.class, () -> EntryCodec.decode(EntryCodec.SCHEMA_VERSION, stored, 0, length),
                    () -> entry.type() + " cut to " + length + " of " + stored.length + " bytes");
        }
    }

    @ParameterizedTest
    @MethodSource("samples")
    void aChangedByteIsRefusedOrReadAsAnEntryNeverAnotherFailure(Entry entry) {
        byte[] stored = EntryCodec.store(entry);
        for (int i = 0; i < stored.length; i++) {
            for (int value : new int[] {0x00, 0x7F, 0x80, 0xFF, (stored[i] + 1) & 0xFF}) {
                byte[] changed = stored.clone();
                changed[i] = (byte) value;
                try {
                    assertNotNull(read(changed));
                } catch (BadEntryException expected) {
                    // refused, naming what it could not read
                } catch (RuntimeException | StackOverflowError | OutOfMemoryError other) {
                    fail(entry.type() + " with byte " + i + " set to " + value + " threw " + other, other);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "plain", "tab\tnewline\n\u0000nul", "\u00fcn\u00efcode", "\u2603 snow", "emoji \ud83d\ude00 pair",
        "\ud83d\ude00", "mixed a\u00e9\u4e2d\ud83d\ude00z"})
    void textReadsBackCharForChar(String text) {
        RoundSpoken spoken = new RoundSpoken(AT, 1L, 1, text, List.of(), false);
        assertEquals(spoken, read(EntryCodec.store(spoken)));
    }

    @Test
    void textWithALoneSurrogateIsNotStoredAsAQuestionMark() {
        RoundSpoken spoken = new RoundSpoken(AT, 1L, 1, "half \ud83d of a pair", List.of(), false);
        assertEquals("text", assertThrows(BadEntryException.class, () -> EntryCodec.store(spoken)).field());
    }

    @Test
    void textThatIsNotUtf8IsRefusedNamingItsField() {
        byte[] stored = EntryCodec.store(new RoundSpoken(AT, 1L, 1, "ab", List.of(), false));
        int at = indexOf(stored, new byte[] {2, 'a', 'b'});
        stored[at + 1] = (byte) 0xC3; // a lead byte with no continuation
        BadEntryException e = assertThrows(BadEntryException.class, () -> read(stored));
        assertEquals("text", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("not UTF-8"), e.getMessage());
    }

    @Test
    void anUnknownTypeIsRefusedAsType() {
        byte[] stored = EntryCodec.store(new TurnEnded(AT, 7L));
        stored[1 + "turn.".length()] = 'x'; // turn.xnded
        BadEntryException e = assertThrows(BadEntryException.class, () -> read(stored));
        assertEquals("type", e.field());
        assertTrue(e.getMessage().contains("turn.xnded"), e.getMessage());
    }

    @Test
    void aRequiredFieldLeftOutIsRefusedNamingIt() {
        byte[] stored = EntryCodec.store(new TurnEnded(AT, 7L));
        int mask = 1 + "turn.ended".length();
        assertEquals(0b11, stored[mask], "at and turn present");
        stored[mask] = 0b01;
        byte[] withoutTurn = Arrays.copyOf(stored, stored.length - 1); // the turn's one byte gone
        BadEntryException e = assertThrows(BadEntryException.class, () -> read(withoutTurn));
        assertEquals("turn", e.field());
        assertTrue(e.getMessage().contains("missing required field"), e.getMessage());
    }

    @Test
    void aComponentThisBuildLacksIsRefusedNotSkipped() {
        byte[] stored = EntryCodec.store(new TurnEnded(AT, 7L));
        stored[1 + "turn.ended".length()] = 0b111; // a third component, which turn.ended does not have
        BadEntryException e = assertThrows(BadEntryException.class, () -> read(stored));
        assertTrue(e.getMessage().contains("newer build"), e.getMessage());
    }

    @Test
    void aFlagOtherThanZeroOrOneIsRefusedNamingIt() {
        byte[] stored = EntryCodec.store(new RoundSpoken(AT, 1L, 1, "", List.of(), true));
        stored[stored.length - 1] = 2;
        BadEntryException e = assertThrows(BadEntryException.class, () -> read(stored));
        assertEquals("privateThink", e.field(), e.getMessage());
    }

    @Test
    void bytesAfterTheLastValueAreRefused() {
        byte[] stored = EntryCodec.store(new TurnEnded(AT, 7L));
        byte[] longer = Arrays.copyOf(stored, stored.length + 1);
        assertThrows(BadEntryException.class, () -> read(longer));
    }

    @Test
    void anInstantOutsideTheJournalsYearsIsRefusedNamingIt() {
        byte[] stored = EntryCodec.store(new TurnEnded(Instant.ofEpochSecond(0), 7L));
        int at = 1 + "turn.ended".length() + 1;
        assertEquals(0, stored[at], "epoch second 0, zigzag");
        stored[at] = 1; // zigzag -1: 1969
        BadEntryException e = assertThrows(BadEntryException.class, () -> read(stored));
        assertEquals("at", e.field(), e.getMessage());
    }

    @Test
    void aNestedFaultIsNamedByItsPath() {
        Entry notice = EntrySamples.full().stream().filter(x -> x.type().equals("notice.issued")).findFirst().orElseThrow();
        byte[] stored = EntryCodec.store(notice);
        int work = indexOf(stored, new byte[] {4, 'w', 'o', 'r', 'k'});
        stored[work + 1] = (byte) 0xFF; // names.channels[0] is no UTF-8
        BadEntryException e = assertThrows(BadEntryException.class, () -> read(stored));
        assertEquals("names.channels[0]", e.field(), e.getMessage());
    }

    @Test
    void anEnumWordThisBuildDoesNotKnowIsRefusedNamingIt() {
        Entry configured = EntrySamples.full().get(0);
        byte[] stored = EntryCodec.store(configured);
        int hybrid = indexOf(stored, new byte[] {6, 'h', 'y', 'b', 'r', 'i', 'd'});
        stored[hybrid + 1] = 'H';
        BadEntryException e = assertThrows(BadEntryException.class, () -> read(stored));
        assertEquals("mode", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("Hybrid"), e.getMessage());
    }

    @Test
    void theStoredFormIsSmallerThanTheJson() {
        long[] storedAndJson = {0, 0};
        for (Entry e : samples()) {
            storedAndJson[0] += EntryCodec.store(e).length;
            storedAndJson[1] += EntryCodec.encode(e).length;
        }
        assertTrue(storedAndJson[0] < storedAndJson[1] * 3 / 4, () -> "stored " + storedAndJson[0] + " bytes, JSON " + storedAndJson[1]);
    }

    private static int indexOf(byte[] in, byte[] part) {
        for (int i = 0; i + part.length <= in.length; i++) {
            if (Arrays.equals(in, i, i + part.length, part, 0, part.length)) return i;
        }
        throw new AssertionError("not found");
    }
}
