package dev.routing.projections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.projections.roster.AgentSettings;
import dev.routing.projections.turns.Turn;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    /**
     * A restore parses a checkpoint's JSON straight into the state; the earlier form, which the
     * strict mapper does not bind, is upgraded as the tree is, and a form no build wrote is refused
     * as the tree is: never bound as something else.
     */
    @Test
    void P10_aCheckpointReadStraightFromItsJsonRestoresAsItsTreeDoes() throws Exception {
        byte[] earlier = new ObjectMapper().writeValueAsBytes(earlier());
        assertEquals(StateCodec.toJson(StateCodec.fromTree(earlier())), StateCodec.toJson(StateCodec.fromJson(earlier)));
        EngineState upgraded = StateCodec.fromJson(earlier);
        assertTrue(upgraded.privacy.isPrivateTurn(1) && upgraded.privacy.isPrivateTurn(7), "private as it was");
        assertEquals(StateCodec.toJson(upgraded), StateCodec.toJson(StateCodec.fromJson(StateCodec.toBytes(upgraded))), "this build's form");

        ObjectNode unknown = (ObjectNode) StateCodec.toTree(new EngineState());
        ((ObjectNode) unknown.get("turns")).put("ledger", "x".repeat(2_000_000));
        IllegalStateException byTree = assertThrows(IllegalStateException.class, () -> StateCodec.fromTree(unknown));
        IllegalStateException byJson = assertThrows(IllegalStateException.class,
                () -> StateCodec.fromJson(new ObjectMapper().writeValueAsBytes(unknown)));
        assertEquals(byTree.getMessage(), byJson.getMessage());
        IllegalStateException cut = assertThrows(IllegalStateException.class, () -> StateCodec.fromJson("{\"turns\": {".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertTrue(cut.getMessage().startsWith("cannot restore the engine state from a checkpoint: "), cut::getMessage);
    }

    /** The earlier build copied no tools into a turn: its open turn takes its agent's, as they stood. */
    @Test
    void anOpenTurnOfTheEarlierBuildTakesItsAgentsTools() throws Exception {
        AgentSettings limited = new AgentSettings();
        limited.tools = List.of("channel_publish");
        ObjectNode tree = (ObjectNode) earlier();
        ((ObjectNode) tree.path("roster").path("agents")).set("qa", StateCodec.toTreeOf(limited));
        Turn open = StateCodec.fromTree(tree).turns.open.get(9L);
        assertEquals(List.of("channel_publish"), open.tools);
        assertFalse(open.mayCall("channel_list"));

        tree = (ObjectNode) earlier();
        ((ObjectNode) tree.path("roster").path("agents")).set("qa", StateCodec.toTreeOf(new AgentSettings()));
        assertTrue(StateCodec.fromTree(tree).turns.open.get(9L).mayCall("channel_list"), "an agent with no list may call every tool");

        tree = (ObjectNode) earlier();
        ((ObjectNode) tree.path("roster").path("agents")).set("qa", StateCodec.toTreeOf(limited));
        ((ObjectNode) tree.path("turns").path("open").path("9")).putArray("tools").add("channel_list");
        assertEquals(List.of("channel_list"), StateCodec.fromTree(tree).turns.open.get(9L).tools, "a turn's own tools stay");
    }

    @Test
    void aCheckpointOfAFormNoBuildWroteIsRefusedInAFewLinesNamingWhere() throws Exception {
        ObjectNode tree = (ObjectNode) StateCodec.toTree(new EngineState());
        ((ObjectNode) tree.get("turns")).put("ledger", "x".repeat(2_000_000));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> StateCodec.fromTree(tree));
        assertTrue(e.getMessage().startsWith("cannot restore the engine state from a checkpoint: "), e::getMessage);
        assertTrue(e.getMessage().length() < 1_000, () -> "a person reads it: " + e.getMessage().length() + " characters");
        assertTrue(e.getMessage().contains("ledger"), e::getMessage);
        String jackson = ((JsonProcessingException) e.getCause()).getOriginalMessage();
        assertTrue(e.getMessage().contains(jackson.substring(0, 300) + "... (" + (jackson.length() - 300) + " more characters)"),
                () -> "the start of what Jackson said, and how much more: " + e.getMessage());
    }

    /**
     * JSON the mapper binds but whose state cannot stand (a part of it null), or an earlier build's
     * form with a value that form never held: refused as a checkpoint that does not read, so a restore
     * rebuilds its state from the journal, rather than failing with whatever the code behind met.
     */
    @Test
    void aCheckpointWithAPartNullOrABrokenEarlierFormIsRefusedAsOneThatDoesNotRead() throws Exception {
        ObjectNode nullPart = (ObjectNode) StateCodec.toTree(new EngineState());
        nullPart.putNull("attempts");
        ObjectNode brokenEarlier = (ObjectNode) earlier();
        ((ObjectNode) brokenEarlier.path("turns").path("owners")).put("not-a-turn", "qa");
        for (ObjectNode tree : List.of(nullPart, brokenEarlier)) {
            IllegalStateException byTree = assertThrows(IllegalStateException.class, () -> StateCodec.fromTree(tree));
            IllegalStateException byJson = assertThrows(IllegalStateException.class,
                    () -> StateCodec.fromJson(new ObjectMapper().writeValueAsBytes(tree)));
            assertEquals(byTree.getMessage(), byJson.getMessage());
            assertTrue(byTree.getMessage().startsWith("cannot restore the engine state from a checkpoint: "), byTree::getMessage);
        }
        assertTrue(assertThrows(IllegalStateException.class, () -> StateCodec.fromTree(nullPart)).getMessage().contains("attempts"));
        assertTrue(assertThrows(IllegalStateException.class, () -> StateCodec.fromTree(brokenEarlier)).getMessage().contains("not-a-turn"));
    }

    /** Each part of the state a checkpoint leaves null is refused by name, whichever it is: none reads as a state without it. */
    @ParameterizedTest
    @ValueSource(strings = {"rules", "roster", "turns", "privacy", "attempts", "drafts", "retention"})
    void aCheckpointWithAnyPartNullIsRefusedNamingIt(String part) throws Exception {
        ObjectNode tree = (ObjectNode) StateCodec.toTree(new EngineState());
        assertTrue(tree.has(part), part);
        tree.putNull(part);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> StateCodec.fromJson(new ObjectMapper().writeValueAsBytes(tree)));
        assertTrue(e.getMessage().startsWith("cannot restore the engine state from a checkpoint: ") && e.getMessage().contains(part), e::getMessage);
    }

    @Test
    void aShortRefusalIsGivenWhole() {
        String said = "y".repeat(300);
        assertEquals(said, StateCodec.shortened(said));
        assertEquals(said + "... (2 more characters)", StateCodec.shortened(said + "zz"));
        assertNull(StateCodec.shortened(null));
    }
}
