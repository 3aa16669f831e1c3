package dev.routing.journal.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A list whose elements are all present (a null element is left to the strict codec). */
final class ListedKind extends ValueKind {
    private final ValueKind element;

    ListedKind(ValueKind element) {
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
