package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import dev.routing.journal.codec.BadFactLines;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a host is told about a bad line, through both doors: {@code run -} answers each with a
 * {@code fact.rejected} naming its line and field and saying what was expected with an example,
 * and {@code run FILE} stops at it, exit 2, {@code line N: field 'F': expected …, e.g. …}. Never a
 * Java class or package, over every field of every fact ({@link BadFactLines}).
 */
class ErrorsInTheProtocolsWordsTest {
    @TempDir
    Path tmp;

    @Test
    void theSidecarRejectsEveryBadLineNamingItsLineAndFieldWhatWasExpectedAndAnExampleInNoJavaWords() {
        List<BadFactLines.Case> cases = BadFactLines.all();
        StringBuilder stdin = new StringBuilder();
        for (BadFactLines.Case c : cases) stdin.append(c.line()).append('\n');

        Cli.Result run = Cli.withStdin(stdin.toString(), "run", "-", "--journal", tmp.resolve("journal").toString()).exits(ExitCodes.OK);

        List<JsonNode> answers = run.json().stream().filter(a -> a.path("type").asText().startsWith("fact.")).toList();
        assertEquals(cases.size(), answers.size(), "one answer a line");
        List<String> faults = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            BadFactLines.Case c = cases.get(i);
            JsonNode a = answers.get(i);
            String error = a.path("error").asText();
            if (!a.path("type").asText().equals("fact.rejected")) faults.add("not rejected: " + a + " <- " + c);
            if (a.path("line").asInt() != i + 1) faults.add("line " + a.path("line") + ", not " + (i + 1) + " <- " + c);
            if (!a.path("field").asText("").startsWith(c.field())) faults.add("field " + a.path("field") + ", not " + c.field() + " <- " + c);
            if (BadFactLines.JAVA_WORDS.matcher(error).find()) faults.add("speaks Java: " + error + " <- " + c);
            if (!error.contains("expected") || !error.contains("e.g.")) faults.add("no expected and example: " + error + " <- " + c);
        }
        if (!faults.isEmpty()) fail(faults.size() + " of " + cases.size() + " answers fall short:\n" + String.join("\n", faults));
    }

    @Test
    void runFileStopsAtABadLineSayingItsLineFieldWhatWasExpectedAndAnExample() {
        String good = Facts.channel(1, "work");
        for (String[] bad : List.of(
                new String[] {"{\"type\":\"turn.ended\",\"at\":\"yesterday\",\"turn\":1}", "at", "e.g. \"2026-11-02T09:00:00Z\"; got \"yesterday\""},
                new String[] {"{\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:00:00Z\",\"turn\":\"one\"}", "turn", "e.g. 7; got \"one\""},
                new String[] {"{\"type\":\"agent.configured\",\"at\":\"2026-11-02T09:00:00Z\",\"agent\":\"qa\",\"mode\":\"loud\"}", "mode",
                        "one of locus, hybrid, explicit, disabled or named, e.g. \"locus\"; got \"loud\""},
                new String[] {"{\"type\":\"message.received\",\"at\":\"2026-11-02T09:00:00Z\",\"id\":\"m\",\"agent\":\"qa\",\"kind\":\"x\","
                        + "\"writer\":\"host\",\"addressed\":\"yes\"}", "addressed", "true or false (no quotes), e.g. true; got \"yes\""},
                new String[] {"{\"type\":\"turn.ended\",\"at\":\"2026-11-02T09:00:00Z\",\"turn\":1,\"seq\":\"x\"}", "seq", "e.g. 7; got \"x\""})) {
            Path script = Facts.write(tmp.resolve("script-" + bad[1] + ".jsonl"), List.of(good, bad[0]));

            Cli.Result run = Cli.run("run", script.toString()).exits(ExitCodes.BAD_INPUT);

            assertTrue(run.err().startsWith("error: line 2: field '" + bad[1] + "': expected "), run::toString);
            assertTrue(run.err().contains(bad[2]), run::toString);
            assertFalse(BadFactLines.JAVA_WORDS.matcher(run.err()).find(), run::toString);
        }
    }

    @Test
    void aLineThatIsNoObjectShowsWhatAFactLooksLike() {
        Path script = Facts.write(tmp.resolve("script.jsonl"), List.of("[1, 2]"));

        Cli.Result run = Cli.run("run", script.toString()).exits(ExitCodes.BAD_INPUT);

        assertTrue(run.err().startsWith("error: line 1: not a JSON object: expected one fact per line, e.g. {\"type\":\"turn.ended\","), run::toString);
    }
}
