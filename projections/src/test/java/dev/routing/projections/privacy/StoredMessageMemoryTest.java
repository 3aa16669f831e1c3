package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.routing.journal.event.MessageReceived;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A kept message's kind, channel and server are shared words, not a copy per message, and its turn
 * ids are not boxed (the heap a restore holds); its canonical form, which earlier builds' checkpoints
 * held, stays as it was.
 */
class StoredMessageMemoryTest {
    private static final Instant AT = Instant.parse("2026-11-03T09:15:00Z");

    /** Equal text in distinct strings, as two parsed facts give it. */
    private static String fresh(String word) {
        return new String(word.toCharArray());
    }

    private static MessageReceived message(String id) {
        return new MessageReceived(AT, id, "qa", fresh("channel-message"), fresh("general"), fresh("discord"), false, List.of(),
                "hello", "host", null, true);
    }

    @Test
    void twoMessagesStoredFromTheirFactsShareTheirWords() {
        MessageReceived one = message("m-1");
        MessageReceived two = message("m-2");
        assertNotSame(one.kind(), two.kind(), "the facts hold distinct strings");
        StoredMessage a = StoredMessage.of(one);
        StoredMessage b = StoredMessage.of(two);
        assertSame(a.kind, b.kind);
        assertSame(a.channel, b.channel);
        assertSame(a.server, b.server);
        assertEquals("channel-message", a.kind);
        assertEquals("general", a.channel);
        assertEquals("discord", a.server);
    }

    @Test
    void twoMessagesRestoredFromACheckpointShareTheirWords() {
        EngineState state = new EngineState();
        state.privacy.store("qa", "m-1", StoredMessage.of(message("m-1")));
        state.privacy.store("qa", "m-2", StoredMessage.of(message("m-2")));
        EngineState restored = StateCodec.fromJson(StateCodec.toCheckpointBytes(state));
        StoredMessage a = restored.privacy.message("qa", "m-1");
        StoredMessage b = restored.privacy.message("qa", "m-2");
        assertSame(a.kind, b.kind);
        assertSame(a.channel, b.channel);
        assertSame(a.server, b.server);
        assertEquals(StateCodec.toJson(state), StateCodec.toJson(restored), "the state writes back as it was");
    }

    @Test
    void aKeptMessagesTurnIdsWriteAndReadBackAsTheEarlierBuildsFormHeldThem() {
        // the form the build before unboxed turn ids wrote for these two messages, byte for byte
        String earlier = "{\"qa\":{\"m-1\":{\"kind\":\"channel-message\",\"channel\":\"general\",\"server\":\"discord\",\"addressed\":false,"
                + "\"tags\":[],\"surface\":false,\"workTurn\":0,\"onBranch\":true,\"read\":false},\"m-2\":{\"kind\":\"channel-message\","
                + "\"channel\":\"general\",\"server\":\"discord\",\"addressed\":true,\"tags\":[\"x\"],\"surface\":false,\"workTurn\":7,"
                + "\"onBranch\":true,\"read\":true,\"readIn\":-9}}}";
        EngineState state = new EngineState();
        StoredMessage plain = StoredMessage.of(message("m-1"));
        plain.workTurn(0);
        StoredMessage work = StoredMessage.of(new MessageReceived(AT, "m-2", "qa", "channel-message", "general", "discord", true,
                List.of("x"), "hi", "host", null, true));
        work.workTurn(7);
        work.read = true;
        work.readFirstIn(-9);
        work.readFirstIn(4); // the first reader stays
        state.privacy.store("qa", "m-1", plain);
        state.privacy.store("qa", "m-2", work);
        assertEquals(earlier, messages(StateCodec.toBytes(state)), "the canonical form, which an earlier build's checkpoint held");
        EngineState restored = StateCodec.fromJson(StateCodec.toCheckpointBytes(state));
        StoredMessage back = restored.privacy.message("qa", "m-2");
        assertEquals(true, back.isWork());
        assertEquals(7, back.workTurn());
        assertEquals(-9, back.readIn());
        StoredMessage none = StoredMessage.of(message("m-3"));
        assertEquals(false, none.isWork() || none.hasReadIn(), "no turn until one is given");
        assertEquals(earlier, messages(StateCodec.toBytes(restored)));
        EngineState fromEarlier = StateCodec.fromJson(StateCodec.toBytes(state));
        assertEquals(StateCodec.toJson(state), StateCodec.toJson(fromEarlier), "an earlier build's checkpoint reads as it did");
    }

    @Test
    void aCheckpointNamingTheUnboxedFieldsIsRefusedAsAnyUnknownField() {
        EngineState state = new EngineState();
        state.privacy.store("qa", "m-1", StoredMessage.of(message("m-1")));
        // the kept messages as an object by id: the canonical form, and an earlier build's checkpoint
        String json = new String(StateCodec.toBytes(state), java.nio.charset.StandardCharsets.UTF_8);
        for (String field : List.of("isWork", "hasReadIn", "workTurnForm")) {
            String named = json.replace("\"addressed\":false", "\"" + field + "\":true,\"addressed\":false");
            org.junit.jupiter.api.Assertions.assertNotEquals(json, named);
            org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
                    () -> StateCodec.fromJson(named.getBytes(java.nio.charset.StandardCharsets.UTF_8)), field);
        }
    }

    private static String messages(byte[] checkpoint) {
        try {
            com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
            return json.writeValueAsString(json.readTree(checkpoint).path("privacy").path("messages"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
