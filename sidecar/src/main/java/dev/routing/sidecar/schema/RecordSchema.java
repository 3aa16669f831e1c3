package dev.routing.sidecar.schema;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.journal.codec.WireShape;
import dev.routing.journal.event.Entry;
import java.util.List;
import java.util.Map;

/**
 * A record's schema, from the shape the codec derives for it: its components in order, the required
 * ones required, the rest optional, and no other field, since the engine refuses an unknown field at
 * any depth and writes none. How an absent value may look follows the line's {@link Direction}.
 */
final class RecordSchema {
    static final String SEQ = "Seq";

    private RecordSchema() {}

    /** An entry: {@code type} first, then its components; on a host's line, {@code seq} last. */
    static ObjectNode entry(Class<? extends Entry> type, Document document) {
        String name = WireShape.typeName(type);
        ObjectNode schema = object(type.getSimpleName());
        JsonClassDescription about = type.getAnnotation(JsonClassDescription.class);
        if (about != null) schema.put("description", about.value());
        ObjectNode properties = schema.putObject("properties");
        properties.set("type", SchemaJson.object().put("const", name));
        ArrayNode required = SchemaJson.NODES.arrayNode().add("type");
        Map<String, List<String>> closed = WireShape.closedSets(type, document.direction == Direction.TO_ENGINE);
        List<WireShape.Field> fields = WireShape.fields(type);
        for (int i = 0; i < fields.size(); i++) {
            WireShape.Field field = fields.get(i);
            add(properties, required, field, closed.get(field.name()), document);
            describe(properties, field.name(), type, i);
        }
        if (document.direction == Direction.TO_ENGINE) {
            if (!document.defines(SEQ)) document.define(SEQ, seq());
            properties.set("seq", SchemaJson.ref(SEQ));
        }
        return close(schema, required);
    }

    /**
     * A record inside an entry. One whose kind says which fields it carries ({@link Variants}) is one of
     * its variants, each defined as {@code Record.kind}; any other is one object.
     */
    static ObjectNode nested(Class<?> record, Document document) {
        List<Variants.Variant> variants = Variants.of(record);
        if (variants.isEmpty()) return fields(record, record.getSimpleName(), null, document);
        ObjectNode schema = SchemaJson.object().put("title", record.getSimpleName());
        ArrayNode oneOf = schema.putArray("oneOf");
        for (Variants.Variant variant : variants) {
            String key = record.getSimpleName() + "." + variant.kind();
            document.define(key, fields(record, record.getSimpleName() + capitalised(variant.kind()), variant, document));
            oneOf.add(SchemaJson.ref(key));
        }
        return schema;
    }

    /** The record's fields, or with a variant its {@code kind} fixed and only the fields that kind carries. */
    private static ObjectNode fields(Class<?> record, String title, Variants.Variant variant, Document document) {
        ObjectNode schema = object(title);
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = SchemaJson.NODES.arrayNode();
        List<WireShape.Field> fields = WireShape.fields(record);
        for (int i = 0; i < fields.size(); i++) {
            WireShape.Field field = fields.get(i);
            if (variant != null && field.name().equals("kind")) {
                properties.set("kind", SchemaJson.object().put("const", variant.kind()));
                required.add("kind");
            } else if (variant == null || variant.fields().contains(field.name())) {
                add(properties, required, field, null, document);
                describe(properties, field.name(), record, i);
            }
        }
        return close(schema, required);
    }

    private static void add(ObjectNode properties, ArrayNode required, WireShape.Field field, List<String> closedSet,
            Document document) {
        ObjectNode value = closedSet != null ? ValueSchema.oneOf(closedSet) : ValueSchema.of(field.type(), document);
        boolean toEngine = document.direction == Direction.TO_ENGINE;
        // the reader takes null for an absent optional field; the writer writes null only where a record says so
        boolean nullable = toEngine ? !field.required() : field.writtenWhenNull();
        properties.set(field.name(), nullable ? ValueSchema.orNull(value) : value);
        if (field.required() || (!toEngine && field.writtenWhenNull())) required.add(field.name());
    }

    /**
     * A component's words for a host ({@link JsonPropertyDescription} on the record's component),
     * where what the type says is not enough: put beside its schema, never in place of it.
     */
    private static void describe(ObjectNode properties, String name, Class<?> record, int index) {
        JsonPropertyDescription about = record.getRecordComponents()[index].getAccessor().getAnnotation(JsonPropertyDescription.class);
        if (about == null) return;
        ObjectNode value = (ObjectNode) properties.get(name);
        properties.set(name, SchemaJson.object().put("description", about.value()).setAll(value));
    }

    private static ObjectNode object(String title) {
        return SchemaJson.object().put("title", title).put("type", "object");
    }

    private static ObjectNode close(ObjectNode schema, ArrayNode required) {
        if (!required.isEmpty()) schema.set("required", required);
        schema.put("additionalProperties", false);
        return schema;
    }

    private static ObjectNode seq() {
        ObjectNode seq = SchemaJson.object();
        seq.put("title", SEQ);
        seq.put("description", "The host's number for the fact, on any fact line: a whole number, 1 or more, increasing"
                + " from fact to fact (gaps allowed). A fact resent under a seq the journal holds is answered from the"
                + " journal, never decided twice; without one (or with null) a fact is decided each time it is sent.");
        seq.set("type", SchemaJson.array(List.of("integer", "null")));
        seq.put("minimum", 1);
        return seq;
    }

    private static String capitalised(String kind) {
        return Character.toUpperCase(kind.charAt(0)) + kind.substring(1);
    }
}
