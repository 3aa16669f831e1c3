package dev.routing.journal.codec;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import dev.routing.journal.event.Entry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The shapes the codec derives from the records, read-only, for code that describes the wire
 * (the JSON Schema in docs/schema) rather than reads or writes it. It reads {@link RecordShape}
 * and {@link ValueKind} instead of reflecting over the records a second time, so a description
 * cannot drift from what the codec does: a component a record gains is described the moment it is
 * read and written.
 */
public final class WireShape {
    private WireShape() {}

    /**
     * One component as the codec reads and writes it.
     *
     * @param name its name on the wire
     * @param required whether the reader refuses it missing or null
     * @param writtenWhenNull whether it is written as null when it has no value (other absent fields are left out)
     */
    public record Field(String name, WireType type, boolean required, boolean writtenWhenNull) {
    }

    /** Every entry type the codec reads, in the order {@link Entry} lists them. */
    public static List<Class<? extends Entry>> entryTypes() {
        List<Class<? extends Entry>> types = new ArrayList<>();
        for (JsonSubTypes.Type t : Entry.class.getAnnotation(JsonSubTypes.class).value()) {
            types.add(t.value().asSubclass(Entry.class));
        }
        return types;
    }

    /** An entry type's wire name ({@code round.spoken}). */
    public static String typeName(Class<? extends Entry> type) {
        return RecordShape.of(type).typeName;
    }

    /** A record's components, in the order the codec writes them. */
    public static List<Field> fields(Class<?> record) {
        RecordShape shape = RecordShape.of(record);
        List<Field> fields = new ArrayList<>(shape.names.length);
        for (int i = 0; i < shape.names.length; i++) {
            fields.add(new Field(shape.names[i], type(shape.kinds[i]), (shape.required & 1L << i) != 0, shape.alwaysWritten[i]));
        }
        return fields;
    }

    /** A record's component values, in the order of {@link #fields}. */
    public static List<Object> values(Object record) {
        RecordShape shape = RecordShape.of(record.getClass());
        List<Object> values = new ArrayList<>(shape.names.length);
        for (int i = 0; i < shape.names.length; i++) values.add(shape.component(record, i));
        return values;
    }

    /**
     * The fields of {@code type} whose values are one of a closed set the reader checks, with the set:
     * a host's line is checked for more of them than a journaled entry, which must read as it was written.
     */
    public static Map<String, List<String>> closedSets(Class<?> type, boolean hostLine) {
        return HostFacts.closedSets(type, hostLine);
    }

    private static WireType type(ValueKind kind) {
        if (kind == ValueKind.TEXT) return WireType.Scalar.TEXT;
        if (kind == ValueKind.INSTANT) return WireType.Scalar.INSTANT;
        if (kind == ValueKind.LONG) return WireType.Scalar.INT64;
        if (kind == ValueKind.INT) return WireType.Scalar.INT32;
        if (kind == ValueKind.FLAG) return WireType.Scalar.FLAG;
        if (kind == ValueKind.TREE || kind == ValueKind.VERBATIM_TREE) return WireType.Scalar.ANY_JSON;
        if (kind instanceof NamedKind named) return new WireType.OneOf(named.wireNames());
        if (kind instanceof ListedKind listed) return new WireType.ListOf(type(listed.element()));
        if (kind instanceof NestedKind nested) return new WireType.Nested(nested.type());
        throw new IllegalStateException("a value kind the wire description does not know: " + kind);
    }
}
