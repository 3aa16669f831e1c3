package dev.routing.journal.codec;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.routing.journal.event.Verbatim;
import dev.routing.journal.event.WrittenNumber;
import java.io.IOException;

/**
 * A JSON value read as a tree whose numbers keep their text ({@link WrittenNumber}): how a
 * {@link Verbatim} component is read on every path (the streaming one, databind's, the stored form)
 * and how a host's line is read when it must be edited before its fact is. The parser's limits
 * (a number's length, nesting, a duplicate key) hold as for any tree.
 */
final class VerbatimTrees {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private VerbatimTrees() {}

    /** The value at the parser's current token; the parser is left on its last token. */
    static JsonNode read(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == null) throw new JsonParseException(p, "no JSON value");
        switch (t) {
            case START_OBJECT -> {
                ObjectNode object = NODES.objectNode();
                for (t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                    String name = p.currentName();
                    p.nextToken();
                    if (object.putIfAbsent(name, read(p)) != null) throw new JsonParseException(p, "Duplicate field '" + name + "'");
                }
                if (t != JsonToken.END_OBJECT) throw new JsonParseException(p, "an object cut short");
                return object;
            }
            case START_ARRAY -> {
                ArrayNode array = NODES.arrayNode();
                for (t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                    if (t == null) throw new JsonParseException(p, "an array cut short");
                    array.add(read(p));
                }
                return array;
            }
            case VALUE_STRING -> {
                return TextNode.valueOf(p.getText());
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return WrittenNumber.of(p.getText());
            }
            case VALUE_TRUE -> {
                return BooleanNode.TRUE;
            }
            case VALUE_FALSE -> {
                return BooleanNode.FALSE;
            }
            case VALUE_NULL -> {
                return NullNode.getInstance();
            }
            default -> throw new JsonParseException(p, "unexpected " + t + " for a JSON value");
        }
    }

    /** A whole JSON text, nothing after its value. */
    static JsonNode read(byte[] json, int offset, int length) throws IOException {
        try (JsonParser p = EntryCodec.mapper().createParser(json, offset, length)) {
            return whole(p);
        }
    }

    /**
     * A whole host's line, a limit of the parser's (a number's length, nesting) refused naming the
     * field where it was met.
     */
    static JsonNode readLine(String json) throws IOException {
        try (JsonParser p = EntryCodec.mapper().createParser(json)) {
            try {
                return whole(p);
            } catch (StreamConstraintsException e) {
                throw new BadEntryException(field(p.getParsingContext()), FieldFaults.parserWords(e.getOriginalMessage()), e);
            }
        }
    }

    /** The field a parser is in, as errors name one ({@code connectorData.list[2]}), or null at the top. */
    private static String field(JsonStreamContext context) {
        StringBuilder path = new StringBuilder();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            String step = c.inArray() ? "[" + Math.max(c.getCurrentIndex(), 0) + "]" : c.getCurrentName() == null ? "" : "." + c.getCurrentName();
            path.insert(0, step);
        }
        String f = path.toString();
        if (f.startsWith(".")) f = f.substring(1);
        return f.isEmpty() ? null : f;
    }

    private static JsonNode whole(JsonParser p) throws IOException {
        p.nextToken();
        JsonNode tree = read(p);
        if (p.nextToken() != null) throw new JsonParseException(p, "Trailing token (of type " + p.currentToken() + ") found after value");
        return tree;
    }

    /** Databind's reader of a {@link Verbatim} component: a JSON null is a null node, kept apart from an absent value. */
    static final class Deserializer extends StdDeserializer<JsonNode> {
        Deserializer() {
            super(JsonNode.class);
        }

        @Override
        public JsonNode deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return read(p);
        }

        @Override
        public JsonNode getNullValue(DeserializationContext ctxt) {
            return NullNode.getInstance();
        }

        @Override
        public Object getAbsentValue(DeserializationContext ctxt) {
            return null;
        }
    }
}
