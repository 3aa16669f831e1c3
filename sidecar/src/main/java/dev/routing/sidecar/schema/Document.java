package dev.routing.sidecar.schema;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Supplier;

/**
 * One schema document under construction: a root that is one of several kinds of line, and the
 * {@code $defs} they refer to. A nested record (a call, a route, names) is defined the first time a
 * field refers to it, so a document holds exactly the definitions its lines use, and each once.
 */
final class Document {
    static final String DRAFT = "https://json-schema.org/draft/2020-12/schema";
    static final String GENERATED = "Generated from the journal's records by dev.routing.sidecar.schema"
            + " (java -jar replay-cli/target/replay-cli.jar schema --out docs/schema): do not edit by hand.";

    final Direction direction;
    private final ObjectNode root = SchemaJson.object();
    private final ArrayNode oneOf;
    private final ObjectNode defs = SchemaJson.object();

    Document(String title, String description, Direction direction) {
        this.direction = direction;
        root.put("$schema", DRAFT);
        root.put("$comment", GENERATED);
        root.put("title", title);
        root.put("description", description);
        oneOf = root.putArray("oneOf");
    }

    /**
     * A kind of line the document's root accepts, defined under {@code key} before whatever its
     * definition defines in turn (an instant, a nested record), so the lines lead the definitions.
     */
    void line(String key, Supplier<ObjectNode> schema) {
        reserve(key);
        oneOf.add(SchemaJson.ref(key));
        define(key, schema.get());
    }

    /** A definition lines refer to; the first under a key stands. */
    void define(String key, ObjectNode schema) {
        if (!defs.has(key) || defs.get(key).isNull()) defs.set(key, schema);
    }

    /** A key's place among the definitions, taken before its definition is made (which defines others first). */
    void reserve(String key) {
        if (!defs.has(key)) defs.putNull(key);
    }

    boolean defines(String key) {
        return defs.has(key);
    }

    /** The key of a nested record's definition, defining it (and each of its variants) on first use. */
    String nested(Class<?> record) {
        String key = record.getSimpleName();
        if (!defs.has(key)) {
            reserve(key); // first: a record may nest its own kind
            defs.set(key, RecordSchema.nested(record, this));
        }
        return key;
    }

    /** The instant every entry's {@code at} is, defined once per document. */
    String instant() {
        if (!defines(ValueSchema.INSTANT)) define(ValueSchema.INSTANT, ValueSchema.instant());
        return ValueSchema.INSTANT;
    }

    ObjectNode finish() {
        root.set("$defs", defs);
        return root;
    }
}
