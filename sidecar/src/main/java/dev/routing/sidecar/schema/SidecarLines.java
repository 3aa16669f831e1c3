package dev.routing.sidecar.schema;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.journal.codec.WireType;

/**
 * The sidecar's own three lines (docs/sidecar.md), which its {@code AnswerWriter} writes beside the
 * decisions. They are not entries and are never journaled, so no record derives them: they are declared
 * here, once, in the same terms as the records. Every field is always written ({@code null} where it
 * may be). replay-cli's {@code SidecarOutputMatchesSchemaTest} holds the real sidecar's lines to this.
 */
final class SidecarLines {
    static final String READY = "sidecar.ready";
    static final String ACCEPTED = "fact.accepted";
    static final String REJECTED = "fact.rejected";

    private SidecarLines() {}

    /** The three lines, as kinds of line of {@code document}, whose decisions are defined under {@code decision}. */
    static void addTo(Document document, String decision) {
        document.line(READY, () -> line("SidecarReady", READY,
                "The first line, before anything else, on every start and on every socket connection.",
                field("journal", text(), false, "The journal's directory, absolute."),
                field("lastIndex", integer(WireType.Scalar.INT64, document), true,
                        "The journal index of its last group; null for an empty journal."),
                field("lastSeq", seq(), true,
                        "The highest seq journaled; null when no fact carried one. Resend what you have no answer for."),
                field("rules", text(), false, "The rule set deciding (current, 0.30.0)."),
                field("version", text(), false, "The engine's build."),
                field("opening", decisions(decision), false, "The decisions opening an existing journal made"
                        + " (process.restarted's); act on them as on any decision. Empty for a new journal, and on every"
                        + " socket connection after the first.")));
        document.line(ACCEPTED, () -> line("FactAccepted", ACCEPTED,
                "Closes a fact's answer, after its decisions: the fact and its decisions are journaled and on disk.",
                field("index", integer(WireType.Scalar.INT64, document), false,
                        "The journal index of the group holding the fact and its decisions."),
                field("seq", seq(), true, "The fact's seq, or null."),
                field("decisions", integer(WireType.Scalar.INT32, document).put("minimum", 0), false,
                        "How many decision lines came just before this one.")));
        document.line(REJECTED, () -> line("FactRejected", REJECTED,
                "Answers a line that is not a valid fact: nothing of it is journaled, and the sidecar reads on.",
                field("line", integer(WireType.Scalar.INT32, document).put("minimum", 1), false,
                        "The line's number, from 1 (per connection on the socket; blank lines count)."),
                field("field", text(), true, "The JSON path at fault (turn, calls[0].draftIds[1], seq, at); null when"
                        + " the whole line is (not JSON, not an object, not UTF-8, decisions too large)."),
                field("error", text(), false, "Why, for a person.")));
    }

    private record Field(String name, ObjectNode schema, boolean nullable, String description) {
    }

    private static ObjectNode line(String title, String type, String description, Field... fields) {
        ObjectNode schema = SchemaJson.object().put("title", title).put("description", description).put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = schema.putArray("required");
        properties.set("type", SchemaJson.object().put("const", type));
        required.add("type");
        for (Field f : fields) {
            ObjectNode value = f.nullable ? ValueSchema.orNull(f.schema) : f.schema;
            properties.set(f.name, value.put("description", f.description));
            required.add(f.name);
        }
        schema.put("additionalProperties", false);
        return schema;
    }

    private static Field field(String name, ObjectNode schema, boolean nullable, String description) {
        return new Field(name, schema, nullable, description);
    }

    private static ObjectNode text() {
        return SchemaJson.object().put("type", "string");
    }

    private static ObjectNode integer(WireType.Scalar kind, Document document) {
        return ValueSchema.of(kind, document);
    }

    private static ObjectNode seq() {
        return SchemaJson.object().put("type", "integer").put("minimum", 1);
    }

    private static ObjectNode decisions(String decision) {
        ObjectNode array = SchemaJson.object().put("type", "array");
        array.set("items", SchemaJson.ref(decision));
        return array;
    }
}
