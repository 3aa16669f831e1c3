package dev.routing.sidecar.lines;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.routing.engine.Engine;
import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.RoundSpoken;
import java.util.List;
import java.util.function.Supplier;

/**
 * One line of a host's read strictly (PROTOCOL.md "Running a script", docs/sidecar.md): its {@code seq}
 * taken out ({@link Engine#NO_SEQ} when absent), its {@code @N} draft references resolved to the N-th
 * draft held in the journal, and the rest read as a fact. A line that is not one is a
 * {@link BadLineException} naming the line and field. The one parser of a host's line: the sidecar's
 * and a script's.
 */
public record FactLine(long seq, Fact fact) {
    /**
     * The line's fact and seq in one pass, when it is a fact as the codec writes one with a seq beside
     * it, and holds nothing the long way changes or refuses ({@code engine.started}, a draft reference):
     * the long way parses it three times (a tree, the tree written out, the fact), most of a sidecar's
     * time for a line. Null for every other line: {@link #read} reads it the long way, and names what is
     * wrong. Safe on any thread (the sidecar's reader calls it ahead of the engine).
     */
    public static FactLine plain(String line) {
        EntryCodec.NumberedFact read = EntryCodec.readNumberedFact(line);
        if (read == null || read.fact() instanceof EngineStarted) return null;
        if (read.fact() instanceof RoundSpoken r) {
            for (Call call : r.calls()) {
                for (String id : call.draftIds()) {
                    if (id.startsWith("@")) return null;
                }
            }
        }
        return new FactLine(read.seq() == 0 ? Engine.NO_SEQ : read.seq(), read.fact());
    }

    /**
     * Reads line {@code number}: in one pass when it is {@link #plain}, else the long way.
     * {@code heldDrafts} gives every draft held in the journal, oldest first, and is asked only when
     * the line refers to one.
     *
     * @throws BadLineException naming the line and field
     */
    public static FactLine read(int number, String line, Supplier<List<String>> heldDrafts) {
        FactLine plain = plain(line);
        if (plain != null) return plain;
        ObjectNode tree = tree(number, line);
        long seq = seq(number, tree);
        return new FactLine(seq, fact(number, tree, heldDrafts));
    }

    /** The line as a tree whose numbers keep their text, so that writing it out again changes none (connectorData's). */
    private static ObjectNode tree(int number, String line) {
        JsonNode tree;
        try {
            tree = EntryCodec.readVerbatim(line);
        } catch (BadEntryException e) {
            throw BadLineException.of(number, e);
        }
        if (!tree.isObject()) {
            // the codec says what a line should be, with an example
            try {
                EntryCodec.readFact(line);
            } catch (BadEntryException e) {
                throw BadLineException.of(number, e);
            }
            throw new BadLineException(number, null, "not a JSON object");
        }
        return (ObjectNode) tree;
    }

    /** The host's number for the fact, taken out of the line before the fact is read strictly; NO_SEQ when absent. */
    private static long seq(int number, ObjectNode tree) {
        JsonNode seq = tree.remove("seq");
        if (seq == null || seq.isNull()) return Engine.NO_SEQ;
        if (!seq.isIntegralNumber() || !seq.canConvertToLong() || seq.asLong() < 1) {
            throw new BadLineException(number, "seq", "expected a whole number, 1 or more (the host's increasing number"
                    + " for the fact), e.g. 7; got " + seq);
        }
        return seq.asLong();
    }

    private static Fact fact(int number, ObjectNode tree, Supplier<List<String>> heldDrafts) {
        if ("engine.started".equals(tree.path("type").asText())) {
            throw new BadLineException(number, "type", "engine.started is written by the engine itself");
        }
        resolveDraftReferences(number, tree, heldDrafts);
        // type first, as the codec writes it: fields before the type would go through databind's token
        // buffer, which keeps a number's value but not its text (-0 became 0)
        ObjectNode typeFirst = EntryCodec.mapper().createObjectNode();
        if (tree.has("type")) typeFirst.set("type", tree.get("type"));
        typeFirst.setAll(tree);
        try {
            return EntryCodec.readFact(EntryCodec.mapper().writeValueAsString(typeFirst));
        } catch (BadEntryException e) {
            throw BadLineException.of(number, e);
        } catch (JsonProcessingException e) {
            throw new BadLineException(number, null, "malformed JSON: " + e.getOriginalMessage());
        }
    }

    private static void resolveDraftReferences(int number, ObjectNode fact, Supplier<List<String>> heldDrafts) {
        JsonNode calls = fact.get("calls");
        if (calls == null || !calls.isArray()) return;
        for (int c = 0; c < calls.size(); c++) {
            JsonNode ids = calls.get(c).get("draftIds");
            if (ids == null || !ids.isArray()) continue;
            ArrayNode array = (ArrayNode) ids;
            for (int i = 0; i < array.size(); i++) {
                String id = array.get(i).asText();
                if (!id.startsWith("@")) continue;
                String field = "calls[" + c + "].draftIds[" + i + "]";
                int n;
                try {
                    n = Integer.parseInt(id.substring(1));
                } catch (NumberFormatException e) {
                    throw new BadLineException(number, field, "'" + id + "' is no draft reference (@1, @2, ...)");
                }
                List<String> held = heldDrafts.get();
                if (n < 1 || n > held.size()) {
                    throw new BadLineException(number, field, "no draft " + id + " has been held in this journal ("
                            + held.size() + " so far)");
                }
                array.set(i, TextNode.valueOf(held.get(n - 1)));
            }
        }
    }
}
