package dev.routing.projections.drafts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import dev.routing.projections.packed.PackedOut;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A state checkpoint packs each resident's drafts ({@link DraftsForm}): a sidecar's week kept about
 * 6,000 of them, three quarters of its checkpoint as JSON objects, written and read back at every
 * checkpoint. Packed, any drafts read back as they were, in their canonical form, which is unchanged;
 * an earlier build's checkpoint still reads; and a form no writer could have written is refused
 * saying what and whose, never read as other drafts.
 */
class DraftsFormTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A draft as a busy week holds them: bounced words, attempted once and delivered. */
    private static Draft delivered(String agent, long n) {
        Draft d = new Draft();
        d.id = "d-" + n;
        d.agent = agent;
        d.cause = "no-channel";
        d.text = "The deploy of build " + n + " finished; two checks were skipped and one is still running.";
        d.seq = n;
        d.turn = 40_000 + n;
        d.heldAtMillis = 1_793_600_000_000L + n * 1_000;
        d.touchedMillis = d.heldAtMillis + 5_000;
        d.attempts.add(n * 3);
        d.delivered = true;
        return d;
    }

    @Test
    void aCheckpointHoldsADraftInUnderHalfItsJson() {
        EngineState state = new EngineState();
        for (int i = 0; i < 2_000; i++) state.drafts.put(delivered("agent-" + i % 7, i));
        int canonical = draftsPart(StateCodec.toBytes(state)).length();
        int packed = draftsPart(StateCodec.toCheckpointBytes(state)).length();
        assertTrue(packed * 2 <= canonical, () -> "packed " + packed + " bytes, as JSON objects " + canonical);
        assertEquals(StateCodec.toJson(state), StateCodec.toJson(StateCodec.fromJson(StateCodec.toCheckpointBytes(state))));
    }

    /** The canonical form ({@code state}, {@code verify}, a journal's audit) is the JSON objects it always was. */
    @Test
    void theCanonicalFormOfDraftsIsUnchanged() {
        EngineState state = new EngineState();
        Draft d = new Draft();
        d.id = "d-2";
        d.agent = "qa";
        d.cause = "no-channel";
        d.text = "hello \"there\" ünï";
        d.risk = true;
        d.seq = 4;
        d.turn = 17L;
        d.heldAtMillis = 1_700_000_000_000L;
        d.touchedMillis = 1_700_000_005_000L;
        d.attempts.addAll(List.of(3L, 9L));
        d.outAttempt = 9L;
        d.namings = 2;
        state.drafts.put(d);
        Draft e = new Draft();
        e.id = "d-10";
        e.agent = "qa";
        e.cause = "bounced";
        e.text = "";
        e.seq = 5;
        e.heldAtMillis = -5;
        e.touchedMillis = -5;
        e.queuedBehind = 2L;
        e.delivered = true;
        e.renameDue = true;
        state.drafts.put(e);
        assertEquals("{\"qa\":{\"d-10\":{\"id\":\"d-10\",\"agent\":\"qa\",\"cause\":\"bounced\",\"text\":\"\",\"risk\":false,\"seq\":5,"
                + "\"heldAtMillis\":-5,\"touchedMillis\":-5,\"attempts\":[],\"queuedBehind\":2,\"delivered\":true,\"dismissed\":false,"
                + "\"unconfirmed\":false,\"named\":false,\"renameDue\":true},\"d-2\":{\"id\":\"d-2\",\"agent\":\"qa\",\"cause\":\"no-channel\","
                + "\"text\":\"hello \\\"there\\\" ünï\",\"risk\":true,\"seq\":4,\"turn\":17,\"heldAtMillis\":1700000000000,"
                + "\"touchedMillis\":1700000005000,\"attempts\":[3,9],\"outAttempt\":9,\"delivered\":false,\"dismissed\":false,"
                + "\"unconfirmed\":false,\"named\":false,\"namings\":2}}}", draftsPart(StateCodec.toBytes(state)));
    }

    @Test
    void anyDraftsReadBackFromACheckpointAsTheyWere() {
        for (int seed = 0; seed < 300; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            EngineState state = new EngineState();
            int agents = 1 + random.nextInt(3);
            for (int a = 0; a < agents; a++) {
                String agent = agent(random, a);
                int count = random.nextInt(30);
                for (int i = 0; i < count; i++) state.drafts.put(draft(random, agent));
            }
            if (random.nextInt(5) == 0) state.drafts.drafts.put("agent-none", new HashMap<>());
            EngineState restored = StateCodec.fromJson(StateCodec.toCheckpointBytes(state));
            assertEquals(StateCodec.toJson(state), StateCodec.toJson(restored), "seed " + seed);
        }
    }

    /**
     * Every field a draft has, set alone to a value not its default, reads back from a checkpoint: a
     * field added to {@link Draft} and not to the packed form would otherwise be lost at each restore.
     */
    @Test
    void everyFieldOfADraftReadsBackFromACheckpoint() throws ReflectiveOperationException {
        int fields = 0;
        for (Field f : Draft.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) || Modifier.isTransient(f.getModifiers())) continue;
            if (f.getName().equals("id") || f.getName().equals("agent")) continue;
            Draft d = delivered("qa", 5);
            d.delivered = false;
            d.attempts.clear();
            Class<?> type = f.getType();
            if (type == boolean.class) f.setBoolean(d, !f.getBoolean(d));
            else if (type == long.class) f.setLong(d, f.getLong(d) + 12_345);
            else if (type == int.class) f.setInt(d, f.getInt(d) + 3);
            else if (type == Long.class) f.set(d, f.get(d) == null ? 77L : null);
            else if (type == String.class) f.set(d, f.get(d) == null ? "set" : null);
            else if (type == List.class) d.attempts.add(42L);
            else throw new AssertionError("a field of a type this test cannot set: " + f);
            EngineState state = new EngineState();
            state.drafts.put(d);
            String canonical = StateCodec.toJson(state);
            assertEquals(canonical, StateCodec.toJson(StateCodec.fromJson(StateCodec.toCheckpointBytes(state))), f.getName());
            fields++;
        }
        assertEquals(16, fields, "the fields besides id and agent");
    }

    @Test
    void anEarlierBuildsCheckpointOfDraftsAsObjectsStillReads() {
        String earlier = "{\"drafts\":{\"drafts\":{\"qa\":{\"d-7\":{\"id\":\"d-7\",\"agent\":\"qa\",\"cause\":\"bounced\",\"text\":\"hi\","
                + "\"risk\":true,\"seq\":3,\"heldAtMillis\":10,\"touchedMillis\":12,\"attempts\":[4],\"outAttempt\":4,"
                + "\"delivered\":false,\"dismissed\":false,\"unconfirmed\":false,\"named\":false}}}}}";
        Draft d = StateCodec.fromJson(earlier.getBytes(StandardCharsets.UTF_8)).drafts.get("qa", "d-7");
        assertEquals("hi", d.text);
        assertEquals(List.of(4L), d.attempts);
        assertEquals(4L, d.outAttempt);
        assertNull(d.turn);
        assertEquals("attempting", d.state());
    }

    /** The packed form names neither the agent nor the id twice: a draft filed under another is no state's, and is not packed. */
    @Test
    void aDraftFiledUnderAnotherAgentOrIdIsNotPacked() {
        EngineState underAnotherId = new EngineState();
        Draft d = delivered("qa", 1);
        underAnotherId.drafts.drafts.put("qa", new HashMap<>(Map.of("d-9", d)));
        assertThrows(RuntimeException.class, () -> StateCodec.toCheckpointBytes(underAnotherId));
        EngineState underAnotherAgent = new EngineState();
        underAnotherAgent.drafts.drafts.put("ops", new HashMap<>(Map.of("d-1", d)));
        RuntimeException e = assertThrows(RuntimeException.class, () -> StateCodec.toCheckpointBytes(underAnotherAgent));
        assertTrue(String.valueOf(e.getMessage()).contains("ops"), e::getMessage);
    }

    /**
     * A checkpoint in the object form whose draft is filed under another id or agent is refused: read,
     * no checkpoint of that state could be written again, and each restore would start from it.
     */
    @Test
    void anObjectFormWithADraftFiledUnderAnotherIsRefused() {
        String draft = "{\"id\":\"d-7\",\"agent\":\"qa\",\"seq\":3,\"heldAtMillis\":10,\"touchedMillis\":12,\"attempts\":[]}";
        for (String drafts : List.of("{\"qa\":{\"d-8\":" + draft + "}}", "{\"ops\":{\"d-7\":" + draft + "}}")) {
            byte[] json = ("{\"drafts\":{\"drafts\":" + drafts + "}}").getBytes(StandardCharsets.UTF_8);
            RuntimeException e = assertThrows(RuntimeException.class, () -> StateCodec.fromJson(json));
            assertTrue(e.getMessage().contains("the draft d-7 of qa is filed as"), e::getMessage);
        }
    }

    /** A null in place of a draft (left out of the canonical form, as the mapper left it out) or of an attempt is not packed: no fold stores either. */
    @Test
    void aNullInPlaceOfADraftOrAnAttemptIsNotPacked() {
        EngineState state = new EngineState();
        HashMap<String, Draft> drafts = new HashMap<>();
        drafts.put("d-1", null);
        state.drafts.drafts.put("qa", drafts);
        assertEquals("{\"qa\":{}}", draftsPart(StateCodec.toBytes(state)));
        RuntimeException e = assertThrows(RuntimeException.class, () -> StateCodec.toCheckpointBytes(state));
        assertTrue(e.getMessage().contains("the draft d-1 of qa is null"), e::getMessage);
        EngineState nullAttempt = new EngineState();
        Draft d = delivered("qa", 1);
        d.attempts.add(null);
        nullAttempt.drafts.put(d);
        RuntimeException attempt = assertThrows(RuntimeException.class, () -> StateCodec.toCheckpointBytes(nullAttempt));
        assertTrue(attempt.getMessage().contains("an attempt of the draft d-1 of qa is null"), attempt::getMessage);
    }

    /** UTF-8 cannot hold a lone surrogate: packing one would write a question mark in its place, other words. */
    @Test
    void wordsWithALoneSurrogateAreRefusedNotPackedAsOtherWords() {
        for (String text : List.of("\uD800", "m\uDC00", "\uDBFF-x")) {
            EngineState state = new EngineState();
            Draft d = delivered("qa", 1);
            d.text = text;
            state.drafts.put(d);
            assertThrows(RuntimeException.class, () -> StateCodec.toCheckpointBytes(state), text);
        }
    }

    @Test
    void aPackedFormNoWriterWritesIsRefusedSayingWhat() {
        assertRefused("is not after", f -> f.count(2).draft("d-2", 0).draft("d-1", 0));
        assertRefused("is not after", f -> f.count(2).draft("d-1", 0).draft("d-1", 0));
        assertRefused("flags this build does not know: " + (DraftsForm.KNOWN + 1), f -> f.count(1).draft("d-1", DraftsForm.KNOWN + 1));
        assertRefused("is not UTF-8", f -> f.count(1).id(new byte[] {'d', (byte) 0xC3, '('}).varLong(0).varLong(1).varLong(1).varLong(1));
        assertRefused("the bytes end inside a number", f -> f.count(1).id(utf8("d-1")).varLong(0).varLong(1));
        assertRefused("bytes after the end", f -> f.count(1).draft("d-1", 0).varLong(0));
        assertRefused("cannot fit", f -> f.count(1_000).draft("d-1", 0));
        assertRefused("namings", f -> f.count(1).draft("d-1", DraftsForm.NAMINGS).varLong(1L << 40));
        assertRefused("namings", f -> f.count(1).draft("d-1", DraftsForm.NAMINGS).varLong(0));
        assertRefused("attempts cannot fit", f -> f.count(1).draft("d-1", DraftsForm.ATTEMPTS).varLong(50));
        assertRefused("no attempts", f -> f.count(1).draft("d-1", DraftsForm.ATTEMPTS).varLong(0));
    }

    @Test
    void aDamagedFormInACheckpointIsRefusedNamingWhoseDrafts() {
        EngineState state = new EngineState();
        state.drafts.put(delivered("qa", 3));
        String checkpoint = new String(StateCodec.toCheckpointBytes(state), StandardCharsets.UTF_8);
        List<String> bad = List.of(
                checkpoint.replaceFirst("\"qa\":\\[\"[^\"]*\"\\]", "\"qa\":[\"AQ==\"]"),
                checkpoint.replaceFirst("\"qa\":\\[\"[^\"]*\"\\]", "\"qa\":[7]"),
                checkpoint.replaceFirst("\"qa\":\\[\"[^\"]*\"\\]", "\"qa\":7"),
                checkpoint.replaceFirst("\"qa\":\\[\"[^\"]*\"\\]", "\"qa\":{\"d-1\":null}"));
        for (String json : bad) {
            assertTrue(!json.equals(checkpoint), json);
            RuntimeException e = assertThrows(RuntimeException.class, () -> StateCodec.fromJson(json.getBytes(StandardCharsets.UTF_8)));
            assertTrue(e.getMessage().contains("of qa"), e::getMessage);
        }
    }

    private static void assertRefused(String why, Consumer<Form> build) {
        Form form = new Form();
        build.accept(form);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DraftsForm.unpack("the drafts of qa", "qa", form.out.chunks()));
        assertTrue(e.getMessage().startsWith("the drafts of qa: ") && e.getMessage().contains(why), e::getMessage);
    }

    /** A packed form written by hand. */
    private static final class Form {
        final PackedOut out = new PackedOut(64);

        Form count(long n) {
            out.varLong(n);
            return this;
        }

        Form id(byte[] id) {
            out.varLong(id.length).bytes(id, 0, id.length);
            return this;
        }

        /** A draft with these flags, its seq and times 1, before what its flags add. */
        Form draft(String id, long flags) {
            id(utf8(id));
            out.varLong(flags).varLong(1).varLong(1).varLong(1);
            return this;
        }

        Form varLong(long v) {
            out.varLong(v);
            return this;
        }
    }

    private static String agent(SplittableRandom random, int a) {
        return switch (random.nextInt(3)) {
            case 0 -> "agent-" + a;
            case 1 -> "ünï-" + a;
            default -> "\uD83D\uDE00" + a;
        };
    }

    private static Draft draft(SplittableRandom random, String agent) {
        Draft d = new Draft();
        d.id = switch (random.nextInt(4)) {
            case 0 -> "d-" + random.nextInt(1_000);
            case 1 -> "中-" + random.nextInt(1_000);
            case 2 -> random.nextInt(20) == 0 ? "" : "x" + random.nextInt(100);
            default -> String.format(Locale.ROOT, "d-%08x", random.nextInt());
        };
        d.agent = agent;
        String[] causes = {"no-channel", "bounced", "unknown-channel", "wörk", ""};
        d.cause = random.nextInt(10) == 0 ? null : causes[random.nextInt(causes.length)];
        d.text = switch (random.nextInt(5)) {
            case 0 -> null;
            case 1 -> "";
            case 2 -> "line one\nline \"two\" \\ \u0000 tab\t";
            case 3 -> "\uD83D\uDE00 ünï 中文".repeat(1 + random.nextInt(4));
            default -> "words " + random.nextLong();
        };
        long[] longs = {0, -1, 1, 7, Long.MIN_VALUE, Long.MAX_VALUE, random.nextLong()};
        d.risk = random.nextBoolean();
        d.seq = longs[random.nextInt(longs.length)];
        d.turn = random.nextInt(3) == 0 ? null : longs[random.nextInt(longs.length)];
        d.heldAtMillis = longs[random.nextInt(longs.length)];
        d.touchedMillis = longs[random.nextInt(longs.length)];
        int attempts = random.nextInt(3) == 0 ? random.nextInt(5) : 0;
        for (int i = 0; i < attempts; i++) d.attempts.add(longs[random.nextInt(longs.length)]);
        d.outAttempt = random.nextInt(3) == 0 ? longs[random.nextInt(longs.length)] : null;
        d.queuedBehind = random.nextInt(4) == 0 ? longs[random.nextInt(longs.length)] : null;
        d.delivered = random.nextBoolean();
        d.dismissed = random.nextInt(4) == 0;
        d.unconfirmed = random.nextInt(4) == 0;
        d.named = random.nextInt(4) == 0;
        int[] namings = {0, 1, 3, -1, Integer.MAX_VALUE, Integer.MIN_VALUE};
        d.namings = random.nextBoolean() ? 0 : namings[random.nextInt(namings.length)];
        d.renameDue = random.nextInt(5) == 0;
        return d;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The JSON of a state's drafts by agent, as written. */
    private static String draftsPart(byte[] state) {
        try {
            return JSON.writeValueAsString(JSON.readTree(state).path("drafts").path("drafts"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
