package dev.routing.journal.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;

/** Any JSON, read as the mapper's tree, or with its numbers as written ({@link VerbatimTrees}). */
final class TreeKind extends ValueKind {
    // a tree inside an entry has the entry's remaining fields after it, which are no trailing tokens
    private final ObjectReader trees = EntryCodec.mapper().readerFor(JsonNode.class)
            .without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private final boolean verbatim;

    TreeKind(boolean verbatim) {
        super("any JSON value", "{\"id\": 42}");
        this.verbatim = verbatim;
    }

    @Override
    Object read(JsonParser p) throws IOException {
        JsonNode tree = verbatim ? VerbatimTrees.read(p) : trees.readValue(p);
        if (tree == null) throw NotSure.INSTANCE;
        return tree;
    }

    @Override
    void write(JsonGenerator g, Object value) throws IOException {
        g.writeTree((JsonNode) value);
    }

    @Override
    boolean nullIsAbsent() {
        return false;
    }

    @Override
    Object readStored(BinaryIn in) {
        int n = in.size();
        int from = in.pos;
        in.pos += n;
        try {
            JsonNode tree = verbatim ? VerbatimTrees.read(in.buf, from, n) : EntryCodec.mapper().readTree(in.buf, from, n);
            if (tree == null || tree.isMissingNode()) throw new BadEntryException(null, "a stored JSON value is empty", null);
            return tree;
        } catch (IOException e) {
            throw new BadEntryException(null, "a stored JSON value is malformed: " + e.getMessage(), e);
        }
    }

    /** A stored tree's JSON as stored, not parsed (an empty one refused, as {@link #readStored} refuses it). */
    static JsonText storedJson(BinaryIn in) {
        int n = in.size();
        if (n == 0) throw new BadEntryException(null, "a stored JSON value is empty", null);
        byte[] json = java.util.Arrays.copyOfRange(in.buf, in.pos, in.pos + n);
        in.pos += n;
        return new JsonText(json);
    }

    @Override
    void writeStored(BinaryOut out, Object value) {
        byte[] json;
        if (value instanceof JsonText written) {
            json = written.utf8();
        } else {
            try {
                json = EntryCodec.mapper().writeValueAsBytes(value);
            } catch (IOException e) {
                throw new BadEntryException(null, "cannot be written as JSON: " + e.getMessage(), e);
            }
        }
        try {
            readsBack(json);
        } catch (IOException e) {
            throw new BadEntryException(null, "would not read back as JSON: " + e.getMessage().lines().findFirst().orElse(""), e);
        }
        out.bytes(json);
    }

    /**
     * Reads the JSON token by token as the reader will (its limits on numbers, names, nesting and
     * text, its strictness on duplicate keys), so that a tree is stored only if it reads back; the
     * tree itself is not built again, which for a checkpoint's state of a megabyte took as long as
     * making it.
     */
    private static void readsBack(byte[] json) throws IOException {
        try (JsonParser p = EntryCodec.mapper().createParser(json)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                // the parser checks a value's length only once it is read, as the tree reads each
                if (t == JsonToken.VALUE_STRING) p.getText();
                else if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) p.getNumberValue();
            }
        }
    }
}
