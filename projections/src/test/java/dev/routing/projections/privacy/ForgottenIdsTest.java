package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.event.MessageReceived;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * P2: the ids of public messages let go are kept newest last, the oldest let go first, and a
 * checkpoint keeps that order: a record restored from one must let the same id go next as the
 * record that wrote it (live and restored engines would otherwise drift apart).
 */
class ForgottenIdsTest {

    private static final Instant AT = Instant.parse("2026-11-02T09:00:00Z");

    private static void readPublic(EngineState s, String id, long turn) {
        s.privacy.messagesOf("qa").put(id, StoredMessage.of(new MessageReceived(AT, id, "qa", "channel-message", "work",
                "discord", false, null, "words", "host", null, false)));
        s.privacy.markRead("qa", id, turn);
    }

    private static List<String> order(EngineState s) {
        return new ArrayList<>(s.privacy.forgotten.get("qa").order);
    }

    @Test
    void P2_theOrderOfIdsLetGoSurvivesACheckpointAndTheSameIdGoesNext() {
        Random random = new Random(7);
        EngineState live = new EngineState();
        for (int i = 0; i < PrivacyRecord.FORGOTTEN_KEPT + 50; i++) readPublic(live, "m" + random.nextInt(5_000), i + 1);
        EngineState restored = StateCodec.fromTree(StateCodec.toTree(live));
        assertEquals(order(live), order(restored), "written in the order they were let go, not sorted");
        assertArrayEquals(StateCodec.toBytes(live), StateCodec.toBytes(restored));
        for (int i = 0; i < 300; i++) {
            String id = "n" + random.nextInt(2_000);
            readPublic(live, id, 9_000 + i);
            readPublic(restored, id, 9_000 + i);
        }
        assertEquals(order(live), order(restored));
        assertEquals(PrivacyRecord.FORGOTTEN_KEPT, order(live).size());
    }

    @Test
    void P2_anIdLetGoAgainBecomesTheNewestAndKeepsTheTurnThatReadItLast() {
        EngineState s = new EngineState();
        readPublic(s, "a", 1);
        readPublic(s, "b", 2);
        readPublic(s, "a", 3);
        assertEquals(List.of("b", "a"), order(s));
        assertEquals(3L, s.privacy.forgotten.get("qa").readIn("a"));
        for (int i = 0; i < PrivacyRecord.FORGOTTEN_KEPT - 1; i++) readPublic(s, "c" + i, 10);
        assertFalse(s.privacy.forgotten.get("qa").holds("b"), "the oldest went first");
        assertTrue(s.privacy.forgotten.get("qa").holds("a"));
    }
}
