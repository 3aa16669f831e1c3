package dev.routing.journal.codec;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.journal.bytes.LoneSurrogate;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.event.TurnEnded;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;

/**
 * The JSON form of every entry. Reading is strict: an unknown field, a value of the wrong type or
 * a missing required field is a {@link BadEntryException} naming the field. Writing leaves out
 * absent (null) fields and orders nothing but what the records declare, so the same entry always
 * encodes to the same bytes.
 *
 * <p>One codec, two paths to the same records: entries in the form this build writes are read and
 * written on the streaming parser by each record's derived shape ({@link RecordStream}); whatever
 * that path is not sure of goes to Jackson databind, set up strict ({@link StrictMapper}), which
 * reads the same records or names what is wrong with the input ({@link DatabindFaults}). The
 * streaming path never accepts what databind refuses.
 *
 * <p>The journal stores {@link #SCHEMA_VERSION} beside each entry's bytes: an entry written under
 * an older schema is upcast here before it is read, and one from a newer schema is refused rather
 * than misread.
 */
public final class EntryCodec {
    /**
     * The schema this build stores entries in: 2, the binary form ({@link RecordBinary}). Bump it, and
     * add an upcast, when a field changes meaning.
     */
    public static final int SCHEMA_VERSION = 2;
    /** Schema 1: entries stored as their JSON, as journals before the binary form hold them; still read. */
    public static final int JSON_SCHEMA = 1;

    private static final ObjectMapper MAPPER = StrictMapper.build();
    private static final ObjectReader ENTRY_READER = MAPPER.readerFor(Entry.class);
    private static final ObjectReader FACT_READER = MAPPER.readerFor(Fact.class);

    private EntryCodec() {}

    /** The mapper every module uses for JSON, so that strictness and formats agree everywhere. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** The entry's JSON: {@code type} first, then its record's components in order, absent ones left out. */
    public static byte[] encode(Entry entry) {
        try (ByteArrayBuilder out = new ByteArrayBuilder(MAPPER.getFactory()._getBufferRecycler(), 256)) {
            try (JsonGenerator g = MAPPER.createGenerator(out, JsonEncoding.UTF8)) {
                RecordStream.write(g, entry);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode " + entry.type(), e);
        }
    }

    /**
     * The entry's stored form, schema {@link #SCHEMA_VERSION}: what the journal keeps.
     *
     * @throws BadEntryException naming the field, for a value the reader would refuse (text holding a
     *         lone surrogate, an instant outside the journal's years, a tree that would not read back)
     */
    public static byte[] store(Entry entry) {
        BinaryOut out = STORE_BUFFER.get();
        out.reset();
        RecordBinary.write(out, entry);
        return out.toByteArray();
    }

    /**
     * The stored form of a state checkpoint whose state is already JSON ({@code stateJson}, as the
     * mapper writes a tree: compact, in its key order): the bytes {@link #store} writes for the
     * checkpoint holding the tree those bytes parse to, checked the same way (a state that would
     * not read back is refused, naming {@code state}), without building that tree only to write it
     * out again.
     */
    public static byte[] storeCheckpoint(Instant at, long through, long entries, byte[] stateJson, Long lastSeq) {
        BinaryOut out = STORE_BUFFER.get();
        out.reset();
        RecordBinary.write(out, RecordShape.of(StateCheckpoint.class),
                new Object[] {at, through, entries, new JsonText(stateJson), lastSeq});
        return out.toByteArray();
    }

    /** Each thread's buffer for {@link #store}, kept between entries (a checkpoint's grows it once). */
    private static final ThreadLocal<BinaryOut> STORE_BUFFER = ThreadLocal.withInitial(() -> new BinaryOut(1024));

    /** JSON lines onto one stream through one generator, each entry's as {@link #encode} writes it. */
    public static JsonLines jsonLines(OutputStream out) {
        try {
            return new JsonLines(MAPPER.createGenerator(out, JsonEncoding.UTF8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A stream of JSON lines written without a generator made per line (a generator's set-up was a
     * tenth of a sidecar's answer). Each line reaches the stream at {@link #endLine}.
     */
    public static final class JsonLines {
        private final JsonGenerator g;

        private JsonLines(JsonGenerator g) {
            this.g = g;
            g.setRootValueSeparator(null);
        }

        /** The entry's line. */
        public void entry(Entry entry) {
            try {
                RecordStream.write(g, entry);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            endLine();
        }

        /** The generator, for a line of the caller's own: a compact JSON value, then {@link #endLine}. */
        public JsonGenerator generator() {
            return g;
        }

        /** Ends the line and hands it to the stream. */
        public void endLine() {
            try {
                g.writeRaw('\n');
                g.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    public static String toJson(Entry entry) {
        return new String(encode(entry), StandardCharsets.UTF_8);
    }

    /** Reads one journaled entry stored under schema {@code version}: binary (2) or JSON (1). */
    public static Entry decode(int version, byte[] bytes, int offset, int length) {
        if (version > SCHEMA_VERSION) {
            throw new BadEntryException("v", "entry written by schema " + version
                    + ", newer than this build's " + SCHEMA_VERSION + ": upgrade to read it", null);
        }
        if (version == SCHEMA_VERSION) return RecordBinary.read(bytes, offset, length);
        if (version < JSON_SCHEMA) throw new BadEntryException("v", "entry written by schema " + version + ", which no build wrote", null);
        return decodeJson(bytes, offset, length);
    }

    /**
     * Reads one journaled state checkpoint stored under schema {@code version}, its state left as
     * JSON; null for an entry of another type.
     */
    public static CheckpointJson decodeCheckpoint(int version, byte[] bytes, int offset, int length) {
        if (version == SCHEMA_VERSION) return RecordBinary.readCheckpoint(bytes, offset, length);
        // schema 1 stored the entry as JSON: its state is read as a tree there anyway
        if (!(decode(version, bytes, offset, length) instanceof StateCheckpoint cp)) return null;
        try {
            return new CheckpointJson(cp.at(), cp.through(), cp.entries(), MAPPER.writeValueAsBytes(cp.state()), cp.lastSeq());
        } catch (IOException e) {
            throw new BadEntryException("state", "cannot be written as JSON: " + e.getMessage(), e);
        }
    }

    /** Reads one entry's JSON, strictly (the form of schema 1, of dump and of the sidecar's lines). */
    public static Entry decodeJson(byte[] bytes, int offset, int length) {
        try {
            return RecordStream.read(bytes, offset, length);
        } catch (NotSure e) {
            // not in the form this build writes: databind reads it, or says what is wrong with it
        }
        try {
            return present(ENTRY_READER.readValue(bytes, offset, length));
        } catch (IOException e) {
            BadEntryException bad = DatabindFaults.translate(e);
            if (!"writer".equals(bad.field())) throw bad;
            return journaledWriter(bytes, offset, length, bad);
        }
    }

    /** A message journaled before writers were checked reads with its writer as the engine read it then. */
    private static Entry journaledWriter(byte[] bytes, int offset, int length, BadEntryException bad) {
        try {
            JsonNode tree = MAPPER.readTree(bytes, offset, length);
            JsonNode writer = tree.get("writer");
            if (!(tree instanceof ObjectNode node) || writer == null || !writer.isTextual()) throw bad;
            node.put("writer", MessageReceived.asJournaled(writer.asText()));
            return present(ENTRY_READER.readValue(node));
        } catch (IOException e) {
            throw DatabindFaults.translate(e);
        }
    }

    private static final byte[] JSON_PREFIX = "{\"type\":\"".getBytes(StandardCharsets.US_ASCII);

    /**
     * The type of a stored entry, read without decoding it, or "" when its bytes do not open with
     * one (it is then decoded like any other, which names what is wrong).
     */
    public static String typeOf(int version, byte[] bytes, int offset, int length) {
        if (version == SCHEMA_VERSION) {
            int n = length > 0 ? bytes[offset] & 0xFF : 0;
            return n == 0 || n >= length ? "" : new String(bytes, offset + 1, n, StandardCharsets.ISO_8859_1);
        }
        if (length <= JSON_PREFIX.length || !Arrays.equals(bytes, offset, offset + JSON_PREFIX.length, JSON_PREFIX, 0, JSON_PREFIX.length)) {
            return "";
        }
        int start = offset + JSON_PREFIX.length;
        int end = start;
        int limit = offset + length;
        while (end < limit && bytes[end] != '"') end++;
        return new String(bytes, start, end - start, StandardCharsets.US_ASCII);
    }

    /** Reads one entry's JSON. */
    public static Entry decode(byte[] bytes) {
        return decodeJson(bytes, 0, bytes.length);
    }

    /**
     * Reads one fact as a host sends it (a script line): strict, a decision refused, and each value
     * PROTOCOL gives a closed set checked against it ({@link HostFacts}).
     */
    public static Fact readFact(String json) {
        if (streamed(json) instanceof Fact fact) return HostFacts.checked(fact);
        try {
            return HostFacts.checked(present(FACT_READER.readValue(json)));
        } catch (IOException e) {
            throw DatabindFaults.explained(MAPPER, json, true, e);
        }
    }

    /** A host's fact and its {@code seq} (0 when the line gives none), read in one pass. */
    public record NumberedFact(Fact fact, long seq) {}

    /**
     * A host's line read in one pass, when it is a fact in the form this build writes with at most a
     * {@code seq} beside its fields, checked as {@link #readFact} checks one; null for any other line,
     * which the caller reads the long way (and which may be no fact at all, or a bad one).
     */
    public static NumberedFact readNumberedFact(String json) {
        if (LoneSurrogate.at(json) >= 0) return null;
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        long[] seq = {0};
        try {
            if (!(RecordStream.readNumbered(bytes, 0, bytes.length, seq) instanceof Fact fact)) return null;
            return new NumberedFact(HostFacts.checked(fact), seq[0]);
        } catch (NotSure | BadEntryException e) {
            return null;
        }
    }

    public static Entry readEntry(String json) {
        Entry entry = streamed(json);
        if (entry != null) return entry;
        try {
            return present(ENTRY_READER.readValue(json));
        } catch (IOException e) {
            throw DatabindFaults.explained(MAPPER, json, false, e);
        }
    }

    /**
     * The entry a line of text holds when it is in the form this build writes, else null (databind
     * then reads it, or names what is wrong). Text holding a lone surrogate goes to databind
     * untried: UTF-8 cannot carry one, so its bytes would no longer show it.
     */
    private static Entry streamed(String json) {
        if (LoneSurrogate.at(json) >= 0) return null;
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        try {
            return RecordStream.read(bytes, 0, bytes.length);
        } catch (NotSure e) {
            return null;
        }
    }

    /**
     * A host's line as a tree whose numbers keep their text, for a reader that edits the line before
     * it reads the fact in it (takes out its {@code seq}, resolves draft references): written out
     * again, each number is as the host wrote it. Strict as the mapper: a duplicate key is refused.
     *
     * @throws BadEntryException for what is not one JSON value
     */
    public static JsonNode readVerbatim(String json) {
        try {
            return VerbatimTrees.readLine(json);
        } catch (IOException e) {
            throw DatabindFaults.translate(e);
        }
    }

    /** A canonical JSON tree of any value (states, for byte-for-byte comparison). */
    public static JsonNode tree(Object value) {
        return MAPPER.valueToTree(value);
    }

    /** A bare {@code null} line reads as no value at all; it is no entry either. */
    private static <T extends Entry> T present(T entry) {
        if (entry == null) throw new BadEntryException(null, "not a JSON object: expected one entry per line, e.g. "
                + RecordShape.of(TurnEnded.class).example() + "; got null", null);
        return entry;
    }
}
