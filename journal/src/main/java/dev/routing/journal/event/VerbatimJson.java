package dev.routing.journal.event;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;

/**
 * A {@link Verbatim} component as its record keeps it: every number a {@link WrittenNumber}, so that
 * a record built in Java (a double, a long) equals the one the journal gives back, and a number
 * that has no JSON (a double's Infinity or NaN, which Jackson would write as a string) is refused,
 * naming where it is.
 */
public final class VerbatimJson {
    private VerbatimJson() {}

    /** {@code tree} itself when its numbers are all written ones already (as the codec reads them), else a copy that makes them so. */
    public static JsonNode of(JsonNode tree, String field) {
        return tree == null || settled(tree) ? tree : copy(tree, field);
    }

    private static boolean settled(JsonNode node) {
        if (node.isNumber()) return node instanceof WrittenNumber;
        for (JsonNode child : node) {
            if (!settled(child)) return false;
        }
        return true;
    }

    private static JsonNode copy(JsonNode node, String path) {
        if (node.isNumber()) {
            if (node instanceof WrittenNumber) return node;
            if (node.isFloatingPointNumber() && !node.isBigDecimal() && !Double.isFinite(node.doubleValue())) {
                throw new BadValue(path, "a number JSON cannot write (" + node.asText() + ")");
            }
            return WrittenNumber.of(node.toString());
        }
        if (node.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                out.set(f.getKey(), copy(f.getValue(), path + "." + f.getKey()));
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode(node.size());
            for (int i = 0; i < node.size(); i++) out.add(copy(node.get(i), path + "[" + i + "]"));
            return out;
        }
        return node;
    }
}
