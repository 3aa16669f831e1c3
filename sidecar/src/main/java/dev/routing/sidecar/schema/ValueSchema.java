package dev.routing.sidecar.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.journal.codec.WireType;
import java.util.List;

/** The schema of one value, by the kind the codec reads and writes it as ({@link WireType}). */
final class ValueSchema {
    static final String INSTANT = "Instant";
    /**
     * What the reader takes for {@code at}: a date and a time to the second (a fraction of up to 9
     * digits allowed), in UTC ({@code Z}) or at an offset it converts to UTC, in the years 1970 to
     * 9999, the journal's days. Java's parser also takes a few rarer forms (a lower-case {@code t},
     * a leap second, {@code 24:00}); a host has no need of them, and a schema that refused them would
     * only be stricter than the engine, never looser.
     */
    static final String INSTANT_PATTERN = "^(19[7-9][0-9]|[2-9][0-9]{3})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
            + "T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,9})?(Z|[+-](0[0-9]|1[0-8]):[0-5][0-9])$";

    private ValueSchema() {}

    /** A value of {@code type}, never null. */
    static ObjectNode of(WireType type, Document document) {
        if (type instanceof WireType.Scalar scalar) return scalar(scalar, document);
        if (type instanceof WireType.OneOf oneOf) return oneOf(oneOf.names());
        if (type instanceof WireType.ListOf list) {
            ObjectNode array = SchemaJson.object().put("type", "array");
            array.set("items", of(list.element(), document));
            return array;
        }
        if (type instanceof WireType.Nested nested) return SchemaJson.ref(document.nested(nested.record()));
        throw new IllegalStateException("a wire type the schema does not know: " + type);
    }

    static ObjectNode oneOf(List<String> names) {
        ObjectNode choice = SchemaJson.object().put("type", "string");
        choice.set("enum", SchemaJson.array(names));
        return choice;
    }

    /** The same value, or null. */
    static ObjectNode orNull(ObjectNode value) {
        JsonNode type = value.get("type");
        if (value.isEmpty()) return value; // any JSON value: null is one already
        if (value.has("enum")) {
            ObjectNode copy = value.deepCopy();
            copy.set("type", SchemaJson.array(List.of(type.asText(), "null")));
            copy.withArray("enum").addNull();
            return copy;
        }
        if (type != null && type.isTextual()) {
            ObjectNode copy = value.deepCopy();
            copy.set("type", SchemaJson.array(List.of(type.asText(), "null")));
            return copy;
        }
        ObjectNode either = SchemaJson.object();
        either.putArray("anyOf").add(value).add(SchemaJson.object().put("type", "null"));
        return either;
    }

    static ObjectNode instant() {
        ObjectNode at = SchemaJson.object();
        at.put("title", INSTANT);
        at.put("description", "An ISO-8601 instant, e.g. 2026-11-02T09:14:03.120Z: UTC (Z), or at an offset"
                + " (+01:00) the engine converts to UTC; in the years 1970 to 9999. The engine writes UTC.");
        at.put("type", "string");
        at.put("format", "date-time");
        at.put("pattern", INSTANT_PATTERN);
        return at;
    }

    private static ObjectNode scalar(WireType.Scalar scalar, Document document) {
        return switch (scalar) {
            case TEXT -> SchemaJson.object().put("type", "string");
            case INSTANT -> SchemaJson.ref(document.instant());
            case INT64 -> SchemaJson.object().put("type", "integer");
            case INT32 -> SchemaJson.object().put("type", "integer").put("minimum", Integer.MIN_VALUE).put("maximum", Integer.MAX_VALUE);
            case FLAG -> SchemaJson.object().put("type", "boolean");
            case ANY_JSON -> SchemaJson.object();
        };
    }
}
