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

/** A kept message's kind, channel and server are shared words, not a copy per message (the heap a restore holds). */
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
        state.privacy.messagesOf("qa").put("m-1", StoredMessage.of(message("m-1")));
        state.privacy.messagesOf("qa").put("m-2", StoredMessage.of(message("m-2")));
        EngineState restored = StateCodec.fromJson(StateCodec.toCheckpointBytes(state));
        StoredMessage a = restored.privacy.messagesOf("qa").get("m-1");
        StoredMessage b = restored.privacy.messagesOf("qa").get("m-2");
        assertSame(a.kind, b.kind);
        assertSame(a.channel, b.channel);
        assertSame(a.server, b.server);
        assertEquals(StateCodec.toJson(state), StateCodec.toJson(restored), "the state writes back as it was");
    }
}
