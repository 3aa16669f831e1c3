package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The audit and the diff on an incident week: under 0.30.0 the woven-in leaks are findings, the same
 * week under today's rules has none, and re-deciding the 0.30.0 week under today's rules withholds
 * exactly the publications the audit found (P4, P13).
 *
 * <p>The seed's ids (private-turns.txt): B1 is P4.
 */
class IncidentWeekAuditTest {

    @Test
    void P4_anIncidentWeekUnder0300HasAtLeastTheWovenLeaksAsFindings() {
        Weeks.Week week = Weeks.incident("0.30.0");
        assertEquals(3, week.incidentTurns().size(), () -> "three incident turns woven in: " + week.simulate());

        JsonNode report = audit(week, "--format", "json");

        Set<Long> found = findingTurns(report);
        assertTrue(found.containsAll(week.incidentTurns()), () -> "findings " + found + " include the woven turns "
                + week.incidentTurns());
        for (JsonNode f : findings(report)) {
            if (!week.incidentTurns().contains(f.path("turn").asLong())) continue;
            String evidence = f.path("evidence").toString();
            assertTrue(evidence.contains("an operator's message from a private surface"), () -> "names the operator's message: " + f);
            assertTrue(evidence.contains("publish.requested") && evidence.contains("speech.routed") || evidence.contains("tool.decided"),
                    () -> "names the publication: " + f);
        }
        assertEquals(0, report.at("/totals/privateTurns").asInt(), "0.30.0 calls no turn private");
        List<String> kinds = new ArrayList<>();
        findings(report).forEach(f -> kinds.add(f.path("kind").asText()));
        assertTrue(kinds.contains("plain speech") && kinds.contains("channel_publish that named no channel"), kinds::toString);
    }

    @Test
    void P4_theSameWeekUnderTodaysRulesHasNoFindings() {
        Weeks.Week week = Weeks.incident("current");

        JsonNode report = audit(week, "--format", "json");

        assertEquals(0, report.at("/totals/findings").asInt(), () -> "no finding: " + findings(report));
        assertTrue(report.at("/totals/privateTurns").asInt() > 0, "today's rules make private turns");
        assertEquals(report.at("/totals/privateTurns").asInt(), report.at("/totals/tookInPrivateInput").asInt(),
                "the audit's reading of the facts and the engine agree on which turns took in private input");
        Cli.Result text = Cli.run("audit", "--journal", week.journal().toString()).exits(ExitCodes.OK);
        assertTrue(text.out().contains("FINDINGS: none"), text::toString);
    }

    @Test
    void P4_diffAgainstTodaysRulesWithholdsExactlyThePublicationsTheAuditFound() {
        Weeks.Week week = Weeks.incident("0.30.0");
        JsonNode report = audit(week, "--format", "json");

        JsonNode diff = Cli.run("diff", "--journal", week.journal().toString(), "--rules", "current", "--format", "json")
                .exits(ExitCodes.OK).tree();

        Set<String> found = new TreeSet<>();
        findings(report).forEach(f -> found.add(f.path("turn").asLong() + "/" + f.path("round").asText()));
        Set<String> withheld = new TreeSet<>();
        diff.path("withheldPlainSpeech").forEach(d -> withheld.add(d.path("turn").asLong() + "/" + d.path("round").asText()));
        assertFalse(found.isEmpty());
        assertEquals(found, withheld, "the diff withholds exactly the findings' publications, turn by turn and round by round");
        assertEquals(findingTurns(report), turns(diff.path("withheldPlainSpeech")), "the same turns");
        assertTrue(diff.path("decisionsDiffering").asLong() > withheld.size(), "more than publications differ: " + diff.path("changes"));
    }

    @Test
    void diffSaysWhatChangedInPlainWordsWithCounts() {
        Weeks.Week week = Weeks.incident("0.30.0");
        long turn = week.incidentTurns().get(0);

        Cli.Result text = Cli.run("diff", "--journal", week.journal().toString(), "--rules", "current").exits(ExitCodes.OK);

        assertTrue(text.out().contains("turn " + turn + ", round 1: 'All green.' was published in #work; under current rules "
                + "it is kept private."), text::toString);
        assertTrue(text.out().contains("channel_publish was allowed, to #work; under current rules it is refused"), text::toString);
        assertTrue(text.out().lines().anyMatch(l -> l.startsWith("Counts: ") && l.contains("decisions differ")), text::toString);
        Cli.Result same = Cli.run("diff", "--journal", week.journal().toString(), "--rules", "0.30.0").exits(ExitCodes.OK);
        assertTrue(same.out().contains("Counts: 0 decisions differ"), "re-deciding under the recorded rules changes nothing: " + same);
    }

    @Test
    void auditForOneAgentReportsOnlyThatAgent() {
        Weeks.Week week = Weeks.incident("0.30.0");

        JsonNode qa = audit(week, "--format", "json", "--agent", "qa");

        assertEquals(1, qa.path("agents").size());
        assertEquals("qa", qa.at("/agents/0/agent").asText());
        Cli.run("audit", "--journal", week.journal().toString(), "--agent", "nobody").exits(ExitCodes.BAD_INPUT);
        Cli.run("audit", "--journal", week.journal().toString(), "--format", "pdf").exits(ExitCodes.BAD_INPUT);
        Cli.run("diff", "--journal", week.journal().toString(), "--rules", "0.29").exits(ExitCodes.BAD_INPUT);
    }

    static JsonNode audit(Weeks.Week week, String... options) {
        List<String> args = new ArrayList<>(List.of("audit", "--journal", week.journal().toString()));
        args.addAll(List.of(options));
        return Cli.run(args.toArray(String[]::new)).exits(ExitCodes.OK).tree();
    }

    static List<JsonNode> findings(JsonNode report) {
        List<JsonNode> all = new ArrayList<>();
        report.path("agents").forEach(a -> a.path("findings").forEach(all::add));
        return all;
    }

    static Set<Long> findingTurns(JsonNode report) {
        Set<Long> turns = new TreeSet<>();
        findings(report).forEach(f -> turns.add(f.path("turn").asLong()));
        return turns;
    }

    private static Set<Long> turns(JsonNode differences) {
        Set<Long> turns = new TreeSet<>();
        differences.forEach(d -> turns.add(d.path("turn").asLong()));
        return turns;
    }
}
