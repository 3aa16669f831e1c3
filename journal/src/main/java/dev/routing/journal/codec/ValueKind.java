package dev.routing.journal.codec;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One kind of component value, read from and written to a streaming parser or generator. A read
 * takes only the exact form the strict codec accepts (a string for text, an integer token for a
 * number, true or false for a flag); for anything else it throws {@link NotSure}, and the strict
 * codec reads the entry instead and says what is wrong with it.
 */
abstract class ValueKind {
    /** The value at the parser's current token, which is not {@code null}. */
    abstract Object read(JsonParser p) throws IOException;

    abstract void write(JsonGenerator g, Object value) throws IOException;

    /** The value in its stored form ({@link RecordBinary}), checked as it is read. */
    abstract Object readStored(BinaryIn in);

    abstract void writeStored(BinaryOut out, Object value);

    /**
     * What a value of this kind is, in the protocol's words ("a whole number", "true or false"), for
     * an error that says what a field expected: never a Java type.
     */
    abstract String what();

    /** A value of this kind as JSON, for an error's example ({@code "2026-11-02T09:00:00Z"}, {@code 7}). */
    abstract String example();

    /** Whether a JSON {@code null} reads as an absent (null) value; the strict codec reads a null tree otherwise. */
    boolean nullIsAbsent() {
        return true;
    }

    /** The kind of a component of {@code type}; {@code verbatim} for a {@link dev.routing.journal.event.Verbatim} one. */
    static ValueKind of(Type type, boolean verbatim, String where) {
        if (verbatim && type != JsonNode.class) throw new IllegalStateException(where + " is @Verbatim but holds no JSON tree");
        if (type == String.class) return TEXT;
        if (type == Instant.class) return INSTANT;
        if (type == Long.class) return LONG;
        if (type == Integer.class) return INT;
        if (type == Boolean.class) return FLAG;
        if (type == JsonNode.class) return verbatim ? VERBATIM_TREE : TREE;
        if (type instanceof Class<?> c && c.isEnum()) return new Named(c);
        if (type instanceof Class<?> c && c.isRecord()) return new Nested(c);
        if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
            return new Listed(of(p.getActualTypeArguments()[0], false, where + "[]"));
        }
        throw new IllegalStateException(where + " has type " + type + ", which the codec does not derive");
    }

    static final ValueKind TEXT = new ValueKind() {
        @Override
        Object read(JsonParser p) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) throw NotSure.INSTANCE;
            String s = p.getText();
            if (UnicodeText.loneSurrogate(s) >= 0) throw NotSure.INSTANCE;
            return s;
        }

        @Override
        String what() {
            return "a string";
        }

        @Override
        String example() {
            return "\"hello\"";
        }

        @Override
        void write(JsonGenerator g, Object value) throws IOException {
            g.writeString((String) value);
        }

        @Override
        Object readStored(BinaryIn in) {
            return in.text();
        }

        @Override
        void writeStored(BinaryOut out, Object value) {
            out.text((String) value);
        }
    };

    static final ValueKind INSTANT = new ValueKind() {
        @Override
        Object read(JsonParser p) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) throw NotSure.INSTANCE;
            try {
                Instant at = IsoInstant.parse(p.getText());
                if (!IsoInstant.inJournalYears(at)) throw NotSure.INSTANCE;
                return at;
            } catch (java.time.DateTimeException | NumberFormatException e) {
                throw NotSure.INSTANCE;
            }
        }

        @Override
        String what() {
            return "an ISO-8601 UTC instant (a string) in the years 1970 to 9999";
        }

        @Override
        String example() {
            return "\"2026-11-02T09:00:00Z\"";
        }

        @Override
        void write(JsonGenerator g, Object value) throws IOException {
            // Instant.toString is DateTimeFormatter.ISO_INSTANT, the form Jackson's time module writes
            g.writeString(value.toString());
        }

        @Override
        Object readStored(BinaryIn in) {
            return in.instant();
        }

        @Override
        void writeStored(BinaryOut out, Object value) {
            Instant at = (Instant) value;
            // what the reader would refuse is not written: an entry on disk is one that reads back
            if (!IsoInstant.inJournalYears(at)) throw new BadEntryException(null, at + " is outside the years 1970 to 9999", null);
            out.zigzag(at.getEpochSecond());
            out.varLong(at.getNano());
        }
    };

    static final ValueKind LONG = new ValueKind() {
        @Override
        Object read(JsonParser p) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_NUMBER_INT || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                throw NotSure.INSTANCE;
            }
            return p.getLongValue();
        }

        @Override
        String what() {
            return "a whole number of at most 64 bits (no fraction, exponent or quotes)";
        }

        @Override
        String example() {
            return "7";
        }

        @Override
        void write(JsonGenerator g, Object value) throws IOException {
            g.writeNumber((Long) value);
        }

        @Override
        Object readStored(BinaryIn in) {
            return in.zigzag();
        }

        @Override
        void writeStored(BinaryOut out, Object value) {
            out.zigzag((Long) value);
        }
    };

    static final ValueKind INT = new ValueKind() {
        @Override
        Object read(JsonParser p) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT) {
                throw NotSure.INSTANCE;
            }
            return p.getIntValue();
        }

        @Override
        String what() {
            return "a whole number from -2147483648 to 2147483647 (no fraction, exponent or quotes)";
        }

        @Override
        String example() {
            return "1";
        }

        @Override
        void write(JsonGenerator g, Object value) throws IOException {
            g.writeNumber((Integer) value);
        }

        @Override
        Object readStored(BinaryIn in) {
            return in.int32();
        }

        @Override
        void writeStored(BinaryOut out, Object value) {
            out.zigzag((Integer) value);
        }
    };

    static final ValueKind FLAG = new ValueKind() {
        @Override
        Object read(JsonParser p) {
            JsonToken t = p.currentToken();
            if (t == JsonToken.VALUE_TRUE) return Boolean.TRUE;
            if (t == JsonToken.VALUE_FALSE) return Boolean.FALSE;
            throw NotSure.INSTANCE;
        }

        @Override
        String what() {
            return "true or false (no quotes)";
        }

        @Override
        String example() {
            return "true";
        }

        @Override
        void write(JsonGenerator g, Object value) throws IOException {
            g.writeBoolean((Boolean) value);
        }

        @Override
        Object readStored(BinaryIn in) {
            return in.flag() ? Boolean.TRUE : Boolean.FALSE;
        }

        @Override
        void writeStored(BinaryOut out, Object value) {
            out.u8((Boolean) value ? 1 : 0);
        }
    };

    /** A checkpoint's state: any JSON, read as the mapper's tree. */
    static final ValueKind TREE = new Tree(false);
    /** A host's JSON the engine copies ({@code connectorData}): its numbers kept as written. */
    static final ValueKind VERBATIM_TREE = new Tree(true);

    /** Any JSON, read as the mapper's tree, or with its numbers as written ({@link VerbatimTrees}). */
    private static final class Tree extends ValueKind {
        // a tree inside an entry has the entry's remaining fields after it, which are no trailing tokens
        private final ObjectReader trees = EntryCodec.mapper().readerFor(JsonNode.class)
                .without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        private final boolean verbatim;

        Tree(boolean verbatim) {
            this.verbatim = verbatim;
        }

        @Override
        Object read(JsonParser p) throws IOException {
            JsonNode tree = verbatim ? VerbatimTrees.read(p) : trees.readValue(p);
            if (tree == null) throw NotSure.INSTANCE;
            return tree;
        }

        @Override
        void write(JsonGenerator g, Object value) throws IOException {
            g.writeTree((JsonNode) value);
        }

        @Override
        boolean nullIsAbsent() {
            return false;
        }

        @Override
        String what() {
            return "any JSON value";
        }

        @Override
        String example() {
            return "{\"id\": 42}";
        }

        @Override
        Object readStored(BinaryIn in) {
            int n = in.size();
            int from = in.pos;
            in.pos += n;
            try {
                JsonNode tree = verbatim ? VerbatimTrees.read(in.buf, from, n) : EntryCodec.mapper().readTree(in.buf, from, n);
                if (tree == null || tree.isMissingNode()) throw new BadEntryException(null, "a stored JSON value is empty", null);
                return tree;
            } catch (IOException e) {
                throw new BadEntryException(null, "a stored JSON value is malformed: " + e.getMessage(), e);
            }
        }

        @Override
        void writeStored(BinaryOut out, Object value) {
            byte[] json;
            if (value instanceof JsonText written) {
                json = written.utf8();
            } else {
                try {
                    json = EntryCodec.mapper().writeValueAsBytes(value);
                } catch (IOException e) {
                    throw new BadEntryException(null, "cannot be written as JSON: " + e.getMessage(), e);
                }
            }
            try {
                readsBack(json);
            } catch (IOException e) {
                throw new BadEntryException(null, "would not read back as JSON: " + e.getMessage().lines().findFirst().orElse(""), e);
            }
            out.bytes(json);
        }

        /**
         * Reads the JSON token by token as the reader will (its limits on numbers, names, nesting and
         * text, its strictness on duplicate keys), so that a tree is stored only if it reads back; the
         * tree itself is not built again, which for a checkpoint's state of a megabyte took as long as
         * making it.
         */
        private static void readsBack(byte[] json) throws IOException {
            try (JsonParser p = EntryCodec.mapper().createParser(json)) {
                for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                    // the parser checks a value's length only once it is read, as the tree reads each
                    if (t == JsonToken.VALUE_STRING) p.getText();
                    else if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) p.getNumberValue();
                }
            }
        }
    }

    /** An enum, by each constant's {@code @JsonProperty} name. */
    static final class Named extends ValueKind {
        private final Map<String, Object> byName = new HashMap<>();
        private final Map<Object, String> names = new HashMap<>();
        private final Object[] constants;
        private final byte[][] stored;

        Named(Class<?> type) {
            for (Object constant : type.getEnumConstants()) {
                String name = ((Enum<?>) constant).name();
                try {
                    JsonProperty property = type.getField(name).getAnnotation(JsonProperty.class);
                    if (property != null && !property.value().isEmpty()) name = property.value();
                } catch (NoSuchFieldException e) {
                    throw new IllegalStateException(type + " has no field for its constant " + name, e);
                }
                byName.put(name, constant);
                names.put(constant, name);
            }
            constants = type.getEnumConstants();
            stored = new byte[constants.length][];
            for (int i = 0; i < constants.length; i++) stored[i] = names.get(constants[i]).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }

        /** The wire names, in the order the enum declares its constants. */
        List<String> wireNames() {
            List<String> out = new ArrayList<>(constants.length);
            for (Object constant : constants) out.add(names.get(constant));
            return out;
        }

        @Override
        String what() {
            return "one of " + Words.either(wireNames());
        }

        @Override
        String example() {
            return "\"" + names.get(constants[0]) + "\"";
        }

        @Override
        Object readStored(BinaryIn in) {
            int n = in.size();
            int from = in.pos;
            for (int i = 0; i < stored.length; i++) {
                if (stored[i].length == n && in.matches(stored[i], n)) return constants[i];
                in.pos = from;
            }
            in.pos = from;
            String word = in.textOf(n);
            throw new BadEntryException(null, "'" + word + "' is none of " + byName.keySet(), null);
        }

        @Override
        void writeStored(BinaryOut out, Object value) {
            out.bytes(stored[((Enum<?>) value).ordinal()]);
        }

        @Override
        Object read(JsonParser p) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) throw NotSure.INSTANCE;
            Object constant = byName.get(p.getText());
            if (constant == null) throw NotSure.INSTANCE;
            return constant;
        }

        @Override
        void write(JsonGenerator g, Object value) throws IOException {
            g.writeString(names.get(value));
        }
    }

    /** A list whose elements are all present (a null element is left to the strict codec). */
    static final class Listed extends ValueKind {
        private final ValueKind element;

        Listed(ValueKind element) {
            this.element = element;
        }

        ValueKind element() {
            return element;
        }

        @Override
        String what() {
            return "a list (a JSON array) of which each element is " + element.what();
        }

        @Override
        String example() {
            return "[" + element.example() + "]";
        }

        @Override
        Object read(JsonParser p) throws IOException {
            if (p.currentToken() != JsonToken.START_ARRAY) throw NotSure.INSTANCE;
            List<Object> out = new ArrayList<>();
            for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                if (t == JsonToken.VALUE_NULL || t == null) throw NotSure.INSTANCE;
                out.add(element.read(p));
            }
            return out;
        }

        @Override
        Object readStored(BinaryIn in) {
            int n = in.size();
            if (n == 0) return List.of(); // most lists of an entry are empty: no list made for them
            Object[] out = new Object[n];
            for (int i = 0; i < n; i++) {
                try {
                    out[i] = element.readStored(in);
                } catch (BadEntryException e) {
                    throw e.under("[" + i + "]");
                }
            }
            // immutable already, so the record's List.copyOf keeps it as it is
            return List.of(out);
        }

        @Override
        void writeStored(BinaryOut out, Object value) {
            List<?> list = (List<?>) value;
            out.varLong(list.size());
            for (int i = 0; i < list.size(); i++) {
                try {
                    element.writeStored(out, list.get(i));
                } catch (BadEntryException e) {
                    throw e.under("[" + i + "]");
                }
            }
        }

        @Override
        void write(JsonGenerator g, Object value) throws IOException {
            List<?> list = (List<?>) value;
            g.writeStartArray(list, list.size());
            for (Object v : list) element.write(g, v);
            g.writeEndArray();
        }
    }

    /** A record inside an entry (a route, a call, names): read and written by its own shape, with no type. */
    static final class Nested extends ValueKind {
        private final Class<?> type;
        /**
         * The shape, found on first use (not at derivation: a record may nest its own kind), then kept
         * rather than looked up per value. Racy but safe: every field of a shape is final.
         */
        private RecordShape shape;

        Nested(Class<?> type) {
            this.type = type;
        }

        Class<?> type() {
            return type;
        }

        @Override
        String what() {
            RecordShape of = RecordShape.of(type);
            return "an object with the fields " + Words.both(List.of(of.names));
        }

        @Override
        String example() {
            return RecordShape.of(type).example();
        }

        @Override
        Object read(JsonParser p) throws IOException {
            if (p.currentToken() != JsonToken.START_OBJECT) throw NotSure.INSTANCE;
            return RecordStream.readFields(p, RecordShape.of(type), p.nextToken());
        }

        @Override
        Object readStored(BinaryIn in) {
            RecordShape known = shape;
            if (known == null) shape = known = RecordShape.of(type);
            return RecordBinary.readFields(in, known);
        }

        @Override
        void writeStored(BinaryOut out, Object value) {
            RecordBinary.writeFields(out, RecordShape.of(type), value);
        }

        @Override
        void write(JsonGenerator g, Object value) throws IOException {
            g.writeStartObject(value);
            RecordStream.writeFields(g, RecordShape.of(type), value);
            g.writeEndObject();
        }
    }
}
