package dev.routing.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Scripts;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.ProcessRestarted;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The project's scenarios (test resources, scenarios/), run through a journaled engine on Chronicle
 * exactly as {@code run} runs them, and checked against their expect files: {@code match} in order,
 * {@code absent}, {@code count} (the folder's README).
 */
class ScenariosTest {

    static Stream<Path> scenarios() {
        return Scripts.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void eachScenarioDecidesWhatItsExpectFileSays(Path script, @TempDir Path dir) throws IOException {
        List<JsonNode> decisions = run(script, dir.resolve("journal"));
        Path expectFile = Scripts.expectOf(script);
        List<String> problems = new ArrayList<>();
        int position = 0;
        for (String line : Files.readAllLines(expectFile)) {
            if (line.isBlank()) continue;
            JsonNode expect = EntryCodec.mapper().readTree(line);
            if (expect.has("match")) {
                int found = -1;
                for (int i = position; i < decisions.size() && found < 0; i++) {
                    if (matches(expect.get("match"), decisions.get(i))) found = i;
                }
                if (found < 0) problems.add("no decision " + expect.get("match") + " after position " + position);
                else position = found + 1;
            } else if (expect.has("absent")) {
                decisions.stream().filter(d -> matches(expect.get("absent"), d)).findFirst()
                        .ifPresent(d -> problems.add("unexpected " + d));
            } else if (expect.has("count")) {
                long n = decisions.stream().filter(d -> matches(expect.get("count"), d)).count();
                if (n != expect.get("is").asLong()) problems.add(n + " decisions match " + expect.get("count"));
            } else if (!expect.has("comment")) {
                problems.add("an expect line that checks nothing: " + line);
            }
        }
        assertEquals(List.of(), problems, script.getFileName().toString());
    }

    private static List<JsonNode> run(Path script, Path journal) {
        List<JsonNode> out = new ArrayList<>();
        List<Decision> decided = new ArrayList<>();
        Engine engine = Engine.open(journal, RuleSet.CURRENT, null);
        try {
            for (Fact fact : Scripts.read(script)) {
                List<Decision> ds;
                if (fact instanceof ProcessRestarted) {
                    engine.close();
                    engine = Engine.open(journal, RuleSet.CURRENT, fact.at());
                    ds = engine.openingDecisions();
                } else {
                    ds = engine.accept(Scripts.resolve(fact, decided));
                }
                decided.addAll(ds);
                ds.forEach(d -> out.add(EntryCodec.mapper().valueToTree(d)));
            }
        } finally {
            engine.close();
        }
        return out;
    }

    /** The README's rule: every key of the pattern present and equal; nested objects by subset; lists equal. */
    static boolean matches(JsonNode pattern, JsonNode value) {
        if (pattern.isObject()) {
            if (!value.isObject()) return false;
            for (Iterator<Map.Entry<String, JsonNode>> it = pattern.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                if (!value.has(f.getKey()) || !matches(f.getValue(), value.get(f.getKey()))) return false;
            }
            return true;
        }
        if (pattern.isNumber() && value.isNumber()) return pattern.decimalValue().compareTo(value.decimalValue()) == 0;
        return pattern.equals(value);
    }
}
