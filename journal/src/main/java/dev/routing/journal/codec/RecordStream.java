package dev.routing.journal.codec;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.routing.journal.event.Entry;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Entries read and written field by field on Jackson's streaming parser and generator, by each
 * record's derived {@link RecordShape}: what databind does for them, without its per-property
 * machinery (type resolution, bean properties, reflective accessors), which was most of a replay.
 *
 * <p>The read is exactly as strict as the databind path: it reads only what that path reads to the
 * same record, and throws {@link NotSure} for the rest, which {@link EntryCodec} then hands to the
 * databind path for its error (or its reading of an older form). The write gives the same bytes.
 */
final class RecordStream {
    private static final Map<String, RecordShape> BY_TYPE = new HashMap<>();

    static {
        for (JsonSubTypes.Type t : Entry.class.getAnnotation(JsonSubTypes.class).value()) {
            RecordShape shape = RecordShape.of(t.value());
            BY_TYPE.put(shape.typeName, shape);
        }
    }

    private RecordStream() {}

    /** The shape of the entry type named {@code type} on the wire, or null for none. */
    static RecordShape shapeOf(String type) {
        return BY_TYPE.get(type);
    }

    /** The entry whose JSON is {@code json[offset, offset + length)}, written as this codec writes it. */
    static Entry read(byte[] json, int offset, int length) {
        return readNumbered(json, offset, length, null);
    }

    /**
     * A host's line: the entry as {@link #read} reads it, and beside its fields a {@code seq} (a whole
     * number, 1 or more: the host's number for it), which goes to {@code seq[0]}. Anything else about
     * the seq (a null, a fraction, zero, a second one) is {@link NotSure}: the line's reader says what.
     * With {@code seq} null, a {@code seq} field is as unknown as any other.
     */
    static Entry readNumbered(byte[] json, int offset, int length, long[] seq) {
        try (JsonParser p = EntryCodec.mapper().createParser(json, offset, length)) {
            if (p.nextToken() != JsonToken.START_OBJECT || p.nextToken() != JsonToken.FIELD_NAME
                    || !"type".equals(p.currentName()) || p.nextToken() != JsonToken.VALUE_STRING) {
                throw NotSure.INSTANCE;
            }
            RecordShape shape = BY_TYPE.get(p.getText());
            if (shape == null) throw NotSure.INSTANCE;
            Object entry = readFields(p, shape, p.nextToken(), seq);
            if (p.nextToken() != null) throw NotSure.INSTANCE;
            return (Entry) entry;
        } catch (IOException e) {
            throw NotSure.INSTANCE;
        }
    }

    /** The record whose fields start at token {@code t}; the parser is left at the object's end. */
    static Object readFields(JsonParser p, RecordShape shape, JsonToken t) throws IOException {
        return readFields(p, shape, t, null);
    }

    /** As above; with {@code seq} given, a field {@code seq} the record lacks is read into it. */
    private static Object readFields(JsonParser p, RecordShape shape, JsonToken t, long[] seq) throws IOException {
        Object[] values = new Object[shape.names.length];
        long seen = 0;
        int expected = 0;
        for (; t == JsonToken.FIELD_NAME; t = p.nextToken()) {
            int i = shape.indexOf(p.currentName(), expected);
            if (i < 0 && seq != null && seq[0] == 0 && "seq".equals(p.currentName())) {
                if (p.nextToken() != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT
                        && p.getNumberType() != JsonParser.NumberType.LONG) {
                    throw NotSure.INSTANCE;
                }
                seq[0] = p.getLongValue();
                if (seq[0] < 1) throw NotSure.INSTANCE;
                continue;
            }
            if (i < 0 || (seen & 1L << i) != 0) throw NotSure.INSTANCE;
            seen |= 1L << i;
            expected = i + 1;
            if (p.nextToken() == JsonToken.VALUE_NULL) {
                if (!shape.kinds[i].nullIsAbsent()) throw NotSure.INSTANCE;
            } else {
                values[i] = shape.kinds[i].read(p);
            }
        }
        if (t != JsonToken.END_OBJECT) throw NotSure.INSTANCE;
        for (long missing = shape.required; missing != 0; missing &= missing - 1) {
            if (values[Long.numberOfTrailingZeros(missing)] == null) throw NotSure.INSTANCE;
        }
        try {
            return shape.construct(values);
        } catch (Error e) {
            throw e;
        } catch (Throwable refused) {
            // the record refused a value (a BadValue): the databind path names the field
            throw NotSure.INSTANCE;
        }
    }

    static void write(JsonGenerator g, Entry entry) throws IOException {
        RecordShape shape = RecordShape.of(entry.getClass());
        g.writeStartObject(entry);
        g.writeStringField("type", shape.typeName);
        writeFields(g, shape, entry);
        g.writeEndObject();
    }

    /** Every component in declaration order; a null one only where the record says it is always written. */
    static void writeFields(JsonGenerator g, RecordShape shape, Object record) throws IOException {
        for (int i = 0; i < shape.names.length; i++) {
            Object value = shape.component(record, i);
            if (value == null) {
                if (shape.alwaysWritten[i]) {
                    g.writeFieldName(shape.names[i]);
                    g.writeNull();
                }
                continue;
            }
            g.writeFieldName(shape.names[i]);
            shape.kinds[i].write(g, value);
        }
    }
}
