package dev.routing.journal.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.routing.journal.event.Entry;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The streaming path reads and writes every entry exactly as databind does, and reads it itself
 * (an entry it left to databind would pass the codec's other tests while replay ran at databind's
 * speed); and what it is not sure of, it leaves to databind rather than reading it another way.
 */
class RecordStreamTest {
    private static final ObjectWriter DATABIND_WRITER = EntryCodec.mapper().writerFor(Entry.class);
    private static final ObjectReader DATABIND_READER = EntryCodec.mapper().readerFor(Entry.class);

    static List<String> samples() {
        List<String> all = new ArrayList<>(EntrySamples.FULL);
        all.addAll(EntrySamples.MINIMAL);
        return all;
    }

    @ParameterizedTest
    @MethodSource("samples")
    void writesTheBytesDatabindWritesAndReadsThemBackItself(String json) throws Exception {
        Entry entry = DATABIND_READER.readValue(json);
        byte[] databind = DATABIND_WRITER.writeValueAsBytes(entry);
        byte[] streamed = EntryCodec.encode(entry);
        assertEquals(new String(databind, StandardCharsets.UTF_8), new String(streamed, StandardCharsets.UTF_8));
        assertArrayEquals(databind, streamed);
        assertEquals(entry, RecordStream.read(streamed, 0, streamed.length));
        byte[] given = json.getBytes(StandardCharsets.UTF_8);
        assertEquals(entry, RecordStream.read(given, 0, given.length), "the host's own form reads too");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // a field no record has, a value of another kind, a required field missing or null, a type unknown
        "{\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:14:03.120Z\",\"turn\":1,\"bogus\":2}",
        "{\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:14:03.120Z\",\"turn\":\"1\"}",
        "{\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:14:03.120Z\",\"turn\":1.5}",
        "{\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:14:03.120Z\"}",
        "{\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:14:03.120Z\",\"turn\":null}",
        "{\"type\":\"turn.ended\",\"at\":1700000000,\"turn\":1}",
        "{\"type\":\"turn.ended\",\"at\":\"10000-01-01T00:00:00Z\",\"turn\":1}",
        "{\"type\":\"turn.ending\",\"at\":\"2026-11-02T09:14:03.120Z\",\"turn\":1}",
        "{\"at\":\"2026-11-02T09:14:03.120Z\",\"type\":\"turn.ended\",\"turn\":1}",
        "{\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:14:03.120Z\",\"turn\":1} {}",
        "{\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:14:03.120Z\",\"turn\":1,\"turn\":2}",
        "{\"type\":\"turn.started\",\"at\":\"2026-11-02T09:14:03.120Z\",\"agent\":\"qa\",\"wakes\":[null]}",
        "{\"type\":\"agent.configured\",\"at\":\"2026-11-02T09:14:03.120Z\",\"agent\":\"qa\",\"mode\":\"HYBRID\"}",
        "{\"type\":\"message.received\",\"at\":\"2026-11-02T09:14:03.120Z\",\"id\":\"m\",\"agent\":\"qa\","
                + "\"kind\":\"dm\",\"writer\":\"someone\"}",
        "{\"type\":\"publish.settled\",\"at\":\"2026-11-02T09:14:03.120Z\",\"attempt\":1,\"connectorData\":null}",
        "{\"type\":\"round.spoken\",\"at\":\"2026-11-02T09:14:03.120Z\",\"turn\":1,\"round\":1,\"text\":\"\\ud800\"}",
    })
    void leavesWhatItIsNotSureOfToDatabind(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        assertThrows(NotSure.class, () -> RecordStream.read(bytes, 0, bytes.length));
    }
}
