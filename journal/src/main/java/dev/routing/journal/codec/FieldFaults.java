package dev.routing.journal.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.TextCut;
import dev.routing.journal.event.TurnEnded;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What is wrong with a line the codec refused, said in the protocol's words: the field, what it
 * expected with an example, and what it got ({@code field 'at': expected an ISO-8601 UTC instant …,
 * e.g. "2026-11-02T09:00:00Z"; got "yesterday"}), never a Java type. The line is walked against the
 * records' derived shapes, each value tried by its kind's own reader, so the explanation cannot
 * drift from what the codec reads.
 *
 * <p>Only an explanation: a line is accepted or refused by the codec alone, and this runs only once
 * it refused one. When the walk finds nothing (a value the record itself refuses), the refusal's own
 * words stand.
 */
final class FieldFaults {
    /** A value shown in an error is cut to this many characters. */
    private static final int SHOWN = 60;

    private FieldFaults() {}

    /**
     * The first fault of {@code tree}, a line the codec refused, or null when the walk finds none. {@code hostLine}: a host's fact (decisions refused; the closed sets of PROTOCOL checked).
     */
    static BadEntryException find(JsonNode tree, boolean hostLine) {
        if (!(tree instanceof ObjectNode object)) {
            return new BadEntryException(null, "not a JSON object: expected one " + (hostLine ? "fact" : "entry") + " per line, e.g. "
                    + RecordShape.of(TurnEnded.class).example() + "; got " + shown(tree), null);
        }
        JsonNode type = object.get("type");
        String types = hostLine ? "one of the facts " + Words.either(hostTypes()) : "one of the entry types " + Words.either(allTypes());
        if (type == null || type.isNull()) {
            return new BadEntryException("type", "missing required field: expected " + types + ", e.g. \"turn.ended\"", null);
        }
        RecordShape shape = type.isTextual() ? RecordStream.shapeOf(type.asText()) : null;
        if (shape == null || hostLine && !Fact.class.isAssignableFrom(shape.type)) {
            String why = shape != null ? "'" + type.asText() + "' is a decision, which only the engine writes: expected " : "expected ";
            return new BadEntryException("type", why + types + ", e.g. \"turn.ended\"; got " + shown(type), null);
        }
        return fault(shape, object, "", hostLine);
    }

    /** The first fault of an object read by {@code shape}, its fields named under {@code prefix}. */
    private static BadEntryException fault(RecordShape shape, ObjectNode object, String prefix, boolean hostLine) {
        Map<String, List<String>> closed = HostFacts.closedSets(shape.type, hostLine);
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String name = field.getKey();
            if (prefix.isEmpty() && name.equals("type")) continue;
            int i = shape.indexOf(name, shape.names.length);
            if (i < 0) {
                List<String> names = new ArrayList<>(List.of(shape.names));
                if (shape.typeName != null) names.add(0, "type");
                String of = shape.typeName != null ? shape.typeName : "a " + shape.type.getSimpleName().toLowerCase(Locale.ROOT);
                return new BadEntryException(prefix + name, "unknown field: expected only the fields of " + of + ", "
                        + Words.both(names) + ", e.g. " + shape.example(), null);
            }
            BadEntryException bad = fault(shape, i, field.getValue(), prefix + name, closed.get(name), hostLine);
            if (bad != null) return bad;
        }
        for (int i = 0; i < shape.names.length; i++) {
            if ((shape.required & 1L << i) != 0 && !object.has(shape.names[i])) {
                return new BadEntryException(prefix + shape.names[i], "missing required field: expected " + shape.what(i)
                        + ", e.g. " + shape.example(i), null);
            }
        }
        return null;
    }

    /** The fault of component {@code i}'s value, or null. */
    private static BadEntryException fault(RecordShape shape, int i, JsonNode value, String path, List<String> closed,
            boolean hostLine) {
        ValueKind kind = shape.kinds[i];
        if (value.isNull()) {
            if ((shape.required & 1L << i) != 0) {
                return new BadEntryException(path, "required field is null: expected " + shape.what(i) + ", e.g. " + shape.example(i), null);
            }
            return null;
        }
        if (closed != null) return value.isTextual() && closed.contains(value.asText()) ? null : notOneOf(path, closed, shown(value));
        return fault(kind, value, path, hostLine);
    }

    /** The fault of a value of {@code kind} (not null), or null. */
    private static BadEntryException fault(ValueKind kind, JsonNode value, String path, boolean hostLine) {
        if (kind instanceof NestedKind nested && value instanceof ObjectNode object) {
            return fault(RecordShape.of(nested.type()), object, path + ".", hostLine);
        }
        if (kind instanceof ListedKind listed && value.isArray()) {
            for (int e = 0; e < value.size(); e++) {
                JsonNode element = value.get(e);
                String at = path + "[" + e + "]";
                if (element.isNull()) {
                    return new BadEntryException(at, "a list element is null: expected " + listed.element().what() + ", e.g. "
                            + listed.element().example(), null);
                }
                BadEntryException bad = fault(listed.element(), element, at, hostLine);
                if (bad != null) return bad;
            }
            return null;
        }
        if (reads(kind, value)) return null;
        return new BadEntryException(path, "expected " + kind.what() + ", e.g. " + kind.example() + "; got " + shown(value)
                + why(kind, value), null);
    }

    /** Whether the kind's own reader takes the value (a string for text always: its words are the reader's). */
    private static boolean reads(ValueKind kind, JsonNode value) {
        if (kind == ValueKind.TEXT && value.isTextual()) return true;
        try (JsonParser p = EntryCodec.mapper().treeAsTokens(value)) {
            p.nextToken();
            kind.read(p);
            return true;
        } catch (NotSure | IOException refused) {
            return false;
        }
    }

    /** More about a value that looks right and is not: an instant of the wrong years, a number too large. */
    private static String why(ValueKind kind, JsonNode value) {
        if (kind == ValueKind.INSTANT && value.isTextual()) {
            try {
                IsoInstant.parse(value.asText());
                return ", which is outside the years 1970 to 9999, the journal's days";
            } catch (java.time.DateTimeException | NumberFormatException e) {
                return ", which is not an ISO-8601 instant";
            }
        }
        if ((kind == ValueKind.LONG || kind == ValueKind.INT) && value.isIntegralNumber()) return ", which is out of range";
        if ((kind == ValueKind.LONG || kind == ValueKind.INT || kind == ValueKind.FLAG) && value.isTextual()) {
            try {
                if (reads(kind, EntryCodec.mapper().readTree(value.asText()))) return ", in quotes: write it without them";
            } catch (IOException notJson) {
                // not a number or flag in quotes: nothing more to say
            }
        }
        return "";
    }

    /** A value outside its closed set ({@code shown} as the line wrote it), in the words every such refusal uses. */
    static BadEntryException notOneOf(String field, List<String> set, String shown) {
        return new BadEntryException(field, "expected one of " + Words.either(set) + ", e.g. \"" + set.get(0) + "\"; got " + cut(shown), null);
    }

    /**
     * The parser's own words for what is not JSON, less the Java it names ({@code from
     * `StreamReadConstraints.getMaxNumberLength()`}): they speak of characters, tokens and limits.
     */
    static String parserWords(String original) {
        return original.replaceAll(",? from `[^`]*`", "").replaceAll("\\s*\\(code \\d+\\)", "").lines().findFirst().orElse("");
    }

    /** A value as the line wrote it, cut short when long: {@code "yesterday"}, {@code 1.5}, {@code {"a":1}}. */
    static String shown(JsonNode value) {
        return cut(value.toString());
    }

    private static String cut(String s) {
        return TextCut.shortened(s, SHOWN);
    }

    private static List<String> hostTypes() {
        List<String> names = new ArrayList<>();
        for (Class<? extends Entry> t : WireShape.entryTypes()) {
            if (Fact.class.isAssignableFrom(t) && t != EngineStarted.class) names.add(WireShape.typeName(t));
        }
        return names;
    }

    private static List<String> allTypes() {
        return WireShape.entryTypes().stream().map(WireShape::typeName).toList();
    }
}
