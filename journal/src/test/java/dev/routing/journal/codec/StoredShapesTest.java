package dev.routing.journal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonProperty;
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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The stored form names no component: it knows them by position, and an enum by its wire name.
 * This pins every stored record's components, in order, with their types and whether they are
 * required, and every stored enum's wire names, so that a change that would misread the journals
 * already written fails here first. Safe changes: a component added at a record's end that is not
 * required (older entries read it as absent), and a wire name added to an enum. Rewrite the file
 * with {@code -Dshapes.write=true}, which refuses any other change: that needs a new schema and an
 * upcast (EntryCodec).
 */
class StoredShapesTest {
    private static final Path PINNED = Path.of("src/test/resources/codec/shapes.txt");

    @Test
    void everyStoredRecordKeepsItsComponentsInTheirPinnedOrder() throws IOException {
        String derived = shapes();
        String pinned = Files.readString(PINNED, StandardCharsets.UTF_8);
        if (Boolean.getBoolean("shapes.write")) {
            List<String> unsafe = unsafeChanges(sections(pinned), sections(derived));
            assertTrue(unsafe.isEmpty(), () -> "not rewritten: these changes would misread the journals already written"
                    + " (bump EntryCodec.SCHEMA_VERSION with an upcast instead): " + unsafe);
            Files.writeString(PINNED, derived);
            pinned = derived;
        }
        assertEquals(pinned, derived, "a stored record's components or an enum's wire names changed: if only by a"
                + " component appended (not required) or a wire name added, rewrite with -Dshapes.write=true");
    }

    @Test
    void theRewriteRefusesEveryChangeThatWouldMisreadOldEntries() {
        Map<String, List<String>> old = sections("turn.ended\n  at Instant required\n  turn Long required\nenum Mode\n  locus\n  hybrid\n");
        assertEquals(List.of(), unsafeChanges(old, sections(
                "turn.ended\n  at Instant required\n  turn Long required\n  note String\nenum Mode\n  locus\n  hybrid\n  named\n")));
        assertEquals(1, unsafeChanges(old, sections("turn.ended\n  turn Long required\n  at Instant required\nenum Mode\n  locus\n  hybrid\n")).size(), "moved");
        assertEquals(1, unsafeChanges(old, sections("turn.ended\n  at Instant required\nenum Mode\n  locus\n  hybrid\n")).size(), "removed");
        assertEquals(1, unsafeChanges(old, sections("turn.ended\n  at Instant required\n  turn Integer required\nenum Mode\n  locus\n  hybrid\n")).size(), "retyped");
        assertEquals(1, unsafeChanges(old, sections(
                "turn.ended\n  at Instant required\n  turn Long required\n  why String required\nenum Mode\n  locus\n  hybrid\n")).size(), "required added");
        assertEquals(1, unsafeChanges(old, sections("turn.ended\n  at Instant required\n  turn Long required\nenum Mode\n  locus\n")).size(), "wire name gone");
        assertEquals(1, unsafeChanges(old, sections("enum Mode\n  locus\n  hybrid\n")).size(), "record gone");
    }

    /** The changes from {@code old} to {@code now} under which an entry stored by {@code old} would not read the same. */
    private static List<String> unsafeChanges(Map<String, List<String>> old, Map<String, List<String>> now) {
        List<String> unsafe = new ArrayList<>();
        old.forEach((name, lines) -> {
            List<String> after = now.get(name);
            if (after == null) {
                unsafe.add(name + " is gone");
            } else if (name.startsWith("enum ")) {
                if (!after.containsAll(lines)) unsafe.add(name + " lost a wire name");
            } else if (after.size() < lines.size() || !after.subList(0, lines.size()).equals(lines)) {
                unsafe.add(name + "'s components changed other than by one appended");
            } else if (after.subList(lines.size(), after.size()).stream().anyMatch(l -> l.endsWith(" required"))) {
                unsafe.add(name + " gained a required component, which no older entry has");
            }
        });
        return unsafe;
    }

    private static Map<String, List<String>> sections(String text) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        List<String> current = null;
        for (String line : text.split("\n")) {
            if (line.isEmpty()) continue;
            if (!line.startsWith(" ")) out.put(line, current = new ArrayList<>());
            else current.add(line);
        }
        return out;
    }

    private static String shapes() {
        Set<Class<?>> seen = new LinkedHashSet<>();
        Deque<Class<?>> todo = new ArrayDeque<>();
        for (JsonSubTypes.Type t : Entry.class.getAnnotation(JsonSubTypes.class).value()) todo.add(t.value());
        StringBuilder out = new StringBuilder();
        while (!todo.isEmpty()) {
            Class<?> type = todo.poll();
            if (!seen.add(type)) continue;
            if (type.isEnum()) {
                out.append("enum ").append(type.getSimpleName()).append('\n');
                for (Object constant : type.getEnumConstants()) out.append("  ").append(wireName(type, (Enum<?>) constant)).append('\n');
                continue;
            }
            RecordShape shape = RecordShape.of(type);
            out.append(shape.typeName != null ? shape.typeName : type.getName()).append('\n');
            RecordComponent[] components = type.getRecordComponents();
            for (int i = 0; i < components.length; i++) {
                RecordComponent c = components[i];
                boolean required = (shape.required & 1L << i) != 0;
                out.append("  ").append(c.getName()).append(' ').append(name(c.getGenericType())).append(required ? " required" : "")
                        .append('\n');
                nested(c.getGenericType(), todo);
            }
        }
        return out.toString();
    }

    private static String wireName(Class<?> type, Enum<?> constant) {
        try {
            JsonProperty p = type.getField(constant.name()).getAnnotation(JsonProperty.class);
            return p != null && !p.value().isEmpty() ? p.value() : constant.name();
        } catch (NoSuchFieldException e) {
            throw new AssertionError(e);
        }
    }

    private static String name(Type type) {
        if (type instanceof ParameterizedType p) {
            return name(p.getRawType()) + "<" + String.join(", ", Arrays.stream(p.getActualTypeArguments()).map(StoredShapesTest::name).toList()) + ">";
        }
        return ((Class<?>) type).getSimpleName();
    }

    private static void nested(Type type, Deque<Class<?>> todo) {
        if (type instanceof ParameterizedType p) {
            for (Type t : p.getActualTypeArguments()) nested(t, todo);
        } else if (type instanceof Class<?> c && (c.isRecord() || c.isEnum())) {
            todo.add(c);
        }
    }
}
