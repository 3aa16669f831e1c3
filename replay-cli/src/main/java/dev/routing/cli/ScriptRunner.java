package dev.routing.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.routing.engine.Engine;
import dev.routing.engine.EngineStoppedException;
import dev.routing.engine.RuleSet;
import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.ProcessRestarted;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a script of facts through an engine, as PROTOCOL.md's "Running a script" says: {@code @N}
 * draft references resolve to the N-th draft held in the journal before the fact is journaled,
 * and {@code process.restarted} closes the engine and opens it again from the journal alone.
 */
final class ScriptRunner implements AutoCloseable {
    private final Path dir;
    private final RuleSet rules;
    private final PrintStream out;
    private final boolean flushEachFact;
    private Engine engine;
    private List<String> heldDrafts;

    ScriptRunner(Path dir, RuleSet rules, PrintStream out, boolean flushEachFact) {
        this.dir = dir;
        this.rules = rules;
        this.out = out;
        this.flushEachFact = flushEachFact;
        this.engine = Engine.open(dir, rules, null);
        JournalOption.tell(engine.journal());
        print(engine.openingDecisions());
    }

    void feed(int number, String line) {
        if (line.isBlank()) return;
        Fact fact = parse(number, line);
        List<Decision> decisions;
        try {
            if (fact instanceof ProcessRestarted) {
                engine.close();
                engine = Engine.open(dir, rules, fact.at());
                JournalOption.tell(engine.journal());
                decisions = engine.openingDecisions();
            } else {
                decisions = engine.accept(fact);
            }
        } catch (BadEntryException e) {
            throw new BadInputException("line " + number + ": " + e.getMessage());
        } catch (EngineStoppedException e) {
            throw new IllegalStateException("line " + number + ": " + e.getMessage());
        }
        print(decisions);
    }

    private void print(List<Decision> decisions) {
        for (Decision d : decisions) {
            out.println(EntryCodec.toJson(d));
            if (d instanceof DraftHeld held && heldDrafts != null) heldDrafts.add(held.draft());
        }
        if (flushEachFact) out.flush();
    }

    private Fact parse(int number, String line) {
        try {
            JsonNode tree = EntryCodec.mapper().readTree(line);
            if (tree == null || !tree.isObject()) throw new BadInputException("line " + number + ": not a JSON object");
            if ("engine.started".equals(tree.path("type").asText())) {
                throw new BadInputException("line " + number + ": field 'type': engine.started is written by the engine itself");
            }
            resolveDraftReferences(number, (ObjectNode) tree);
            return EntryCodec.readFact(EntryCodec.mapper().writeValueAsString(tree));
        } catch (BadEntryException e) {
            throw new BadInputException("line " + number + ": " + e.getMessage());
        } catch (JsonProcessingException e) {
            throw new BadInputException("line " + number + ": malformed JSON: " + e.getOriginalMessage());
        }
    }

    private void resolveDraftReferences(int number, ObjectNode fact) {
        JsonNode calls = fact.get("calls");
        if (calls == null || !calls.isArray()) return;
        for (int c = 0; c < calls.size(); c++) {
            JsonNode ids = calls.get(c).get("draftIds");
            if (ids == null || !ids.isArray()) continue;
            ArrayNode array = (ArrayNode) ids;
            for (int i = 0; i < array.size(); i++) {
                String id = array.get(i).asText();
                if (!id.startsWith("@")) continue;
                int n;
                try {
                    n = Integer.parseInt(id.substring(1));
                } catch (NumberFormatException e) {
                    throw new BadInputException("line " + number + ": field 'calls[" + c + "].draftIds[" + i
                            + "]': '" + id + "' is no draft reference (@1, @2, ...)");
                }
                List<String> held = heldDrafts();
                if (n < 1 || n > held.size()) {
                    throw new BadInputException("line " + number + ": field 'calls[" + c + "].draftIds[" + i
                            + "]': no draft " + id + " has been held in this journal (" + held.size() + " so far)");
                }
                array.set(i, TextNode.valueOf(held.get(n - 1)));
            }
        }
    }

    /** Every draft held in this journal, oldest first: read once, then kept as decisions print. */
    private List<String> heldDrafts() {
        if (heldDrafts == null) {
            List<String> ids = new ArrayList<>();
            engine.journal().read(-1, r -> {
                if (r.entry() instanceof DraftHeld held) ids.add(held.draft());
            });
            heldDrafts = ids;
        }
        return heldDrafts;
    }

    @Override
    public void close() {
        engine.close();
    }
}
