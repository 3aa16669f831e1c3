package dev.routing.cli;

import static dev.routing.cli.Facts.fact;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input the CLI refuses: exit 2 with the reason on stderr (STYLE "Exit codes"). For a script, the
 * message names the line and the field, nothing is journaled for that line or any after it, and
 * the lines before it stay in the journal, readable and verifiable (PROTOCOL "Running a script").
 */
class BadInputTest {
    /** Lines 1 and 2 of every script here; line 3 is the bad one. */
    private static final String LINE_1 = Facts.channel(1, "work");
    private static final String LINE_2 = Facts.agent(2, "qa");
    /** A valid line 4, which run FILE never feeds after a bad line 3 (the sidecar does). */
    private static final String LINE_4 = fact("focus.opened", 4, "agent", "qa", "channel", "work");

    @TempDir
    Path tmp;

    @Test
    void malformedJsonIsRefusedAsMalformedAndNothingFromItIsJournaled() {
        Cli.Result run = refusedAtLine3("{\"type\": \"message.received\", ");

        assertTrue(run.err().contains("malformed JSON"), () -> "says malformed JSON: " + run);
    }

    @Test
    void unknownTypeIsRefusedNamingTheTypeField() {
        Cli.Result run = refusedAtLine3(fact("message.sent", 3, "id", "m1", "agent", "qa", "text", "hi"));

        assertNamesField(run, "type");
        assertTrue(run.err().contains("message.sent"), () -> "names the type given: " + run);
    }

    @Test
    void aTurnGivenAsAStringIsRefusedNamingTurn() {
        assertNamesField(refusedAtLine3(fact("turn.ended", 3, "turn", "abc")), "turn");
    }

    @Test
    void textGivenAsANumberIsRefusedNamingText() {
        assertNamesField(refusedAtLine3(fact("round.spoken", 3, "turn", 1, "round", 1, "text", 5, "calls", List.of())),
                "text");
    }

    @Test
    void addressedGivenAsAStringIsRefusedNamingAddressed() {
        assertNamesField(refusedAtLine3(fact("message.received", 3, "id", "m1", "agent", "qa", "kind", "channel-message",
                "channel", "work", "server", "discord", "addressed", "yes", "text", "hi", "writer", "host")), "addressed");
    }

    @Test
    void aMessageWithoutIdIsRefusedNamingId() {
        Cli.Result run = refusedAtLine3(fact("message.received", 3, "agent", "qa", "kind", "external-message",
                "text", "status?", "writer", "host"));

        assertNamesField(run, "id");
        assertTrue(run.err().contains("missing"), () -> "says it is missing: " + run);
    }

    @Test
    void P2_aMessageWithoutWriterIsRefusedNamingWriter() {
        Cli.Result run = refusedAtLine3(fact("message.received", 3, "id", "m1", "agent", "qa", "kind", "external-message",
                "text", "status?"));

        assertNamesField(run, "writer");
        assertTrue(run.err().contains("missing"), () -> "says it is missing: " + run);
    }

    @Test
    void P2_aWriterThatIsNotHostModuleOrServerIsRefusedNamingWriter() {
        Cli.Result run = refusedAtLine3(fact("message.received", 3, "id", "m1", "agent", "qa", "kind", "script-report",
                "text", "report", "writer", "Host", "fromTurn", 1));

        assertNamesField(run, "writer");
        assertTrue(run.err().contains("host, module or server"), () -> "says which writers there are: " + run);
    }

    @Test
    void aRoundWithoutTextIsRefusedNamingText() {
        assertNamesField(refusedAtLine3(fact("round.spoken", 3, "turn", 1, "round", 1, "calls", List.of())), "text");
    }

    @Test
    void anUnknownFieldIsRefusedNamingIt() {
        assertNamesField(refusedAtLine3(fact("focus.opened", 3, "agent", "qa", "channel", "work", "bogus", 1)), "bogus");
    }

    @Test
    void anUnknownFieldInACallIsRefusedNamingItsPath() {
        assertNamesField(refusedAtLine3(fact("round.spoken", 3, "turn", 1, "round", 1, "text", "hi",
                "calls", List.of(java.util.Map.of("tool", "shell", "bogus", 1)))), "calls[0].bogus");
    }

    @Test
    void aDecisionGivenAsAFactIsRefused() {
        Cli.Result run = refusedAtLine3(fact("turn.opened", 3, "turn", 1, "agent", "qa", "private", false));

        assertNamesField(run, "type");
        assertTrue(run.err().contains("turn.opened"), () -> "names the type given: " + run);
    }

    @Test
    void aLineThatIsNoObjectIsRefused() {
        Cli.Result run = refusedAtLine3("[1, 2]");

        assertTrue(run.err().contains("not a JSON object"), () -> "says why: " + run);
    }

    @Test
    void aValidLine4AfterABadLine3IsNeverJournaled() {
        refusedAtLine3(fact("turn.ended", 3, "turn", "abc"));

        assertTrue(Cli.dump(tmp.resolve("journal")).stream().noneMatch(e -> e.path("type").asText().equals("focus.opened")),
                "line 4's focus.opened is not in the journal");
    }

    @Test
    void theFirstBadLineEndsTheRunSoALaterBadLineIsNeverRead() {
        Path script = Facts.write(tmp.resolve("script.jsonl"),
                List.of(LINE_1, LINE_2, fact("turn.ended", 3, "turn", "abc"), "{\"type\": \"message.sent\", \"at\": 5}"));

        Cli.Result run = Cli.run("run", script.toString(), "--journal", tmp.resolve("journal").toString())
                .exits(ExitCodes.BAD_INPUT);

        assertTrue(run.err().contains("line 3"), () -> "names line 3: " + run);
        assertFalse(run.err().contains("line 4"), () -> "line 4 was never read: " + run);
    }

    @Test
    void aBadLineFromStandardInputIsRejectedNamingLineAndFieldNothingOfItJournaledAndTheSidecarReadsOn() {
        Path dir = tmp.resolve("journal");
        String stdin = String.join("\n", LINE_1, LINE_2, fact("turn.ended", 3, "turn", "abc"), LINE_4) + "\n";

        Cli.Result run = Cli.withStdin(stdin, "run", "-", "--journal", dir.toString()).exits(ExitCodes.OK);

        List<JsonNode> out = run.json();
        assertEquals(List.of("sidecar.ready", "fact.accepted", "fact.accepted", "fact.rejected", "fact.accepted"), Cli.types(out),
                run::toString);
        JsonNode rejected = out.get(3);
        assertEquals(3, rejected.path("line").asInt());
        assertEquals("turn", rejected.path("field").asText());
        assertTrue(rejected.path("error").asText().length() > 10, rejected::toString);
        List<JsonNode> facts = Cli.dump(dir).stream().filter(e -> !Cli.isDecision(e)).toList();
        assertEquals(List.of("engine.started", "channel.registered", "agent.configured", "focus.opened"), Cli.types(facts),
                "lines 1, 2 and 4; nothing of line 3");
        Cli.assertVerifies(dir);
    }

    @Test
    void aMissingScriptFileExits2() {
        Path missing = tmp.resolve("no-such-script.jsonl");

        Cli.Result run = Cli.run("run", missing.toString(), "--journal", tmp.resolve("journal").toString())
                .exits(ExitCodes.BAD_INPUT);

        assertTrue(run.err().contains(missing.toString()), () -> "names the file: " + run);
        assertEquals("", run.out());
        assertFalse(Files.exists(tmp.resolve("journal")), "no journal is made for a script that is not there");
    }

    @Test
    void stateVerifyAndDumpOnADirectoryThatIsNoJournalExit2() throws IOException {
        Path empty = Files.createDirectory(tmp.resolve("empty"));
        Path other = Files.createDirectory(tmp.resolve("other"));
        Files.writeString(other.resolve("notes.txt"), "not a journal");
        Path missing = tmp.resolve("missing");

        for (Path dir : List.of(empty, other, missing)) {
            for (String command : List.of("state", "verify", "dump")) {
                Cli.Result result = Cli.run(command, "--journal", dir.toString()).exits(ExitCodes.BAD_INPUT);
                assertTrue(result.err().contains("no journal at " + dir), () -> "says there is no journal: " + result);
                assertEquals("", result.out(), () -> "prints nothing on stdout: " + result);
            }
        }
        assertFalse(Files.exists(missing), "reading never creates a journal");
        assertFalse(Files.exists(empty.resolve("metadata.cq4t")), "reading never creates a journal");
    }

    @Test
    void aBadInstantExits2NamingTheOption() {
        Path dir = tmp.resolve("journal");
        Cli.run("run", Facts.write(tmp.resolve("ok.jsonl"), List.of(LINE_1, LINE_2)).toString(), "--journal", dir.toString())
                .exits(ExitCodes.OK);

        for (List<String> args : List.of(
                List.of("state", "--journal", dir.toString(), "--at", "yesterday"),
                List.of("dump", "--journal", dir.toString(), "--from", "2026-11-02 09:00"),
                List.of("dump", "--journal", dir.toString(), "--to", "1793610000"))) {
            Cli.Result result = Cli.run(args.toArray(String[]::new)).exits(ExitCodes.BAD_INPUT);
            String option = args.get(3);
            assertTrue(result.err().contains(option) && result.err().contains(args.get(4)),
                    () -> "names the option and the value: " + result);
            assertTrue(result.err().contains("ISO-8601"), () -> "says what an instant looks like: " + result);
            assertEquals("", result.out());
        }
    }

    @Test
    void anUnknownSubcommandIsAUsageError() {
        Cli.Result result = Cli.run("replay").exits(ExitCodes.BAD_INPUT);

        assertTrue(result.err().contains("replay"), () -> "names what it did not know: " + result);
        assertTrue(result.err().contains("Usage"), () -> "shows the usage: " + result);
        assertEquals("", result.out());
    }

    @Test
    void anUnknownOptionIsAUsageError() {
        Cli.Result result = Cli.run("run", "x.jsonl", "--jurnal", tmp.toString()).exits(ExitCodes.BAD_INPUT);

        assertTrue(result.err().contains("--jurnal"), () -> "names the option: " + result);
        assertEquals("", result.out());
    }

    @Test
    void aMissingRequiredOptionIsAUsageError() {
        Cli.Result result = Cli.run("state").exits(ExitCodes.BAD_INPUT);

        assertTrue(result.err().contains("--journal"), () -> "names the option: " + result);
    }

    /**
     * Runs lines 1, 2, {@code line3} and a valid line 4 into a new journal and checks the refusal:
     * exit 2 naming line 3, and a journal holding exactly lines 1 and 2 (and their decisions).
     */
    private Cli.Result refusedAtLine3(String line3) {
        Path script = Facts.write(tmp.resolve("script.jsonl"), List.of(LINE_1, LINE_2, line3, LINE_4));
        Path dir = tmp.resolve("journal");

        Cli.Result run = Cli.run("run", script.toString(), "--journal", dir.toString()).exits(ExitCodes.BAD_INPUT);

        assertTrue(run.err().contains("line 3"), () -> "names line 3: " + run);
        assertFalse(run.err().contains("line 4"), () -> "line 4 was never read: " + run);
        assertOnlyLines1And2Journaled(dir, run);
        return run;
    }

    private static void assertOnlyLines1And2Journaled(Path dir, Cli.Result run) {
        List<JsonNode> dump = Cli.dump(dir);
        List<JsonNode> facts = dump.stream().filter(e -> !Cli.isDecision(e)).toList();
        assertEquals(List.of("engine.started", "channel.registered", "agent.configured"), Cli.types(facts),
                () -> "exactly the facts of lines 1 and 2: " + dump);
        assertEquals(Instant.parse(Facts.at(2)), Instant.parse(facts.get(2).get("at").asText()));
        assertEquals(dump.stream().filter(Cli::isDecision).toList(), run.json(),
                "the decisions journaled are those printed for lines 1 and 2");
        assertTrue(dump.stream().noneMatch(e -> Instant.parse(e.get("at").asText()).isAfter(Instant.parse(Facts.at(2)))),
                () -> "nothing from line 3 on: " + dump);
        Cli.assertVerifies(dir);
    }

    private static final Pattern QUOTE = Pattern.compile("[`'\"]");

    /** stderr names the field, quoted ('id', "id" or `id`), so that a word in prose does not count. */
    private static void assertNamesField(Cli.Result run, String field) {
        Pattern named = Pattern.compile(QUOTE.pattern() + Pattern.quote(field) + QUOTE.pattern());
        assertTrue(named.matcher(run.err()).find(), () -> "names the field '" + field + "': " + run);
    }
}
