package dev.routing.journal.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.List;

/** A record inside an entry (a route, a call, names): read and written by its own shape, with no type. */
final class NestedKind extends ValueKind {
    private final Class<?> type;
    /**
     * The shape, found on first use (not at derivation: a record may nest its own kind), then kept
     * rather than looked up per value. Racy but safe: every field of a shape is final.
     */
    private RecordShape shape;

    NestedKind(Class<?> type) {
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
