package dev.routing.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.routing.engine.context.RuleSet;
import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.MessageReceived;
import dev.routing.projections.StateCodec;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fact the journal could not read back (half an emoji, which a host's JSON line cannot carry but
 * a caller of the Java API can) is refused as a bad entry naming its field, before it is decided:
 * nothing journaled, the state as it was, and the engine goes on.
 */
class UnstorableFactTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");

    @TempDir
    Path dir;

    @Test
    void aFactHoldingHalfAnEmojiIsRefusedNamingItsFieldAndTheEngineGoesOn() {
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            e.accept(new ChannelRegistered(T0, "work", "discord", "#work", false));
            long last = e.journal().lastIndex();
            byte[] state = StateCodec.toBytes(e.state());
            MessageReceived half = new MessageReceived(T0.plusSeconds(1), "m1", "qa", "channel-message", "work", "discord",
                    true, null, "cut \ud83d", "host", null, null);
            BadEntryException refused = assertThrows(BadEntryException.class, () -> e.accept(half));
            assertEquals("text", refused.field(), refused.getMessage());
            assertEquals(last, e.journal().lastIndex(), "nothing journaled");
            assertArrayEquals(state, StateCodec.toBytes(e.state()), "nothing decided");
            e.accept(new ChannelRegistered(T0.plusSeconds(2), "ops", "discord", "#ops", false));
            assertEquals(true, e.journal().lastIndex() > last, "the engine goes on");
        }
    }
}
