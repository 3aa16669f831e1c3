package dev.routing.journal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import dev.routing.journal.event.Entry;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The stored form names no component: it knows them by position. This pins every stored record's
 * components, in order, with their types, so that a component inserted, moved, removed or retyped
 * fails here before a build misreads the journals already written. A component added at a record's
 * end is read as absent from older entries and is safe: rewrite the file with
 * {@code -Dshapes.write=true}. Anything else needs a new schema and an upcast (EntryCodec).
 */
class StoredShapesTest {
    private static final Path PINNED = Path.of("src/test/resources/codec/shapes.txt");

    @Test
    void everyStoredRecordKeepsItsComponentsInTheirPinnedOrder() throws IOException {
        String derived = shapes();
        if (Boolean.getBoolean("shapes.write")) Files.writeString(PINNED, derived);
        assertEquals(Files.readString(PINNED, StandardCharsets.UTF_8), derived,
                "a stored record's components changed: append new ones at the end (then -Dshapes.write=true), or bump"
                        + " EntryCodec.SCHEMA_VERSION with an upcast");
    }

    private static String shapes() {
        Set<Class<?>> records = new LinkedHashSet<>();
        Deque<Class<?>> todo = new ArrayDeque<>();
        for (JsonSubTypes.Type t : Entry.class.getAnnotation(JsonSubTypes.class).value()) todo.add(t.value());
        StringBuilder out = new StringBuilder();
        while (!todo.isEmpty()) {
            Class<?> type = todo.poll();
            if (!records.add(type)) continue;
            RecordShape shape = RecordShape.of(type);
            out.append(shape.typeName != null ? shape.typeName : type.getSimpleName()).append('\n');
            for (RecordComponent c : type.getRecordComponents()) {
                out.append("  ").append(c.getName()).append(' ').append(name(c.getGenericType())).append('\n');
                nested(c.getGenericType(), todo);
            }
        }
        return out.toString();
    }

    private static String name(Type type) {
        if (type instanceof ParameterizedType p) return name(p.getRawType()) + "<" + name(p.getActualTypeArguments()[0]) + ">";
        return ((Class<?>) type).getSimpleName();
    }

    private static void nested(Type type, Deque<Class<?>> todo) {
        if (type instanceof ParameterizedType p) nested(p.getActualTypeArguments()[0], todo);
        else if (type instanceof Class<?> c && c.isRecord()) todo.add(c);
    }
}
