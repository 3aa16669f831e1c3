package dev.routing.journal.event;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * A connector's raw data holds only numbers a double can hold. JSON can spell a larger one
 * ({@code 1e400}), which the reader makes Infinity, and Infinity has no JSON: it would be written
 * as the string "Infinity" and read back as text, so the journal would no longer hold what the
 * host sent (a resend of the fact would then not match it). Refused, naming where it is.
 */
final class FiniteNumbers {
    private FiniteNumbers() {}

    static void check(JsonNode node, String path) {
        if (node == null) return;
        if (node.isFloatingPointNumber() && !Double.isFinite(node.doubleValue()) && !node.isBigDecimal()) {
            throw new BadValue(path, "a number beyond what a double holds (" + node.asText() + "), which JSON cannot write back");
        }
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                check(f.getValue(), path + "." + f.getKey());
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) check(node.get(i), path + "[" + i + "]");
        }
    }
}
