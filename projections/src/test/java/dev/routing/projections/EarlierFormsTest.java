package dev.routing.projections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/**
 * A journal upgraded in place restores from the checkpoint the earlier build wrote (the form of
 * before-exact-ids.json, written by that build): nothing it counted as private becomes public, and
 * what it knew as public stays known.
 */
class EarlierFormsTest {
    private static JsonNode earlier() throws Exception {
        try (InputStream in = EarlierFormsTest.class.getResourceAsStream("/checkpoints/before-exact-ids.json")) {
            return new ObjectMapper().readTree(in);
        }
    }

    @Test
    void P10_P2_aCheckpointOfTheEarlierBuildRestoresAsPrivateAsItWas() throws Exception {
        JsonNode tree = earlier();
        String before = tree.toString();
        EngineState s = StateCodec.fromTree(tree);
        assertEquals(before, tree.toString(), "the checkpoint's own tree is left as read");
        long today = dev.routing.projections.retention.Retention.day(s.clockMillis);
        assertTrue(s.privacy.isPrivateTurn(1) && s.privacy.isPrivateTurn(2), "at or below the earlier floor: private still");
        assertTrue(s.privacy.isPrivateTurn(5) && s.privacy.isPrivateTurn(7));
        assertFalse(s.privacy.isPrivateTurn(3) || s.privacy.isPrivateTurn(6), "public turns above the floor stay public");
        for (String id : new String[] {"m1", "m2", "m3"}) assertTrue(s.privacy.forgottenHolds("qa", id, today), id);
        assertEquals(5L, s.privacy.forgottenLookup("qa", "m1", today));
        assertEquals(dev.routing.projections.privacy.ForgottenIds.NO_READER, s.privacy.forgottenLookup("qa", "m3", today));
        assertFalse(s.privacy.forgottenHolds("qa", "m4", today));
        assertEquals("ops", s.turns.owner(4, today));
        assertEquals("qa", s.turns.owner(9, today), "the open turn");
        assertNull(s.turns.endedChannel(3, today), "the earlier build kept no channel");
        assertFalse(s.privacy.isPrivateTurn(9) || s.privacy.isPrivateTurn(10), "the floor reaches no further than the journal's turns");
        EngineState again = StateCodec.fromTree(StateCodec.toTree(s));
        assertEquals(StateCodec.toJson(s), StateCodec.toJson(again), "written in this build's form from then on");
    }

    @Test
    void aCheckpointOfAFormNoBuildWroteIsRefusedInAFewLinesNamingWhere() throws Exception {
        ObjectNode tree = (ObjectNode) StateCodec.toTree(new EngineState());
        ((ObjectNode) tree.get("turns")).put("ledger", "x".repeat(2_000_000));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> StateCodec.fromTree(tree));
        assertTrue(e.getMessage().startsWith("cannot restore the engine state from a checkpoint: "), e::getMessage);
        assertTrue(e.getMessage().length() < 1_000, () -> "a person reads it: " + e.getMessage().length() + " characters");
        assertTrue(e.getMessage().contains("ledger"), e::getMessage);
    }
}
