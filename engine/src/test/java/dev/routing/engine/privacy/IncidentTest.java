package dev.routing.engine.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.Engine;
import dev.routing.engine.RuleSet;
import dev.routing.engine.testing.Scripts;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.PublishRequested;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The production incident, both ways, on a real journal: published under 0.30.0, private today (B1). */
class IncidentTest {

    private static List<PublishRequested> publications(String name, RuleSet rules, Path dir) {
        Path dirOf = Scripts.sharedScenarios();
        Assumptions.assumeTrue(dirOf != null && Files.exists(dirOf.resolve(name)), "shared scenarios not found");
        List<Decision> all = new ArrayList<>();
        try (Engine engine = Engine.open(dir, rules, null)) {
            for (Fact f : Scripts.read(dirOf.resolve(name))) all.addAll(engine.accept(f));
        }
        return all.stream().filter(d -> d instanceof PublishRequested).map(d -> (PublishRequested) d).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"incident-focus.jsonl", "incident-latest-inbound.jsonl"})
    void B1_theIncidentPublishedTheOperatorsAnswerUnderThe0300Rules(String script, @org.junit.jupiter.api.io.TempDir Path dir) {
        List<PublishRequested> published = publications(script, RuleSet.V0_30_0, dir);
        assertTrue(published.stream().anyMatch(p -> p.text().equals("All green.") || p.text().equals("I said pong.")),
                "0.30.0 leaked the operator's answer: " + published);
    }

    @ParameterizedTest
    @ValueSource(strings = {"incident-focus.jsonl", "incident-latest-inbound.jsonl"})
    void B1_todaysRulesKeepTheOperatorsAnswerOffEveryChannel(String script, @TempDir Path dir) {
        List<PublishRequested> published = publications(script, RuleSet.CURRENT, dir);
        assertEquals(List.of(), published.stream().filter(p -> p.text().equals("All green.") || p.text().equals("I said pong.")).toList());
    }
}
