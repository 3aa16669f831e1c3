package dev.routing.journal.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A large table of bad host lines, derived from the records' shapes ({@link WireShape}): for every
 * field of every fact a host sends, at any depth, values of every wrong kind, a null, the field
 * missing, and an unknown field beside it; each on an otherwise valid fact. A field a record gains
 * is in the table the moment it is declared.
 */
public final class BadFactLines {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * What no error a host reads may say: a Java class, a package or the words of a Java library, which
     * mean nothing to a host in another language.
     */
    public static final Pattern JAVA_WORDS = Pattern.compile("java\\.|javax\\.|dev\\.routing|com\\.fasterxml|Cannot deserialize"
            + "|Cannot construct|Cannot coerce|CoercionConfig|Exception|`|\\b(Long|Integer|Boolean|String|Instant|ArrayList|List|Enum)\\b");

    /**
     * One bad line: the field it is bad in (the one the error must name, or the start of its path), and
     * whether the error must say what was expected with an example ("expected …, e.g. …").
     */
    public record Case(String line, String field, String fault) {
        @Override
        public String toString() {
            return fault + " in " + line;
        }
    }

    private BadFactLines() {}

    /** Every fact type a host sends. */
    public static List<Class<? extends Entry>> hostFacts() {
        return WireShape.entryTypes().stream()
                .filter(t -> Fact.class.isAssignableFrom(t) && t != EngineStarted.class).toList();
    }

    /** A valid fact of {@code type}: its required fields only, each a good value. */
    public static ObjectNode valid(Class<?> type) {
        ObjectNode fact = JSON.createObjectNode();
        if (Entry.class.isAssignableFrom(type)) fact.put("type", WireShape.typeName(type.asSubclass(Entry.class)));
        Map<String, List<String>> closed = WireShape.closedSets(type, true);
        for (WireShape.Field f : WireShape.fields(type)) {
            if (f.required()) fact.set(f.name(), good(f.type(), closed.get(f.name())));
        }
        return fact;
    }

    /** Every bad line. */
    public static List<Case> all() {
        List<Case> cases = new ArrayList<>();
        for (Class<? extends Entry> type : hostFacts()) {
            ObjectNode base = valid(type);
            cases.addAll(under(type, base, base, ""));
        }
        return cases;
    }

    /** The bad lines of the object {@code at} of record {@code type} inside the fact {@code root}, its path {@code prefix}. */
    private static List<Case> under(Class<?> type, ObjectNode root, ObjectNode at, String prefix) {
        List<Case> cases = new ArrayList<>();
        Map<String, List<String>> closed = WireShape.closedSets(type, true);
        for (WireShape.Field f : WireShape.fields(type)) {
            String path = prefix + f.name();
            JsonNode kept = at.get(f.name());
            for (JsonNode bad : bad(f.type(), closed.get(f.name()))) {
                at.set(f.name(), bad);
                cases.add(new Case(root.toString(), path, "'" + path + "' = " + bad));
            }
            if (f.required()) {
                at.putNull(f.name());
                cases.add(new Case(root.toString(), path, "'" + path + "' null"));
                at.remove(f.name());
                cases.add(new Case(root.toString(), path, "'" + path + "' missing"));
            }
            if (f.type() instanceof WireType.Nested nested) {
                ObjectNode inner = valid(nested.record());
                at.set(f.name(), inner);
                cases.addAll(under(nested.record(), root, inner, path + "."));
            }
            if (f.type() instanceof WireType.ListOf list) {
                ArrayNode one = at.putArray(f.name());
                if (list.element() instanceof WireType.Nested nested) {
                    ObjectNode inner = valid(nested.record());
                    one.add(inner);
                    cases.addAll(under(nested.record(), root, inner, path + "[0]."));
                } else {
                    for (JsonNode bad : bad(list.element(), null)) {
                        one.removeAll().add(good(list.element(), null)).add(bad);
                        cases.add(new Case(root.toString(), path + "[1]", "'" + path + "[1]' = " + bad));
                    }
                }
            }
            restore(at, f.name(), kept);
        }
        at.put("bogus", 1);
        cases.add(new Case(root.toString(), prefix + "bogus", "unknown field '" + prefix + "bogus'"));
        at.remove("bogus");
        return cases;
    }

    private static void restore(ObjectNode at, String name, JsonNode kept) {
        if (kept == null) at.remove(name);
        else at.set(name, kept);
    }

    private static JsonNode good(WireType type, List<String> closed) {
        if (closed != null) return JSON.getNodeFactory().textNode(closed.get(0));
        if (type instanceof WireType.OneOf oneOf) return JSON.getNodeFactory().textNode(oneOf.names().get(0));
        if (type instanceof WireType.ListOf) return JSON.createArrayNode();
        if (type instanceof WireType.Nested nested) return valid(nested.record());
        return switch ((WireType.Scalar) type) {
            case TEXT -> JSON.getNodeFactory().textNode("qa");
            case INSTANT -> JSON.getNodeFactory().textNode("2026-11-02T09:00:00Z");
            case INT64 -> JSON.getNodeFactory().numberNode(7L);
            case INT32 -> JSON.getNodeFactory().numberNode(1);
            case FLAG -> JSON.getNodeFactory().booleanNode(true);
            case ANY_JSON -> JSON.createObjectNode();
        };
    }

    /** Values of every wrong kind for a field of {@code type}, as a host might write them. */
    private static List<JsonNode> bad(WireType type, List<String> closed) {
        List<String> json = new ArrayList<>();
        if (closed != null) {
            json.addAll(List.of("\"nope\"", "\"\"", "\"" + closed.get(0).toUpperCase(java.util.Locale.ROOT) + "\"", "5", "true", "[]"));
        } else if (type instanceof WireType.OneOf oneOf) {
            json.addAll(List.of("\"loud\"", "\"\"", "\"" + oneOf.names().get(0).toUpperCase(java.util.Locale.ROOT) + "\"", "0", "true", "{}"));
        } else if (type instanceof WireType.ListOf) {
            json.addAll(List.of("\"x\"", "5", "{}", "true", "[null]"));
        } else if (type instanceof WireType.Nested) {
            json.addAll(List.of("5", "\"x\"", "[]", "true", "{}"));
        } else {
            switch ((WireType.Scalar) type) {
                case TEXT -> json.addAll(List.of("5", "1.5", "true", "{}", "[\"a\"]"));
                case INSTANT -> json.addAll(List.of("\"yesterday\"", "\"2026-11-02\"", "\"\"", "\"1969-12-31T23:59:59Z\"",
                        "\"2026-13-01T00:00:00Z\"", "\"+10000-01-01T00:00:00Z\"", "1762074843120", "true", "{}"));
                case INT64 -> json.addAll(List.of("\"one\"", "\"7\"", "1.5", "7.0", "1e3", "true", "99999999999999999999", "{}", "[7]"));
                case INT32 -> json.addAll(List.of("\"one\"", "\"1\"", "2147483648", "-2147483649", "1.0", "false", "[]"));
                case FLAG -> json.addAll(List.of("\"yes\"", "\"true\"", "1", "0", "\"\"", "{}"));
                case ANY_JSON -> { } // anything is a value
            }
        }
        List<JsonNode> nodes = new ArrayList<>();
        for (String s : json) {
            try {
                nodes.add(JSON.readTree(s));
            } catch (java.io.IOException e) {
                throw new IllegalStateException(s, e);
            }
        }
        return nodes;
    }
}
