package dev.routing.journal.codec;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** An enum, by each constant's {@code @JsonProperty} name. */
final class NamedKind extends ValueKind {
    private final Map<String, Object> byName = new HashMap<>();
    private final Map<Object, String> names = new HashMap<>();
    private final Object[] constants;
    private final byte[][] stored;

    NamedKind(Class<?> type) {
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
        for (int i = 0; i < constants.length; i++) stored[i] = names.get(constants[i]).getBytes(StandardCharsets.UTF_8);
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
