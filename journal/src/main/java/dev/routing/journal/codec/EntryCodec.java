package dev.routing.journal.codec;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.routing.journal.event.BadValue;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.event.Verbatim;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.TurnEnded;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The JSON form of every entry. Reading is strict: an unknown field, a value of the wrong type or
 * a missing required field is a {@link BadEntryException} naming the field. Writing leaves out
 * absent (null) fields and orders nothing but what the records declare, so the same entry always
 * encodes to the same bytes.
 *
 * <p>One codec, two paths to the same records: entries in the form this build writes are read and
 * written on the streaming parser by each record's derived shape ({@link RecordStream}); whatever
 * that path is not sure of goes to Jackson databind, configured below, which reads the same records
 * or names what is wrong with the input. The streaming path never accepts what databind refuses.
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

    private static final ObjectMapper MAPPER = newMapper();
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
            BadEntryException bad = translate(e);
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
            throw translate(e);
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
            throw explained(json, true, e);
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
        if (UnicodeText.loneSurrogate(json) >= 0) return null;
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
            throw explained(json, false, e);
        }
    }

    /**
     * The entry a line of text holds when it is in the form this build writes, else null (databind
     * then reads it, or names what is wrong). Text holding a lone surrogate goes to databind
     * untried: UTF-8 cannot carry one, so its bytes would no longer show it.
     */
    private static Entry streamed(String json) {
        if (UnicodeText.loneSurrogate(json) >= 0) return null;
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
            throw translate(e);
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

    /**
     * Why {@code json} was refused, in the protocol's words ({@link FieldFaults}); the refusal's own,
     * translated, when the line is no JSON or the walk finds no fault of its fields.
     */
    private static BadEntryException explained(String json, boolean hostLine, IOException refusal) {
        BadEntryException said = translate(refusal);
        if (refusal instanceof JsonParseException) return said;
        try {
            BadEntryException found = FieldFaults.find(MAPPER.readTree(json), hostLine);
            return found != null ? found : said;
        } catch (IOException notJson) {
            return said;
        }
    }

    private static BadEntryException translate(IOException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            return new BadEntryException(path(u, true), "unknown field '" + u.getPropertyName() + "'", e);
        }
        if (e instanceof InvalidTypeIdException t) {
            String id = t.getTypeId();
            return new BadEntryException("type", id == null ? "missing type"
                    : "unknown or unexpected type '" + id + "'", e);
        }
        if (e instanceof ValueInstantiationException v && v.getCause() instanceof BadValue b) {
            String at = path(v, false);
            return new BadEntryException(at.isEmpty() ? b.field() : at + "." + b.field(), b.getMessage(), e);
        }
        if (e instanceof JsonMappingException m) {
            String field = path(m, false);
            String message = m.getOriginalMessage();
            if (message.startsWith("Missing required creator property")) {
                message = "missing required field";
            } else if (e instanceof InvalidNullException) {
                message = "required field is null";
            } else if (message.startsWith("Trailing token")) {
                message = "trailing tokens: a second JSON value after the object, where one line holds one";
            } else if (e instanceof ValueInstantiationException || message.contains("`") || message.contains("java.")) {
                // databind's words name Java types: the host's line says nothing of them
                message = "not a value this field takes";
            } else {
                message = message.lines().findFirst().orElse(message);
            }
            return new BadEntryException(field.isEmpty() ? null : field, message, e);
        }
        if (e instanceof JsonParseException p) {
            String at = p.getLocation() != null && p.getLocation().getColumnNr() > 0 ? " at character " + p.getLocation().getColumnNr() : "";
            return new BadEntryException(null, "malformed JSON" + at + ": " + FieldFaults.parserWords(p.getOriginalMessage()), e);
        }
        return new BadEntryException(null, "cannot be read: " + FieldFaults.parserWords(String.valueOf(e.getMessage())), new UncheckedIOException(e));
    }

    private static String path(JsonMappingException e, boolean dropLast) {
        var refs = e.getPath();
        var kept = dropLast && !refs.isEmpty() ? refs.subList(0, refs.size() - 1) : refs;
        String parent = kept.stream()
                .map(r -> r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining());
        if (dropLast && e instanceof UnrecognizedPropertyException u) {
            parent = parent + "." + u.getPropertyName();
        }
        return parent.startsWith(".") ? parent.substring(1) : parent;
    }

    /** A value of the wrong JSON type is an error, never quietly converted ("5" is no integer). */
    private static void refuse(ObjectMapper mapper, LogicalType type, CoercionInputShape... shapes) {
        var config = mapper.coercionConfigFor(type);
        for (CoercionInputShape shape : shapes) config.setCoercion(shape, CoercionAction.Fail);
    }

    private static ObjectMapper newMapper() {
        // Field names are not interned: a state's maps are keyed by ids, thousands of them, and
        // interning each one made reading a checkpoint's state two to three times slower.
        JsonFactory factory = JsonFactory.builder().disable(JsonFactory.Feature.INTERN_FIELD_NAMES).build();
        JsonMapper mapper = JsonMapper.builder(factory)
                .addModule(new JavaTimeModule())
                .addModule(new SimpleModule("iso-instant").addDeserializer(Instant.class, new IsoInstant()))
                .addModule(new SimpleModule("unicode-text").addDeserializer(String.class, new UnicodeText()))
                .annotationIntrospector(new RequiredMeansNotNull())
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                // encode and toJson agree byte for byte: an emoji is written as its 4 UTF-8 bytes,
                // not as an escaped surrogate pair
                .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
                .serializationInclusion(JsonInclude.Include.NON_NULL)
                .build();
        refuse(mapper, LogicalType.Textual, CoercionInputShape.Integer, CoercionInputShape.Float,
                CoercionInputShape.Boolean);
        refuse(mapper, LogicalType.Integer, CoercionInputShape.String, CoercionInputShape.Float,
                CoercionInputShape.Boolean, CoercionInputShape.EmptyString);
        refuse(mapper, LogicalType.Boolean, CoercionInputShape.String, CoercionInputShape.Integer,
                CoercionInputShape.Float, CoercionInputShape.EmptyString);
        refuse(mapper, LogicalType.DateTime, CoercionInputShape.Integer, CoercionInputShape.Float,
                CoercionInputShape.Boolean, CoercionInputShape.EmptyString);
        return mapper;
    }

    /**
     * A required field given as {@code null} is refused like a missing one. Were it accepted, the
     * entry would be journaled without the field (nulls are left out) and could not be read back.
     */
    private static final class RequiredMeansNotNull extends JacksonAnnotationIntrospector {
        /** A {@link Verbatim} component keeps its numbers' text on databind's path too. */
        @Override
        public Object findDeserializer(Annotated a) {
            return _hasAnnotation(a, Verbatim.class) ? new VerbatimTrees.Deserializer() : super.findDeserializer(a);
        }

        @Override
        public JsonSetter.Value findSetterInfo(Annotated a) {
            JsonSetter.Value info = super.findSetterInfo(a);
            JsonProperty property = _findAnnotation(a, JsonProperty.class);
            return property != null && property.required() ? info.withValueNulls(Nulls.FAIL) : info;
        }
    }
}
