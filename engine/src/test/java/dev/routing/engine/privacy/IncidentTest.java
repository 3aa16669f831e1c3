package dev.routing.engine.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.Engine;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Scripts;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.PublishRequested;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The production incident, both ways, on a real journal (P4, P17; the seed's B1): the operator's
 * answer was published under 0.30.0 (in the focus's channel, or under 'latest-inbound' the room
 * answered last), and reaches no channel today.
 */
class IncidentTest {

    private static List<PublishRequested> publications(String name, RuleSet rules, Path dir) {
        List<Decision> all = new ArrayList<>();
        try (Engine engine = Engine.open(dir, rules, null)) {
            for (Fact f : Scripts.read(Scripts.named(name))) all.addAll(engine.accept(f));
        }
        return all.stream().filter(d -> d instanceof PublishRequested).map(d -> (PublishRequested) d).toList();
    }

    @ParameterizedTest
    @CsvSource({
            "focus-then-operator-question.jsonl, Nothing broke; the nightly passed., builds",
            "room-answered-then-operator-asks.jsonl, I told them I was listening., lobby"})
    void P17_theIncidentPublishedTheOperatorsAnswerUnderThe0300Rules(String script, String answer, String channel,
            @TempDir Path dir) {
        List<PublishRequested> published = publications(script, RuleSet.V0_30_0, dir);
        assertTrue(published.stream().anyMatch(p -> p.text().equals(answer) && p.channel().equals(channel)),
                "0.30.0 published the operator's answer in " + channel + ": " + published);
    }

    @ParameterizedTest
    @CsvSource({
            "focus-then-operator-question.jsonl, Nothing broke; the nightly passed.",
            "room-answered-then-operator-asks.jsonl, I told them I was listening."})
    void P4_todaysRulesKeepTheOperatorsAnswerOffEveryChannel(String script, String answer, @TempDir Path dir) {
        List<PublishRequested> published = publications(script, RuleSet.CURRENT, dir);
        assertEquals(List.of(), published.stream().filter(p -> p.text().equals(answer)).toList());
    }
}
