package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.event.MessageReceived;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * P2, P15: the ids of public messages let go are kept exactly, each with the turn that first read it,
 * for as long as retention keeps its day, and however many came after it; a checkpoint writes
 * them as a function of what is held, so a restored record answers and writes as the one it
 * came from.
 */
class ForgottenIdsTest {
    private static final Instant AT = Instant.parse("2026-11-02T09:00:00Z");

    /** The reader the record knows for the id from {@code fromDay}, or null (held with none, or not held). */
    private static Long readIn(ForgottenIds ids, String id, long fromDay) {
        long known = ids.lookup(id, fromDay);
        return known == ForgottenIds.NOT_HELD || known == ForgottenIds.NO_READER ? null : known;
    }

    /** What a forgotten id holds in the plain model: the reader (null: none) and the day it was let go. */
    private record Kept(Long reader, long day) {}

    @Test
    void P2_everyIdLetGoIsHeldExactlyHoweverManyCameAfterIt() {
        ForgottenIds ids = new ForgottenIds();
        for (int i = 0; i < 200_000; i++) ids.add("m-" + i, i % 3 == 0 ? null : (long) i, 20_000);
        assertEquals(200_000, ids.size());
        for (int i = 0; i < 200_000; i += 997) {
            assertTrue(ids.holds("m-" + i, 0), "m-" + i);
            assertEquals(i % 3 == 0 ? null : (Long) (long) i, readIn(ids, "m-" + i, 0));
        }
        assertFalse(ids.holds("m-200000", 0), "an id never let go");
        assertFalse(ids.holds("m-1 ", 0), "one character more");
        assertFalse(ids.holds("m-", 0), "a prefix");
        assertNull(readIn(ids, "never", 0));
    }

    @Test
    void P2_idsOfAnyCharactersAndLengthsAreHeldByTheirExactText() {
        ForgottenIds ids = new ForgottenIds();
        // U+0080: the first char past ASCII, so the first whose one char is not its one byte
        String[] odd = {"\u0080", "a\u0080b", "", "é", "e\u0301", "日本語のメッセージ", "🙂 smile", "x".repeat(300), "\u007f",
            "Aa", "BB",
            "0", "7", "007", "07", "-7", "+7", "7.0", "9223372036854775807", "9223372036854775808", "1300000000000000000",
            "99999999999999999999"};
        for (int i = 0; i < odd.length; i++) ids.add(odd[i], (long) (i + 1) * 1_000_003L, 20_000);
        for (int i = 0; i < odd.length; i++) assertEquals((long) (i + 1) * 1_000_003L, readIn(ids, odd[i], 0), odd[i]);
        assertFalse(ids.holds("e", 0), "é's first letter alone");
        assertFalse(ids.holds("x".repeat(299), 0));
        assertFalse(ids.holds("70", 0), "a number is its exact spelling");
        assertFalse(ids.holds("9223372036854775806", 0));
        ForgottenIds restored = ForgottenIds.fromJson(ids.json());
        for (String id : odd) assertTrue(restored.holds(id, 0), id);
        assertEquals(ids.json(), restored.json());
    }

    /**
     * Random adds (ids let go again among them), day changes, expiries and checkpoint round trips,
     * against a plain map: every id answers as the map does, and a record restored from any
     * checkpoint writes the same text as the one it came from.
     */
    @Test
    void P2_P15_theRecordAnswersAsAPlainMapThroughReaddsExpiriesAndCheckpoints() {
        for (int seed = 0; seed < 200; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            ForgottenIds ids = new ForgottenIds();
            Map<String, Kept> model = new HashMap<>();
            long day = 20_000;
            int universe = 1 + random.nextInt(3_000);
            int steps = random.nextInt(6_000);
            for (int step = 0; step < steps; step++) {
                int what = random.nextInt(100);
                if (what < 85) {
                    String id = id(random.nextInt(universe));
                    Long reader = random.nextInt(4) == 0 ? null : (long) random.nextInt(1 << 20);
                    ids.add(id, reader, day);
                    model.put(id, new Kept(reader, day));
                } else if (what < 95) {
                    day += random.nextInt(3);
                } else if (what < 98) {
                    long cutoff = day - random.nextInt(5);
                    ids.expire(cutoff);
                    model.values().removeIf(k -> k.day() < cutoff);
                } else {
                    List<String> json = ids.json();
                    ids = ForgottenIds.fromJson(json);
                    assertEquals(json, ids.json(), "seed " + seed + ": a restored record writes what it was read from");
                }
            }
            assertEquals(model.size(), ids.size(), "seed " + seed);
            for (int i = 0; i < universe; i++) {
                String id = id(i);
                Kept kept = model.get(id);
                assertEquals(kept != null, ids.holds(id, 0), "seed " + seed + ": " + id);
                if (kept != null) assertEquals(kept.reader(), readIn(ids, id, 0), "seed " + seed + ": " + id);
                long from = day - random.nextInt(4);
                assertEquals(kept != null && kept.day() >= from, ids.holds(id, from), "seed " + seed + ": " + id + " from " + from);
            }
            ForgottenIds restored = ForgottenIds.fromJson(ids.json());
            assertEquals(ids.json(), restored.json(), "seed " + seed);
            assertEquals(ids.size(), restored.size());
        }
    }

    /** Ids of three spellings that must stay apart: words, numbers, and numbers with a leading zero. */
    private static String id(int i) {
        return switch (i % 3) {
            case 0 -> "m" + i;
            case 1 -> Long.toString(1_300_000_000_000_000_000L + i);
            default -> "0" + (i - 2) / 3;
        };
    }

    @Test
    void P2_aNumberAndTheSameDigitsSpelledOtherwiseAreTwoIds() {
        ForgottenIds ids = new ForgottenIds();
        ids.add("12", 1L, 20_000);
        assertFalse(ids.holds("012", 0));
        ids.add("012", 2L, 20_000);
        assertEquals(1L, readIn(ids, "12", 0));
        assertEquals(2L, readIn(ids, "012", 0));
        assertEquals(12, ForgottenIds.decimalValue("12"));
        assertEquals(-1, ForgottenIds.decimalValue("012"));
        assertEquals(Long.MAX_VALUE, ForgottenIds.decimalValue("9223372036854775807"));
        assertEquals(-1, ForgottenIds.decimalValue("9223372036854775808"));

    }

    @Test
    void P2_twoRecordsHoldingTheSameIdsWriteTheSameTextWhateverTheyLetGoAgain() {
        ForgottenIds once = new ForgottenIds();
        ForgottenIds again = new ForgottenIds();
        for (int i = 0; i < 10_000; i++) again.add("m" + (i % 7), (long) i, 20_000);
        for (int i = 10_000 - 7; i < 10_000; i++) once.add("m" + (i % 7), (long) i, 20_000);
        assertEquals(once.json(), again.json());
    }

    @Test
    void P2_aDayLeavesWholeAndOnlyOnceRetentionPassesIt() {
        ForgottenIds ids = new ForgottenIds();
        ids.add("old", 1L, 20_000);
        ids.add("kept", 2L, 20_001);
        ids.add("moved", 3L, 20_000);
        ids.add("moved", 4L, 20_002); // let go again: kept by its newer day
        assertEquals(0, ids.expire(20_000));
        assertEquals(1, ids.expire(20_001));
        assertFalse(ids.holds("old", 0));
        assertTrue(ids.holds("kept", 0));
        assertEquals(4L, readIn(ids, "moved", 0));
        assertFalse(ids.holds("kept", 20_002), "let go on a day before the first one kept");
        assertTrue(ids.holds("moved", 20_002));
        assertEquals(null, readIn(ids, "kept", 20_002));
    }

    @Test
    void aCheckpointsBytesThatEndInsideAnEntryAreRefused() {
        ForgottenIds ids = new ForgottenIds();
        ids.add("m1", 1L, 20_000);
        byte[] whole = Base64.getDecoder().decode(ids.json().get(0));
        assertThrows(IllegalArgumentException.class, () -> ForgottenIds.fromJson(chunks(Arrays.copyOf(whole, whole.length - 1))));
    }

    private static List<String> chunks(byte[] bytes) {
        return List.of(Base64.getEncoder().encodeToString(bytes));
    }

    /** A damaged form is refused with a clear error, never read as something else or allocated for from a count it cannot hold. */
    @Test
    void aDamagedCheckpointIsRefusedWithAnErrorThatSaysWhat() {
        // a day count no bytes could hold
        assertThrows(IllegalArgumentException.class, () -> ForgottenIds.fromJson(chunks(new byte[] {(byte) 0xFF, (byte) 0xFF, 0x7F})));
        // a number over 64 bits
        byte[] huge = new byte[12];
        Arrays.fill(huge, (byte) 0xFF);
        assertThrows(IllegalArgumentException.class, () -> ForgottenIds.fromJson(chunks(huge)));
        // the same id twice
        ForgottenIds one = new ForgottenIds();
        one.add("m1", 1L, 20_000);
        byte[] form = Base64.getDecoder().decode(one.json().get(0)); // days=1, day, count=1, entry
        int entry = 1 + 3 + 1;
        byte[] twice = Arrays.copyOf(form, form.length + (form.length - entry));
        System.arraycopy(form, entry, twice, form.length, form.length - entry);
        twice[4] = 2;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ForgottenIds.fromJson(chunks(twice)));
        assertTrue(e.getMessage().contains("twice"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ForgottenIds.fromJson(List.of()));
        assertThrows(IllegalArgumentException.class, () -> ForgottenIds.fromJson(List.of("not base64!")));
    }

    /** P2, fail closed: an id with a lone surrogate has no UTF-8 form: it is never held, nor does its '?' spelling answer for it. */
    @Test
    void P2_anIdWithALoneSurrogateIsNeverHeldAndNoOtherIdAnswersForIt() {
        ForgottenIds ids = new ForgottenIds();
        ids.add("a\uD800", 1L, 20_000);
        ids.add("\uD800é", 1L, 20_000);
        ids.add("b", 2L, 20_000);
        for (int i = 0; i < 100; i++) ids.add("c" + i, 3L, 20_000); // through a rehash
        assertFalse(ids.holds("a\uD800", 0));
        assertFalse(ids.holds("a?", 0));
        assertFalse(ids.holds("\uD800é", 0), "a lone surrogate first");
        assertEquals(101, ids.size());
        assertTrue(ids.holds("b", 0));
    }

    /**
     * A record past a JSON reader's longest string (Jackson's 20 million characters): written in
     * chunks, restored whole, through the state's own codec as a checkpoint does.
     */
    @Test
    void P2_aRecordOfMillionsOfIdsIsWrittenAndRestoredThroughTheCheckpointsCodec() {
        EngineState s = new EngineState();
        ForgottenIds ids = s.privacy.forgotten.computeIfAbsent("qa", a -> new ForgottenIds());
        for (int i = 0; i < 1_800_000; i++) ids.add("slack-" + (1_700_000_000_000L + i), (long) i + 1, 20_000);
        assertTrue(ids.json().size() > 20, "chunks: " + ids.json().size());
        EngineState restored = StateCodec.fromTree(StateCodec.toTree(s));
        assertEquals(1_800_000, restored.privacy.forgotten.get("qa").size());
        assertEquals(900_001L, restored.privacy.forgottenLookup("qa", "slack-" + (1_700_000_000_000L + 900_000), 20_000));
    }

    /** Through the record: a public message read is let go, and the state restored from a checkpoint knows it as the live one does. */
    @Test
    void P2_aPublicMessageReadIsLetGoAndARestoredStateKnowsIt() {
        EngineState live = new EngineState();
        for (int i = 0; i < 5_000; i++) {
            String id = "c" + i;
            live.privacy.store("qa", id, StoredMessage.of(new MessageReceived(AT, id, "qa", "channel-message", "work",
                    "discord", false, null, "words", "host", null, false)));
            live.privacy.markRead("qa", id, (long) i + 1, 20_000);
        }
        EngineState restored = StateCodec.fromTree(StateCodec.toTree(live));
        assertEquals(StateCodec.toJson(live), StateCodec.toJson(restored));
        assertNull(restored.privacy.message("qa", "c0"), "read and let go");
        assertTrue(restored.privacy.forgottenHolds("qa", "c0", 20_000));
        assertEquals(1L, restored.privacy.forgottenLookup("qa", "c0", 20_000));
        assertFalse(restored.privacy.forgottenHolds("qa", "c0", 20_000 + 31), "retention keeps it 30 days");
    }
}
