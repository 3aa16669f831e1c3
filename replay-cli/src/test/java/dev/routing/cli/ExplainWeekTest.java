package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import dev.routing.engine.explain.Explainer;
import dev.routing.engine.explain.Explanation;
import dev.routing.engine.explain.Location;
import dev.routing.engine.explain.Step;
import dev.routing.journal.event.Decision;
import dev.routing.journal.store.Journal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * explain on a simulated week: every kind of decision the week holds is explained by a rule of
 * docs/rules-index.md and a chain that names a fact before it; so is every decision in the chain.
 * Under 0.30.0, each of the audit's findings is explained as explain explains it: the chain of the
 * publication names the fact that made it.
 */
class ExplainWeekTest {
    /** Every kind of decision a simulated week holds (draft.letGo needs drafts older than a week: RetentionTest, ExplainerTest). */
    private static final Set<String> WEEKS_DECISIONS = Set.of("turn.opened", "turn.continued", "turn.madePrivate",
            "turn.locusMoved", "speech.routed", "tool.decided", "publish.requested", "publish.outcome", "draft.held",
            "draft.dismissed", "notice.issued", "retention.checkpoint");

    private static Set<String> ruleIds() throws IOException {
        Set<String> ids = new TreeSet<>();
        for (String line : Files.readAllLines(Path.of("..", "docs", "rules-index.md"))) {
            String[] cells = line.split("\\|");
            if (line.startsWith("| ") && cells.length > 2 && cells[1].strip().matches("[A-Z][0-9]+[a-z]?")) ids.add(cells[1].strip());
        }
        return ids;
    }

    @Test
    void everyDecisionTypeOfASimulatedWeekIsExplainedByARuleAndAFactBeforeIt() throws IOException {
        Weeks.Week week = Weeks.week(1, "current", false, 40_000);
        Set<String> rules = ruleIds();
        Map<String, List<Location>> byType = new TreeMap<>();
        Map<String, List<Location>> byNotice = new TreeMap<>();
        try (Journal j = Journal.openReader(week.journal())) {
            j.read(-1, Long.MAX_VALUE, r -> {
                if (!(r.entry() instanceof Decision d)) return;
                Location at = new Location(r.index(), r.position());
                byType.computeIfAbsent(d.type(), t -> new ArrayList<>()).add(at);
                if (d instanceof dev.routing.journal.event.NoticeIssued n) byNotice.computeIfAbsent(n.kind(), k -> new ArrayList<>()).add(at);
            });
            assertTrue(byType.keySet().containsAll(WEEKS_DECISIONS), () -> "the week holds " + byType.keySet());
            Explainer explainer = new Explainer(j, true);
            List<List<Location>> kinds = new ArrayList<>(byType.values());
            kinds.addAll(byNotice.values());
            int explained = 0;
            for (List<Location> all : kinds) {
                for (Location at : spread(all)) {
                    Explanation x = explainer.at(at.index(), at.position());
                    String what = at + " " + x.target().type() + ": " + x.target().words();
                    assertFalse(x.isFact(), what);
                    assertTrue(x.target().rule() != null && rules.contains(x.target().rule()), () -> what + " names rule " + x.target().rule());
                    assertTrue(x.chain().stream().anyMatch(s -> s.isFact() && s.at().compareTo(at) < 0),
                            () -> what + ": no fact before it in " + x.chain());
                    for (Step s : x.chain()) {
                        if (!s.isFact()) {
                            assertTrue(s.rule() != null && rules.contains(s.rule()), () -> what + ": " + s.at() + " " + s.type() + " names rule " + s.rule());
                        }
                    }
                    explained++;
                }
            }
            assertTrue(explained >= WEEKS_DECISIONS.size() * 3, "explained " + explained);
        }
    }

    /** Up to five of a kind, spread over the week: its first, its last and three between. */
    private static List<Location> spread(List<Location> all) {
        Set<Location> picked = new TreeSet<>();
        for (int k = 0; k <= 4; k++) picked.add(all.get((all.size() - 1) * k / 4));
        return new ArrayList<>(picked);
    }

    @Test
    void P4_each0300FindingsPublicationIsExplainedByTheLocusItWasSentTo() {
        Weeks.Week week = Weeks.incident("0.30.0");
        JsonNode report = Cli.run("audit", "--journal", week.journal().toString(), "--format", "json").exits(ExitCodes.OK).tree();
        List<JsonNode> findings = new ArrayList<>();
        report.path("agents").forEach(a -> a.path("findings").forEach(findings::add));
        assertFalse(findings.isEmpty());
        int explained = 0;
        for (JsonNode f : findings) {
            JsonNode why = f.path("why");
            if (!why.isObject()) {
                assertTrue(f.path("explain").asText().startsWith("explain --journal "), () -> "the finding names explain's command: " + f);
                continue;
            }
            explained++;
            assertEquals("decision", why.path("kind").asText(), f::toString);
            assertTrue(why.path("target").path("rule").isTextual(), f::toString);
            String published = why.path("target").path("type").asText();
            assertEquals("publish.requested", published, f::toString);
            boolean factBefore = false;
            for (JsonNode s : why.path("chain")) factBefore |= s.path("fact").asBoolean() && s.path("index").asLong() <= why.path("target").path("index").asLong();
            assertTrue(factBefore, f::toString);
        }
        assertEquals(Math.min(findings.size(), dev.routing.engine.audit.FindingsWhy.EXPLAINED), explained, "the first findings carry the chain");
        String text = Cli.run("audit", "--journal", week.journal().toString()).exits(ExitCodes.OK).out();
        assertTrue(text.contains("why it was published (explain --index "), text);
    }
}
