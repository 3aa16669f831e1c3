package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import dev.routing.projections.keyed.HashedSortedMap;
import dev.routing.projections.packed.PackedOut;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A state checkpoint packs each agent's kept messages ({@link KeptMessagesForm}): a restore at 10 M
 * messages spent most of its parse on them as JSON objects. Packed, any messages read back as they
 * were, in their canonical form; an earlier build's checkpoint still reads; and a packed form no
 * writer could have written is refused saying what and whose, never read as other messages.
 */
class KeptMessagesFormTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Kept as at 10 M messages: private surfaces' messages, read, each with the turn that read it. */
    private static StoredMessage surfaceMessageRead(long turn) {
        StoredMessage m = new StoredMessage();
        m.kind = "external-message";
        m.tags = List.of();
        m.surface = true;
        m.read = true;
        m.readFirstIn(turn);
        return m;
    }

    @Test
    void aCheckpointHoldsAKeptMessageInAQuarterOfItsJson() {
        EngineState state = new EngineState();
        for (int i = 0; i < 3_000; i++) {
            state.privacy.store("agent-9", String.format(Locale.ROOT, "op-%012x", i * 0x9E3779B97L & 0xFFFFFFFFFFFFL),
                    surfaceMessageRead(400_000 + i * 17L));
        }
        int canonical = messagesPart(StateCodec.toBytes(state)).length();
        int packed = messagesPart(StateCodec.toCheckpointBytes(state)).length();
        assertTrue(packed * 4 <= canonical, () -> "packed " + packed + " bytes, as JSON objects " + canonical);
        assertEquals(StateCodec.toJson(state), StateCodec.toJson(StateCodec.fromJson(StateCodec.toCheckpointBytes(state))));
    }

    @Test
    void anyKeptMessagesReadBackFromACheckpointAsTheyWere() {
        for (int seed = 0; seed < 200; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            EngineState state = new EngineState();
            int agents = 1 + random.nextInt(3);
            for (int a = 0; a < agents; a++) {
                int count = random.nextInt(40);
                for (int i = 0; i < count; i++) state.privacy.store("agent-" + a, id(random), message(random));
            }
            if (random.nextInt(5) == 0) state.privacy.holdMessagesOf("agent-none");
            EngineState restored = StateCodec.fromJson(StateCodec.toCheckpointBytes(state));
            assertEquals(StateCodec.toJson(state), StateCodec.toJson(restored), "seed " + seed);
        }
    }

    @Test
    void aRestoredKindChannelAndServerAreTheSharedWordsALiveMessageHolds() {
        EngineState state = new EngineState();
        StoredMessage m = surfaceMessageRead(3);
        m.kind = new String("channel-message".toCharArray());
        m.channel = new String("general".toCharArray());
        m.server = new String("discord".toCharArray());
        state.privacy.store("qa", "m-1", m);
        StoredMessage back = StateCodec.fromJson(StateCodec.toCheckpointBytes(state)).privacy.message("qa", "m-1");
        assertSame("channel-message".intern(), back.kind);
        assertSame("general".intern(), back.channel);
        assertSame("discord".intern(), back.server);
    }

    @Test
    void anEarlierBuildsCheckpointOfKeptMessagesAsObjectsStillReads() {
        String earlier = "{\"privacy\":{\"messages\":{\"qa\":{\"m-1\":{\"kind\":\"channel-message\",\"channel\":\"general\","
                + "\"server\":\"discord\",\"addressed\":true,\"tags\":[\"x\"],\"surface\":false,\"workTurn\":7,\"onBranch\":false,"
                + "\"read\":true,\"readIn\":-9}}}}}";
        EngineState state = StateCodec.fromJson(earlier.getBytes(StandardCharsets.UTF_8));
        StoredMessage m = state.privacy.message("qa", "m-1");
        assertEquals(7, m.workTurn());
        assertEquals(-9, m.readIn());
        assertEquals(List.of("x"), m.tags);
        assertEquals(false, m.onBranch);
    }

    @Test
    void aPackedFormNoWriterWritesIsRefusedSayingWhat() {
        byte[] m1 = utf8("m-1");
        byte[] m2 = utf8("m-2");
        assertRefused("is not after", f -> f.words().count(2).message(m2, 0, 1, 0, 0).message(m1, 0, 1, 0, 0));
        assertRefused("is not after", f -> f.words().count(2).message(m1, 0, 1, 0, 0).message(m1, 0, 1, 0, 0));
        assertRefused("flags this build does not know: 256", f -> f.words().count(1).message(m1, 256, 1, 0, 0));
        assertRefused("names word 1 of 1", f -> f.words().count(1).message(m1, 0, 2, 0, 0));
        assertRefused("is not UTF-8", f -> f.words().count(1).message(new byte[] {'m', (byte) 0xC3, '('}, 0, 1, 0, 0));
        assertRefused("the bytes end inside a number", f -> f.words().count(1).id(m1).varLong(0).varLong(1));
        assertRefused("bytes after the end", f -> f.words().count(1).message(m1, 0, 1, 0, 0).varLong(0));
        assertRefused("cannot fit", f -> f.words().count(1_000).message(m1, 0, 1, 0, 0));
        assertRefused("names word -1 of 1", f -> f.words().count(1).message(m1, KeptMessagesForm.UNCLASSIFIED, 1, 0, 0).varLong(0));
    }

    /** UTF-8 cannot hold a lone surrogate: packing one would write a question mark in its place, another id. */
    @Test
    void anIdWithALoneSurrogateIsRefusedNotPackedAsAnotherId() {
        for (String id : List.of("\uD800", "m\uDC00", "\uDBFF-x")) {
            HashedSortedMap<String, StoredMessage> messages = new HashedSortedMap<>();
            messages.put(id, surfaceMessageRead(1));
            assertThrows(IllegalStateException.class, () -> KeptMessagesForm.pack(messages), id);
        }
    }

    /**
     * The words are written each once, in the order the messages first name them: a table with a word
     * twice, a word no message names, or words in another order is no writer's, and is refused.
     */
    @Test
    void aWordTableNoWriterWritesIsRefused() {
        byte[] m1 = utf8("m-1");
        byte[] m2 = utf8("m-2");
        assertRefused("word 1 is word 0 again", f -> f.words("a", "a").count(1).message(m1, 0, 1, 0, 0));
        assertRefused("word 1 is named by no message", f -> f.words("a", "b").count(1).message(m1, 0, 1, 0, 0));
        assertRefused("names word 1 before word 0", f -> f.words("a", "b").count(1).message(m1, 0, 2, 1, 0));
        assertRefused("names word 1 before word 0", f -> f.words("a", "b").count(2).message(m1, 0, 0, 0, 0).message(m2, 0, 2, 1, 0));
        assertRefused("word 0 is named by no message", f -> f.words("a").count(0));
        Form written = new Form().words("a", "b", "c").count(2).message(m1, KeptMessagesForm.TAGS, 1, 0, 2).varLong(2).varLong(3).varLong(1)
                .message(m2, KeptMessagesForm.UNCLASSIFIED, 3, 2, 1).varLong(1);
        assertEquals(List.of("c", "a"), KeptMessagesForm.unpack("the kept messages of qa", written.out.chunks(), false).get("m-1").tags);
    }

    @Test
    void aDamagedFormInACheckpointIsRefusedNamingWhoseMessages() {
        EngineState state = new EngineState();
        state.privacy.store("qa", "m-1", surfaceMessageRead(3));
        String checkpoint = new String(StateCodec.toCheckpointBytes(state), StandardCharsets.UTF_8);
        List<String> bad = List.of(
                checkpoint.replaceFirst("\"qa\":\\[\"[^\"]*\"\\]", "\"qa\":[\"AQ==\"]"),
                checkpoint.replaceFirst("\"qa\":\\[\"[^\"]*\"\\]", "\"qa\":[7]"),
                checkpoint.replaceFirst("\"qa\":\\[\"[^\"]*\"\\]", "\"qa\":7"),
                checkpoint.replaceFirst("\"qa\":\\[\"[^\"]*\"\\]", "\"qa\":{\"m-1\":null}"));
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
                () -> KeptMessagesForm.unpack("the kept messages of qa", form.out.chunks(), false));
        assertTrue(e.getMessage().startsWith("the kept messages of qa: ") && e.getMessage().contains(why), e::getMessage);
    }

    /** A packed form written by hand: one word, then messages as given. */
    private static final class Form {
        final PackedOut out = new PackedOut(64);

        Form words() {
            return words("external-message");
        }

        Form words(String... words) {
            out.varLong(words.length);
            for (String w : words) {
                byte[] word = utf8(w);
                out.varLong(word.length).bytes(word, 0, word.length);
            }
            return this;
        }

        Form count(long n) {
            out.varLong(n);
            return this;
        }

        Form id(byte[] id) {
            out.varLong(id.length).bytes(id, 0, id.length);
            return this;
        }

        /** A message with flags and its kind, channel and server (word numbers plus one). */
        Form message(byte[] id, long flags, long kind, long channel, long server) {
            id(id);
            out.varLong(flags).varLong(kind).varLong(channel).varLong(server);
            return this;
        }

        Form varLong(long v) {
            out.varLong(v);
            return this;
        }
    }

    private static String id(SplittableRandom random) {
        return switch (random.nextInt(6)) {
            case 0 -> Long.toString(random.nextLong(1_000_000));
            case 1 -> "op-" + Long.toHexString(random.nextLong());
            case 2 -> "ünï-" + random.nextInt(1000);
            case 3 -> "\uD83D\uDE00-" + random.nextInt(1000) + "-中";
            case 4 -> "中文日本語".substring(random.nextInt(5)); // not one byte of it ASCII
            default -> random.nextInt(10) == 0 ? "" : "m" + random.nextInt(100);
        };
    }

    private static StoredMessage message(SplittableRandom random) {
        StoredMessage m = new StoredMessage();
        String[] kinds = {"channel-message", "external-message", "direct-message", "wörk"};
        m.kind = random.nextInt(10) == 0 ? null : kinds[random.nextInt(kinds.length)];
        m.channel = random.nextBoolean() ? null : "room-" + random.nextInt(4);
        m.server = random.nextInt(4) == 0 ? null : "discord";
        m.addressed = random.nextBoolean();
        m.surface = random.nextBoolean();
        m.onBranch = random.nextBoolean();
        m.read = random.nextBoolean();
        m.tags = switch (random.nextInt(4)) {
            case 0 -> null;
            case 1 -> List.of();
            case 2 -> new ArrayList<>(Arrays.asList("ambient", null));
            default -> List.of("system", "x-" + random.nextInt(3));
        };
        long[] turns = {0, -1, 1, 7, Long.MIN_VALUE, Long.MAX_VALUE, random.nextLong()};
        if (random.nextBoolean()) m.workTurn(turns[random.nextInt(turns.length)]);
        if (random.nextBoolean()) m.readFirstIn(turns[random.nextInt(turns.length)]);
        if (random.nextInt(4) == 0) m.unclassified = random.nextBoolean() ? StoredMessage.UNKNOWN : StoredMessage.REUSED;
        return m;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The JSON of a state's kept messages, as written. */
    private static String messagesPart(byte[] state) {
        try {
            return JSON.writeValueAsString(JSON.readTree(state).path("privacy").path("messages"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
