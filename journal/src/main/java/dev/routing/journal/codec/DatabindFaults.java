package dev.routing.journal.codec;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import dev.routing.journal.event.BadValue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.stream.Collectors;

/**
 * Jackson databind's refusals in the protocol's words: a {@link BadEntryException} naming the field
 * (its path in the line) and saying what is wrong with it, never a Java type.
 */
final class DatabindFaults {
    private DatabindFaults() {}

    /**
     * Why {@code json} was refused, in the protocol's words ({@link FieldFaults}); the refusal's own,
     * translated, when the line is no JSON or the walk finds no fault of its fields.
     */
    static BadEntryException explained(ObjectMapper mapper, String json, boolean hostLine, IOException refusal) {
        BadEntryException said = translate(refusal);
        if (refusal instanceof JsonParseException) return said;
        try {
            BadEntryException found = FieldFaults.find(mapper.readTree(json), hostLine);
            return found != null ? found : said;
        } catch (IOException notJson) {
            return said;
        }
    }

    static BadEntryException translate(IOException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            return new BadEntryException(path(u, true), "unknown field '" + u.getPropertyName() + "'", e);
        }
        if (e instanceof InvalidTypeIdException t) {
            String id = t.getTypeId();
            return new BadEntryException("type", id == null ? "missing type"
                    : "unknown or unexpected type '" + id + "'", e);
        }
        if (e instanceof ValueInstantiationException v && v.getCause() instanceof BadValue b) {
            String at = path(v, false);
            return new BadEntryException(at.isEmpty() ? b.field() : at + "." + b.field(), b.getMessage(), e);
        }
        if (e instanceof JsonMappingException m) {
            String field = path(m, false);
            String message = m.getOriginalMessage();
            if (message.startsWith("Missing required creator property")) {
                message = "missing required field";
            } else if (e instanceof InvalidNullException) {
                message = "required field is null";
            } else if (message.startsWith("Trailing token")) {
                message = "trailing tokens: a second JSON value after the object, where one line holds one";
            } else if (e instanceof ValueInstantiationException || message.contains("`") || message.contains("java.")) {
                // databind's words name Java types: the host's line says nothing of them
                message = "not a value this field takes";
            } else {
                message = message.lines().findFirst().orElse(message);
            }
            return new BadEntryException(field.isEmpty() ? null : field, message, e);
        }
        if (e instanceof JsonParseException p) {
            String at = p.getLocation() != null && p.getLocation().getColumnNr() > 0 ? " at character " + p.getLocation().getColumnNr() : "";
            return new BadEntryException(null, "malformed JSON" + at + ": " + FieldFaults.parserWords(p.getOriginalMessage()), e);
        }
        return new BadEntryException(null, "cannot be read: " + FieldFaults.parserWords(String.valueOf(e.getMessage())), new UncheckedIOException(e));
    }

    private static String path(JsonMappingException e, boolean dropLast) {
        var refs = e.getPath();
        var kept = dropLast && !refs.isEmpty() ? refs.subList(0, refs.size() - 1) : refs;
        String parent = kept.stream()
                .map(r -> r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining());
        if (dropLast && e instanceof UnrecognizedPropertyException u) {
            parent = parent + "." + u.getPropertyName();
        }
        return parent.startsWith(".") ? parent.substring(1) : parent;
    }
}
