package dev.routing.projections.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** A heap part that holds only a tombstone of a one-character id reads back, in a checkpoint and in a part. */
class KeptTombstoneFormTest {
    private static EngineState sealedThenLetGo(String id) {
        EngineState state = new EngineState();
        state.privacy.store("qa", id, new StoredMessage());
        PrivacyRecord r = state.privacy;
        ByteBuffer body = r.messages.sealBody(r::isPrivateInput, r::isPrivateTurn);
        SealedKept table = SealedKept.over(SealedIds.Body.of(body));
        r.sealKept(new KeptMessages.Seal(1, 1, 0, table.size(), 0, "test"), table);
        r.markRead("qa", id, 3L, 20_000); // public: let go, a GONE on the heap
        return state;
    }

    @Test
    void aCheckpointWhoseAgentHoldsOneTombstoneOfAOneCharacterIdReadsBack() {
        EngineState state = sealedThenLetGo("7");
        byte[] checkpoint = StateCodec.toCheckpointBytes(state);
        // unsealed, the same history's checkpoint reads; sealed, fromJson refuses: "1 messages cannot fit in the 4 bytes left"
        EngineState back = StateCodec.fromJson(checkpoint);
        assertNull(back.privacy.messages.heap.get("qa").get("x"));
    }

    @Test
    void aPartHoldingOneTombstoneOfAOneCharacterIdReadsBack() {
        EngineState state = sealedThenLetGo("7");
        byte[] part = KeptPart.write(new KeptPart.Link(1, 0), state.privacy.messages);
        assertEquals(1, KeptPart.read("part", part).messages().get("qa").size());
    }
}
