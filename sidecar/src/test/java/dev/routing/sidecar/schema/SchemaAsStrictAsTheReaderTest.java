package dev.routing.sidecar.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.codec.EntrySamples;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * fact.schema.json takes exactly the facts the engine's reader takes: every sample fact, then each of
 * its fields (and each field of its first call) removed, set to null, to values of every JSON type, to
 * an integer past 32 bits, and to lists holding a null or a number, and an unknown field added; for
 * each, the schema's verdict and {@link EntryCodec#readFact}'s must agree. A host that validates
 * against the schema is then never refused for a reason the schema could have told it, and never told
 * of a refusal the engine would not make. The few rules no JSON Schema says are listed in
 * docs/schema/README.md and left out here by {@link #beyondTheSchema}.
 */
class SchemaAsStrictAsTheReaderTest {
    private static final SchemaCheck FACTS = SchemaCheck.of(ProtocolSchema.FACTS);
    private static final List<String> VALUES = List.of("\"x\"", "\"\"", "5", "-1", "2147483648", "5.5", "true", "null", "[]",
            "[\"x\"]", "[5]", "[null]", "{}", "{\"x\":1}", "\"2026-11-02T10:14:03+01:00\"", "\"1969-12-31T23:59:59Z\"",
            "\"2026-11-02\"", "\"locus\"", "\"host\"", "\"message\"", "\"nudge\"");

    @Test
    void theSchemaRefusesAFactExactlyWhenTheReaderDoes() {
        List<String> disagreements = new ArrayList<>();
        int checked = 0;
        for (String sample : hostFacts()) {
            for (String line : mutations(sample)) {
                if (beyondTheSchema(line)) continue;
                boolean engine = readerTakes(line);
                List<String> errors = FACTS.errors(line);
                if (engine != errors.isEmpty()) {
                    disagreements.add((engine ? "the reader takes, the schema refuses (" + errors + "): " : "the reader refuses, the schema takes: ") + line);
                }
                checked++;
            }
        }
        assertTrue(checked > 3_000, "mutations checked: " + checked);
        assertEquals(List.of(), disagreements);
    }

    @Test
    void everyEntryAsTheEngineWritesItHoldsToTheJournalSchemaAndEachDecisionToTheSidecarSchema() {
        SchemaCheck journal = SchemaCheck.of(ProtocolSchema.JOURNAL);
        SchemaCheck decision = SchemaCheck.of(ProtocolSchema.SIDECAR, "Decision");
        SchemaCheck sidecar = SchemaCheck.of(ProtocolSchema.SIDECAR);
        List<String> failures = new ArrayList<>();
        for (String sample : concat(EntrySamples.FULL, EntrySamples.MINIMAL)) {
            var entry = EntryCodec.readEntry(sample);
            String written = EntryCodec.toJson(entry);
            check(journal, written, failures);
            if (entry instanceof dev.routing.journal.event.Decision) {
                check(decision, written, failures);
                check(sidecar, written, failures);
            } else if (entry instanceof dev.routing.journal.event.Fact && !entry.type().equals("engine.started")) {
                // what the engine writes of a fact is a line a host may send
                check(FACTS, written, failures);
            }
        }
        assertEquals(List.of(), failures);
    }

    @Test
    void theSidecarsOwnLinesHoldAndRefuseAFieldTheyDoNotHave() {
        SchemaCheck sidecar = SchemaCheck.of(ProtocolSchema.SIDECAR);
        String opening = EntryCodec.toJson(EntryCodec.readEntry(EntrySamples.FULL.stream()
                .filter(l -> l.contains("\"publish.outcome\"")).findFirst().orElseThrow()));
        assertEquals(List.of(), sidecar.errors("{\"type\":\"sidecar.ready\",\"journal\":\"/data/engine\",\"lastIndex\":null,"
                + "\"lastSeq\":null,\"rules\":\"current\",\"version\":\"0.1.0\",\"opening\":[" + opening + "]}"));
        assertEquals(List.of(), sidecar.errors("{\"type\":\"fact.accepted\",\"index\":89159226097671,\"seq\":7,\"decisions\":2}"));
        assertEquals(List.of(), sidecar.errors("{\"type\":\"fact.rejected\",\"line\":3,\"field\":null,\"error\":\"not a JSON object\"}"));
        assertTrue(!sidecar.holds("{\"type\":\"fact.accepted\",\"index\":1,\"seq\":null,\"decisions\":0,\"extra\":1}"));
        assertTrue(!sidecar.holds("{\"type\":\"fact.accepted\",\"index\":1,\"decisions\":0}"), "seq is always written, null or not");
    }

    private static void check(SchemaCheck schema, String line, List<String> failures) {
        List<String> errors = schema.errors(line);
        if (!errors.isEmpty()) failures.add(line + " " + errors);
    }

    /** Every sample fact a host may send (not engine.started, which the engine writes itself). */
    private static List<String> hostFacts() {
        return concat(EntrySamples.FULL, EntrySamples.MINIMAL).stream()
                .filter(l -> EntryCodec.readEntry(l) instanceof dev.routing.journal.event.Fact)
                .filter(l -> !l.contains("\"engine.started\""))
                .toList();
    }

    private static List<String> mutations(String sample) {
        List<String> out = new ArrayList<>();
        ObjectNode fact = (ObjectNode) SchemaCheck.tree(sample);
        out.add(fact.toString());
        mutate(fact, out::add, fact);
        JsonNode calls = fact.get("calls");
        if (calls instanceof ArrayNode list && !list.isEmpty() && list.get(0) instanceof ObjectNode call) {
            mutate(call, out::add, fact);
        }
        return out;
    }

    /** Each mutation of {@code target} (the fact or a part of it), as the line of the whole fact. */
    private static void mutate(ObjectNode target, Consumer<String> out, ObjectNode fact) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = target.fieldNames(); it.hasNext(); ) names.add(it.next());
        for (String name : names) {
            JsonNode kept = target.get(name);
            target.remove(name);
            out.accept(fact.toString());
            for (String value : VALUES) {
                target.set(name, SchemaCheck.tree(value));
                out.accept(fact.toString());
            }
            // back, last now: the order of fields means nothing to the reader or the schema
            target.set(name, kept);
        }
        target.put("unknownField", 1);
        out.accept(fact.toString());
        target.remove("unknownField");
    }

    /**
     * A rule the reader keeps that JSON Schema cannot say, or that the schema leaves to the engine
     * (docs/schema/README.md): a wake of cause {@code retake} must say which retake.
     */
    private static boolean beyondTheSchema(String line) {
        JsonNode fact = SchemaCheck.tree(line);
        return fact.path("type").asText().equals("wake.queued") && fact.path("cause").asText().equals("retake")
                && (fact.path("retake").isMissingNode() || fact.path("retake").isNull());
    }

    private static boolean readerTakes(String line) {
        try {
            EntryCodec.readFact(line);
            return true;
        } catch (BadEntryException refused) {
            return false;
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
