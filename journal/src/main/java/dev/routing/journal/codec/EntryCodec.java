package dev.routing.journal.codec;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
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
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.MessageReceived;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.stream.Collectors;

/**
 * The JSON form of every entry. Reading is strict: an unknown field, a value of the wrong type or
 * a missing required field is a {@link BadEntryException} naming the field. Writing leaves out
 * absent (null) fields and orders nothing but what the records declare, so the same entry always
 * encodes to the same bytes.
 *
 * <p>The journal stores {@link #SCHEMA_VERSION} beside each entry's bytes: an entry written under
 * an older schema is upcast here before it is read, and one from a newer schema is refused rather
 * than misread.
 */
public final class EntryCodec {
    /** The schema this build writes. Bump it, and add an upcast, when a field changes meaning. */
    public static final int SCHEMA_VERSION = 1;

    private static final ObjectMapper MAPPER = newMapper();
    private static final ObjectReader ENTRY_READER = MAPPER.readerFor(Entry.class);
    private static final ObjectReader FACT_READER = MAPPER.readerFor(Fact.class);
    private static final ObjectWriter WRITER = MAPPER.writerFor(Entry.class);

    private EntryCodec() {}

    /** The mapper every module uses for JSON, so that strictness and formats agree everywhere. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    public static byte[] encode(Entry entry) {
        try {
            return WRITER.writeValueAsBytes(entry);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + entry.type(), e);
        }
    }

    public static String toJson(Entry entry) {
        try {
            return WRITER.writeValueAsString(entry);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + entry.type(), e);
        }
    }

    /** Reads one journaled entry written under {@code version}. */
    public static Entry decode(int version, byte[] bytes, int offset, int length) {
        if (version > SCHEMA_VERSION) {
            throw new BadEntryException("v", "entry written by schema " + version
                    + ", newer than this build's " + SCHEMA_VERSION + ": upgrade to read it", null);
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

    public static Entry decode(byte[] bytes) {
        return decode(SCHEMA_VERSION, bytes, 0, bytes.length);
    }

    /** Reads one fact as a host sends it (a script line): strict, and a decision is refused. */
    public static Fact readFact(String json) {
        try {
            return present(FACT_READER.readValue(json));
        } catch (IOException e) {
            throw translate(e);
        }
    }

    public static Entry readEntry(String json) {
        try {
            return present(ENTRY_READER.readValue(json));
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
        if (entry == null) throw new BadEntryException(null, "expected an entry (a JSON object), got null", null);
        return entry;
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
            } else {
                message = message.lines().findFirst().orElse(message);
            }
            return new BadEntryException(field.isEmpty() ? null : field, message, e);
        }
        if (e instanceof JsonParseException p) {
            return new BadEntryException(null, "malformed JSON: " + p.getOriginalMessage(), e);
        }
        return new BadEntryException(null, e.getMessage(), new UncheckedIOException(e));
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
        JsonMapper mapper = JsonMapper.builder()
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
        @Override
        public JsonSetter.Value findSetterInfo(Annotated a) {
            JsonSetter.Value info = super.findSetterInfo(a);
            JsonProperty property = _findAnnotation(a, JsonProperty.class);
            return property != null && property.required() ? info.withValueNulls(Nulls.FAIL) : info;
        }
    }

    /**
     * {@code at} is an ISO-8601 string; a number (epoch seconds? millis?) is refused, not guessed, and
     * so is an instant outside the years 1970 to 9999.
     */
    private static final class IsoInstant extends StdScalarDeserializer<Instant> {
        /** 10000-01-01T00:00:00Z: the journal files a day by its date, and a date past 9999 has no file name. */
        private static final long END_OF_9999 = 253_402_300_800L;

        IsoInstant() {
            super(Instant.class);
        }

        @Override
        public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.hasToken(JsonToken.VALUE_STRING)) return (Instant) ctxt.handleUnexpectedToken(Instant.class, p);
            String text = p.getText();
            Instant instant;
            try {
                instant = parse(text);
            } catch (java.time.DateTimeException | NumberFormatException e) {
                return (Instant) ctxt.handleWeirdStringValue(Instant.class, text, "not an ISO-8601 UTC instant: " + e.getMessage());
            }
            if (instant.getEpochSecond() < 0 || instant.getEpochSecond() >= END_OF_9999) {
                return (Instant) ctxt.handleWeirdStringValue(Instant.class, text, "outside the years 1970 to 9999, which are"
                        + " the journal's days");
            }
            return instant;
        }

        /**
         * The common form {@code 2026-11-02T09:14:03.120Z} is read by hand (decoding every entry's
         * time is a replay's largest single cost); any other ISO form goes to {@link Instant#parse}.
         */
        static Instant parse(String s) {
            int n = s.length();
            if (n < 20 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T' || s.charAt(13) != ':'
                    || s.charAt(16) != ':' || s.charAt(n - 1) != 'Z' || (n > 20 && s.charAt(19) != '.')) {
                return Instant.parse(s);
            }
            int year = digits(s, 0, 4);
            int month = digits(s, 5, 7);
            int day = digits(s, 8, 10);
            int hour = digits(s, 11, 13);
            int minute = digits(s, 14, 16);
            int second = digits(s, 17, 19);
            int nanos = 0;
            if (n > 20) {
                int fraction = n - 21;
                if (fraction < 1 || fraction > 9) return Instant.parse(s);
                nanos = digits(s, 20, n - 1);
                for (int i = fraction; i < 9; i++) nanos *= 10;
            }
            if (hour > 23 || minute > 59 || second > 59) return Instant.parse(s);
            long epochDay = java.time.LocalDate.of(year, month, day).toEpochDay();
            return Instant.ofEpochSecond(epochDay * 86_400 + hour * 3_600L + minute * 60L + second, nanos);
        }

        private static int digits(String s, int from, int to) {
            int value = 0;
            for (int i = from; i < to; i++) {
                char c = s.charAt(i);
                if (c < '0' || c > '9') throw new NumberFormatException("'" + s + "' has no digit at " + i);
                value = value * 10 + (c - '0');
            }
            return value;
        }
    }
}
