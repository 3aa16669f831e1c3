package dev.routing.engine.audit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.CoreSink;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every entry of random streams is written and read back by the codec exactly as databind writes
 * and reads its JSON (schema 1 and the wire), and its stored form (schema 2) reads back as the same
 * record: the audit, replay and every other reader see the same records whichever schema a journal holds.
 */
class CodecOnRandomStreamsTest {
    private static final ObjectWriter DATABIND_WRITER = EntryCodec.mapper().writerFor(Entry.class);
    private static final ObjectReader DATABIND_READER = EntryCodec.mapper().readerFor(Entry.class);

    @Test
    void everyEntryOfRandomStreamsEncodesAndDecodesAsDatabindDoesAndStoresExactly() throws Exception {
        Set<String> types = new HashSet<>();
        for (int i = 0; i < 300; i++) {
            for (RuleSet rules : RuleSet.values()) {
                CoreSink sink = new CoreSink(rules);
                StreamHost.play(sink, StreamGenerator.stream(7_000_000L + i, 80));
                for (Entry e : sink.entries()) {
                    byte[] json = EntryCodec.encode(e);
                    assertArrayEquals(DATABIND_WRITER.writeValueAsBytes(e), json, "seed " + (7_000_000L + i));
                    Entry decoded = EntryCodec.decode(EntryCodec.JSON_SCHEMA, json, 0, json.length);
                    assertEquals((Entry) DATABIND_READER.readValue(json), decoded, "seed " + (7_000_000L + i));
                    assertEquals(e, decoded);
                    byte[] stored = EntryCodec.store(e);
                    Entry read = EntryCodec.decode(EntryCodec.SCHEMA_VERSION, stored, 0, stored.length);
                    assertEquals(e, read, "seed " + (7_000_000L + i));
                    assertArrayEquals(stored, EntryCodec.store(read));
                    types.add(e.type());
                }
            }
        }
        assertTrue(types.size() > 20, "streams hold most types: " + types);
    }
}
