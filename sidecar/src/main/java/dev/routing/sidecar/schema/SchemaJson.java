package dev.routing.sidecar.schema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.journal.codec.EntryCodec;
import java.util.Iterator;
import java.util.Map;

/**
 * Schema documents as text, laid out as JavaScript's {@code JSON.stringify(value, null, 2)} lays
 * them out, plus a final newline: the same records give the same bytes on every build, so the
 * files checked in can be compared byte for byte, and a host's tools that rewrite them change nothing.
 */
final class SchemaJson {
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SchemaJson() {}

    static ObjectNode object() {
        return NODES.objectNode();
    }

    static ArrayNode array(Iterable<String> values) {
        ArrayNode array = NODES.arrayNode();
        for (String v : values) array.add(v);
        return array;
    }

    static ObjectNode ref(String def) {
        return object().put("$ref", "#/$defs/" + def);
    }

    static String text(JsonNode document) {
        StringBuilder out = new StringBuilder();
        write(out, document, "");
        return out.append('\n').toString();
    }

    private static void write(StringBuilder out, JsonNode node, String indent) {
        String inner = indent + "  ";
        if (node.isObject() && !node.isEmpty()) {
            out.append("{\n");
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                out.append(inner).append(quoted(field.getKey())).append(": ");
                write(out, field.getValue(), inner);
                out.append(it.hasNext() ? ",\n" : "\n");
            }
            out.append(indent).append('}');
        } else if (node.isArray() && !node.isEmpty()) {
            out.append("[\n");
            for (int i = 0; i < node.size(); i++) {
                out.append(inner);
                write(out, node.get(i), inner);
                out.append(i + 1 < node.size() ? ",\n" : "\n");
            }
            out.append(indent).append(']');
        } else if (node.isTextual()) {
            out.append(quoted(node.textValue()));
        } else {
            // numbers, booleans, null, and an empty object or array: as compact JSON writes them
            out.append(node);
        }
    }

    private static String quoted(String s) {
        try {
            return EntryCodec.mapper().writeValueAsString(s);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the string " + s, e);
        }
    }
}
