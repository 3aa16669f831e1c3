package dev.routing.journal.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.journal.event.StateCheckpoint;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * {@link EntryCodec#storeCheckpoint}: a checkpoint stored from its state's JSON is the checkpoint
 * {@link EntryCodec#store} writes for the tree that JSON parses to, byte for byte, and is refused
 * where that one would be.
 */
class StoreCheckpointTest {
    private static final Instant AT = Instant.parse("2026-11-03T09:15:00.123456789Z");

    static List<String> states() {
        return List.of(
                "{}",
                "{\"clockMillis\":1793700000000,\"rules\":\"0.31.0\",\"entries\":12}",
                "{\"drafts\":{\"drafts\":{\"qa\":{\"d-1\":{\"text\":\"caf\u00e9 \ud83d\ude00 \\\"quoted\\\" \\n line\",\"seq\":7}}}},\"privacy\":{\"messages\":{},\"floor\":0}}",
                "{\"a\":[1,-2,3.5,-0.25,1.0E300,true,false,null,[],{}],\"b\":{\"c\":{\"d\":[\"x\",\"\\u0001\"]}}}",
                "{\"big\":" + BigInteger.TEN.pow(300) + ",\"neg\":" + Long.MIN_VALUE + "}");
    }

    @ParameterizedTest
    @MethodSource("states")
    void aCheckpointStoredFromItsJsonIsTheOneStoredFromItsTree(String json) throws IOException {
        JsonNode tree = EntryCodec.mapper().readTree(json);
        byte[] written = EntryCodec.mapper().writeValueAsBytes(tree);
        for (Long lastSeq : Arrays.asList(null, 0L, 41L)) {
            byte[] fromTree = EntryCodec.store(new StateCheckpoint(AT, 7L, 1234L, tree, lastSeq));
            byte[] fromJson = EntryCodec.storeCheckpoint(AT, 7L, 1234L, written, lastSeq);
            assertArrayEquals(fromTree, fromJson, json + ", lastSeq " + lastSeq);
            assertEquals(new StateCheckpoint(AT, 7L, 1234L, tree, lastSeq),
                    EntryCodec.decode(EntryCodec.SCHEMA_VERSION, fromJson, 0, fromJson.length));
        }
    }

    @Test
    void aStateThatWouldNotReadBackIsRefusedNamingTheState() {
        byte[] tooLong = ("{\"n\":" + "9".repeat(1500) + "}").getBytes(StandardCharsets.UTF_8);
        BadEntryException e = assertThrows(BadEntryException.class, () -> EntryCodec.storeCheckpoint(AT, 1L, 1L, tooLong, null));
        assertTrue(e.getMessage().contains("state"), e.getMessage());

        byte[] cut = "{\"a\":[1,2".getBytes(StandardCharsets.UTF_8);
        e = assertThrows(BadEntryException.class, () -> EntryCodec.storeCheckpoint(AT, 1L, 1L, cut, null));
        assertTrue(e.getMessage().contains("state"), e.getMessage());
    }

    @Test
    void anInstantOutsideTheJournalsYearsIsRefusedNamingIt() {
        byte[] json = "{}".getBytes(StandardCharsets.UTF_8);
        BadEntryException e = assertThrows(BadEntryException.class,
                () -> EntryCodec.storeCheckpoint(Instant.ofEpochSecond(-1), 1L, 1L, json, null));
        assertTrue(e.getMessage().contains("at"), e.getMessage());
    }
}
