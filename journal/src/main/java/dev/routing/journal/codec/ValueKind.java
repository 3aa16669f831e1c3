package dev.routing.journal.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.journal.bytes.LoneSurrogate;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.time.Instant;
import java.util.List;

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

    private final String what;
    private final String example;

    /** A kind that says what it is by {@link #what} and {@link #example} of its own. */
    ValueKind() {
        this(null, null);
    }

    ValueKind(String what, String example) {
        this.what = what;
        this.example = example;
    }

    /**
     * What a value of this kind is, in the protocol's words ("a whole number", "true or false"), for
     * an error that says what a field expected: never a Java type.
     */
    String what() {
        return what;
    }

    /** A value of this kind as JSON, for an error's example ({@code "2026-11-02T09:00:00Z"}, {@code 7}). */
    String example() {
        return example;
    }

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
        if (type instanceof Class<?> c && c.isEnum()) return new NamedKind(c);
        if (type instanceof Class<?> c && c.isRecord()) return new NestedKind(c);
        if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
            return new ListedKind(of(p.getActualTypeArguments()[0], false, where + "[]"));
        }
        throw new IllegalStateException(where + " has type " + type + ", which the codec does not derive");
    }

    static final ValueKind TEXT = new ValueKind("a string", "\"hello\"") {
        @Override
        Object read(JsonParser p) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) throw NotSure.INSTANCE;
            String s = p.getText();
            if (LoneSurrogate.at(s) >= 0) throw NotSure.INSTANCE;
            return s;
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

    static final ValueKind INSTANT = new ValueKind("an ISO-8601 UTC instant (a string) in the years 1970 to 9999",
            "\"2026-11-02T09:00:00Z\"") {
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

    static final ValueKind LONG = new WholeNumber(false);
    static final ValueKind INT = new WholeNumber(true);

    /** A whole number of 64 bits, or of 32: one JSON integer token, stored as a zigzag varint. */
    private static final class WholeNumber extends ValueKind {
        private final boolean int32;

        WholeNumber(boolean int32) {
            super(int32 ? "a whole number from -2147483648 to 2147483647 (no fraction, exponent or quotes)"
                    : "a whole number of at most 64 bits (no fraction, exponent or quotes)", int32 ? "1" : "7");
            this.int32 = int32;
        }

        @Override
        Object read(JsonParser p) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) throw NotSure.INSTANCE;
            JsonParser.NumberType type = p.getNumberType();
            if (int32 ? type != JsonParser.NumberType.INT : type == JsonParser.NumberType.BIG_INTEGER) throw NotSure.INSTANCE;
            if (int32) return p.getIntValue();
            return p.getLongValue();
        }

        @Override
        void write(JsonGenerator g, Object value) throws IOException {
            if (int32) g.writeNumber((Integer) value);
            else g.writeNumber((Long) value);
        }

        @Override
        Object readStored(BinaryIn in) {
            if (int32) return in.int32();
            return in.zigzag();
        }

        @Override
        void writeStored(BinaryOut out, Object value) {
            out.zigzag(int32 ? (Integer) value : (Long) value);
        }
    }

    static final ValueKind FLAG = new ValueKind("true or false (no quotes)", "true") {
        @Override
        Object read(JsonParser p) {
            JsonToken t = p.currentToken();
            if (t == JsonToken.VALUE_TRUE) return Boolean.TRUE;
            if (t == JsonToken.VALUE_FALSE) return Boolean.FALSE;
            throw NotSure.INSTANCE;
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
    static final ValueKind TREE = new TreeKind(false);
    /** A host's JSON the engine copies ({@code connectorData}): its numbers kept as written. */
    static final ValueKind VERBATIM_TREE = new TreeKind(true);
}
