package dev.routing.cli;

import static dev.routing.cli.Facts.channelTurn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run}: PROTOCOL.md "Running a script".
 *
 * <p>The seed's ids (private-turns.txt): B1 is P4.
 */
class RunCommandTest {
    private static final Pattern DRAFT_ID = Pattern.compile("d-[a-z2-9]{7}");
    /** What the operator is answered in focus-then-operator-question.jsonl. */
    private static final String ANSWER = "Nothing broke; the nightly passed.";

    @TempDir
    Path tmp;

    @Test
    void runPrintsOnlyDecisionsOneJsonObjectPerLineEachWithTypeAndAt() {
        Cli.Result run = Cli.run("run", Facts.scenario("focus-then-operator-question.jsonl", tmp).toString()).exits(ExitCodes.OK);

        List<JsonNode> lines = run.json();
        assertFalse(lines.isEmpty(), () -> "a turn was decided: " + run);
        for (JsonNode line : lines) {
            assertTrue(line.isObject(), () -> "not an object: " + line);
            assertTrue(line.path("type").isTextual(), () -> "no type: " + line);
            assertTrue(line.path("at").isTextual(), () -> "no at: " + line);
            try {
                Instant.parse(line.get("at").asText());
            } catch (DateTimeParseException e) {
                throw new AssertionError("at is no ISO-8601 instant: " + line, e);
            }
            assertTrue(Cli.isDecision(line), () -> "run prints decisions only, not facts: " + line);
        }
        assertTrue(Cli.types(lines).contains("turn.opened"), () -> "the start was answered: " + run);
    }

    @Test
    void J1_withJournalTheJournalHoldsEveryFactOfTheScriptAndEveryDecisionPrinted() {
        Path script = Facts.scenario("focus-then-operator-question.jsonl", tmp);
        Path dir = tmp.resolve("journal");
        Cli.Result run = Cli.run("run", script.toString(), "--journal", dir.toString()).exits(ExitCodes.OK);

        List<JsonNode> dump = Cli.dump(dir);
        assertEquals("engine.started", dump.get(0).path("type").asText(), "a new journal starts with engine.started");
        List<JsonNode> facts = new ArrayList<>();
        List<JsonNode> decisions = new ArrayList<>();
        for (JsonNode entry : dump.subList(1, dump.size())) (Cli.isDecision(entry) ? decisions : facts).add(entry);

        List<JsonNode> scriptFacts = Facts.readLines(script).stream().map(l -> Cli.parse(l, script)).toList();
        assertEquals(Cli.types(scriptFacts), Cli.types(facts), "the journal's facts are the script's, in order");
        for (int i = 0; i < facts.size(); i++) {
            assertEquals(Instant.parse(scriptFacts.get(i).get("at").asText()), Instant.parse(facts.get(i).get("at").asText()),
                    "fact " + (i + 1) + " keeps its time");
        }
        assertEquals(run.json(), decisions, "the journal's decisions are exactly those printed, in order");
    }

    @Test
    void J2_aJournalWrittenByRunVerifies() {
        Path dir = tmp.resolve("journal");
        Cli.run("run", Facts.scenario("focus-then-operator-question.jsonl", tmp).toString(), "--journal", dir.toString()).exits(ExitCodes.OK);

        Cli.assertVerifies(dir);
    }

    @Test
    void J4_aSecondScriptOnTheSameJournalContinuesItAfterARestartAndTurnAndAttemptIdsKeepIncreasing() {
        Path dir = tmp.resolve("journal");
        Cli.run("run", Facts.scenario("send-then-resend-held-draft.jsonl", tmp).toString(), "--journal", dir.toString()).exits(ExitCodes.OK);
        List<JsonNode> before = Cli.dump(dir);
        // send-then-resend-held-draft opened turns 1 and 2 and made attempt 1: the next run's turn is 3
        Path second = Facts.write(tmp.resolve("second.jsonl"), channelTurn(100, "bo", 3, "releases", "Back after the restart.", "[]"));

        Cli.Result run = Cli.run("run", second.toString(), "--journal", dir.toString()).exits(ExitCodes.OK);

        List<JsonNode> after = Cli.dump(dir);
        assertEquals(before, after.subList(0, before.size()), "the first run's entries are kept as they were");
        List<JsonNode> added = after.subList(before.size(), after.size());
        assertEquals(List.of("engine.started", "process.restarted"), Cli.types(added.subList(0, 2)),
                "reopening the journal appends engine.started and process.restarted first");
        assertEquals(2, Cli.types(after).stream().filter("engine.started"::equals).count(), "one engine.started per run");
        assertEquals(List.of(1L, 2L, 3L), ids(after, "turn.opened", "turn"), "turn ids keep increasing across runs");
        assertEquals(List.of(1L, 2L), ids(after, "publish.requested", "attempt"), "attempt ids keep increasing across runs");
        assertEquals(List.of(3L), ids(run.json(), "turn.opened", "turn"), "the second run prints its own turn");
        Cli.assertVerifies(dir);
    }

    @Test
    void P4_rules030PublishTheIncidentsAnswerInTheFocusChannel() {
        Cli.Result run = Cli.run("run", Facts.scenario("focus-then-operator-question.jsonl", tmp).toString(), "--rules", "0.30.0")
                .exits(ExitCodes.OK);

        List<JsonNode> lines = run.json();
        assertTrue(lines.stream().anyMatch(d -> d.path("type").asText().equals("speech.routed")
                        && d.path("text").asText().equals(ANSWER)
                        && d.path("route").path("kind").asText().equals("publish")
                        && d.path("route").path("channel").asText().equals("builds")),
                () -> "under 0.30.0 the speech is published in builds, the focus's channel: " + run);
        assertTrue(lines.stream().anyMatch(d -> d.path("type").asText().equals("publish.requested")
                        && d.path("text").asText().equals(ANSWER)),
                () -> "under 0.30.0 a publish is requested: " + run);
    }

    @Test
    void P4_currentRulesKeepTheIncidentsAnswerPrivate() {
        Cli.Result run = Cli.run("run", Facts.scenario("focus-then-operator-question.jsonl", tmp).toString()).exits(ExitCodes.OK);

        List<JsonNode> lines = run.json();
        JsonNode routed = lines.stream().filter(d -> d.path("type").asText().equals("speech.routed")).findFirst()
                .orElseThrow(() -> new AssertionError("no speech.routed: " + run));
        assertEquals("private", routed.path("route").path("kind").asText(), () -> "routed privately: " + routed);
        assertFalse(Cli.types(lines).contains("publish.requested"), () -> "nothing is published: " + run);
    }

    @Test
    void explicitCurrentRulesDecideAsTheDefault() {
        Path script = Facts.scenario("focus-then-operator-question.jsonl", tmp);
        Cli.Result byDefault = Cli.run("run", script.toString()).exits(ExitCodes.OK);
        Cli.Result current = Cli.run("run", script.toString(), "--rules", "current").exits(ExitCodes.OK);

        assertEquals(byDefault.json(), current.json());
    }

    @Test
    void unknownRuleSetExits2NamingTheOption() {
        Cli.Result run = Cli.run("run", Facts.scenario("focus-then-operator-question.jsonl", tmp).toString(), "--rules", "0.29.0")
                .exits(ExitCodes.BAD_INPUT);

        assertTrue(run.err().contains("--rules") && run.err().contains("0.29.0"), () -> "names the option and value: " + run);
        assertEquals("", run.out(), "nothing decided");
    }

    @Test
    void D3_draftReferenceAt1IsResolvedToTheFirstHeldDraftsRealIdBeforeItIsJournaled() {
        Path dir = tmp.resolve("journal");
        Cli.Result run = Cli.run("run", Facts.scenario("send-then-resend-held-draft.jsonl", tmp).toString(), "--journal", dir.toString())
                .exits(ExitCodes.OK);

        List<JsonNode> lines = run.json();
        String held = lines.stream().filter(d -> d.path("type").asText().equals("draft.held")).findFirst()
                .map(d -> d.get("draft").asText()).orElseThrow(() -> new AssertionError("no draft held: " + run));
        assertTrue(DRAFT_ID.matcher(held).matches(), () -> "a real draft id: " + held);
        JsonNode requested = lines.stream().filter(d -> d.path("type").asText().equals("publish.requested")).findFirst()
                .orElseThrow(() -> new AssertionError("no publish.requested: " + run));
        assertEquals(List.of(held), strings(requested.get("drafts")), () -> "the resend names the held draft: " + requested);

        JsonNode resend = Cli.dump(dir).stream()
                .filter(e -> e.path("type").asText().equals("round.spoken") && e.path("turn").asLong() == 2).findFirst()
                .orElseThrow();
        assertEquals(List.of(held), strings(resend.path("calls").path(0).path("draftIds")),
                () -> "the journal holds the real id, not @1: " + resend);
    }

    @Test
    void aDraftReferenceBeyondTheDraftsHeldExits2NamingTheLineAndFieldAndJournalsNothingForIt() {
        List<String> script = new ArrayList<>(Facts.readLines(Facts.scenario("send-then-resend-held-draft.jsonl", tmp)));
        // line 11 resends @1 after one draft was held; ask for the fifth instead
        assertTrue(script.get(10).contains("\"@1\""), "send-then-resend-held-draft's line 11 names @1");
        script.set(10, script.get(10).replace("\"@1\"", "\"@5\""));
        Path file = Facts.write(tmp.resolve("at5.jsonl"), script);
        Path dir = tmp.resolve("journal");

        Cli.Result run = Cli.run("run", file.toString(), "--journal", dir.toString()).exits(ExitCodes.BAD_INPUT);

        assertTrue(run.err().contains("line 11"), () -> "names the line: " + run);
        assertTrue(run.err().contains("calls[0].draftIds[0]"), () -> "names the field: " + run);
        assertTrue(run.err().contains("@5"), () -> "names the reference: " + run);
        List<JsonNode> dump = Cli.dump(dir);
        List<JsonNode> facts = dump.stream().filter(e -> !Cli.isDecision(e)).toList();
        JsonNode last = facts.get(facts.size() - 1);
        assertEquals("turn.started", last.path("type").asText(), () -> "line 10 was the last fact journaled: " + last);
        assertEquals(Instant.parse("2026-11-02T08:05:01Z"), Instant.parse(last.get("at").asText()));
        assertEquals(11, facts.size(), "engine.started and lines 1-10");
        assertEquals(dump.stream().filter(Cli::isDecision).toList(), run.json(),
                "the decisions of lines 1-10 were printed and journaled");
        Cli.assertVerifies(dir);
    }

    @Test
    void runDashReadsFactsFromStandardInputAndDecidesAsTheFileWould() {
        Path script = Facts.scenario("focus-then-operator-question.jsonl", tmp);
        String stdin = String.join("\n", Facts.readLines(script)) + "\n";
        Path dir = tmp.resolve("journal");

        Cli.Result fromStdin = Cli.withStdin(stdin, "run", "-", "--journal", dir.toString()).exits(ExitCodes.OK);
        Cli.Result fromFile = Cli.run("run", script.toString()).exits(ExitCodes.OK);

        List<JsonNode> decisions = fromStdin.json().stream().filter(Cli::isDecisionLine).toList();
        assertFalse(decisions.isEmpty());
        assertEquals(fromFile.json(), decisions, "the sidecar's decisions, beside its own lines");
        assertEquals(Facts.readLines(script).size() + 1, Cli.dump(dir).stream().filter(e -> !Cli.isDecision(e)).count(),
                "every line of standard input was journaled, after engine.started");
    }

    @Test
    void blankLinesAreSkipped() {
        List<String> lines = new ArrayList<>(Facts.readLines(Facts.scenario("focus-then-operator-question.jsonl", tmp)));
        lines.add(3, "");
        lines.add("   ");
        Path file = Facts.write(tmp.resolve("blank.jsonl"), lines);

        Cli.Result withBlanks = Cli.run("run", file.toString()).exits(ExitCodes.OK);

        assertEquals(Cli.run("run", Facts.scenario("focus-then-operator-question.jsonl", tmp).toString()).json(), withBlanks.json());
    }

    private static List<Long> ids(List<JsonNode> entries, String type, String field) {
        return entries.stream().filter(e -> e.path("type").asText().equals(type)).map(e -> {
            JsonNode id = e.get(field);
            assertNotNull(id, () -> type + " without " + field + ": " + e);
            return id.asLong();
        }).toList();
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
