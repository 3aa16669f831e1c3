package dev.routing.cli;

import static dev.routing.cli.Facts.fact;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import dev.routing.journal.store.Journal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Facts too large for the journal. Before, a 19 MB round (or a 6 MB draft read three times)
 * failed with "write failed. Length: 19000112 > writeRemaining: 16777186" after the fact was
 * journaled, and from then on every command failed with "error: null". Now a fact over
 * {@link Journal#FACT_LIMIT} is refused before it is decided, naming its line and largest field
 * (exit 2, nothing journaled); drafts reads and {@code {{unsent}}} are capped so no fact under the
 * limit makes decisions over {@link Journal#GROUP_LIMIT}; and one that would all the same is refused
 * whole. The journal is never poisoned: it verifies and goes on.
 */
class OversizedFactTest {
    private static final String BIG = "x".repeat(2_000_000);

    @TempDir
    Path tmp;

    private static List<String> turnStart(String agent, String mode) {
        return Facts.lines(Facts.channel(1, "work"),
                fact("agent.configured", 2, "agent", agent, "mode", mode, "locusPolicy", "delivery"),
                fact("message.received", 3, "id", "m1", "agent", agent, "kind", "channel-message", "channel", "work",
                        "server", "discord", "addressed", true, "text", "@" + agent + " status?", "writer", "host"),
                fact("wake.queued", 4, "id", "w1", "agent", agent, "cause", "message", "messages", List.of("m1"), "channel", "work"),
                fact("turn.started", 5, "agent", agent, "wakes", List.of("w1"), "reads", List.of("m1")));
    }

    private static String round(int s, int round, String text, Object calls) {
        return fact("round.spoken", s, "turn", 1, "round", round, "text", text, "calls", calls);
    }

    private static Map<String, Object> send() {
        return Map.of("tool", "send_message", "channel", "work", "text", "see thread");
    }

    @Test
    void aFactOverTheLimitIsRefusedNamingItsLineAndLargestFieldAndNothingOfItIsJournaled() {
        Path dir = tmp.resolve("journal");
        List<String> script = turnStart("qa", "locus");
        script.add(round(6, 1, BIG, List.of()));
        Cli.Result run = Cli.run("run", Facts.write(tmp.resolve("s.jsonl"), script).toString(), "--journal", dir.toString());

        run.exits(ExitCodes.BAD_INPUT);
        String error = Faults.errorLine(run);
        assertTrue(error.startsWith("error: line 6: field 'text': the round.spoken is 2,000,"), error);
        assertTrue(error.contains("over the 1,048,576 bytes a fact may be") && error.contains("nothing journaled"), error);
        List<JsonNode> dump = Cli.dump(dir);
        assertEquals(List.of("engine.started", "channel.registered", "agent.configured", "message.received", "wake.queued",
                "turn.started", "turn.opened", "notice.issued"), Cli.types(dump), "lines 1 to 5 are journaled; nothing of line 6");
        Cli.assertVerifies(dir);
        Cli.run("run", Faults.more(tmp).toString(), "--journal", dir.toString()).exits(ExitCodes.OK);
        Cli.assertVerifies(dir);
    }

    @Test
    void aCallsTextOverTheLimitIsNamedByItsPath() {
        List<String> script = turnStart("qa", "locus");
        script.add(round(6, 1, "short", List.of(Map.of("tool", "send_message", "channel", "work", "text", BIG))));
        Cli.Result run = Cli.run("run", Facts.write(tmp.resolve("s.jsonl"), script).toString());

        run.exits(ExitCodes.BAD_INPUT);
        assertTrue(Faults.errorLine(run).startsWith("error: line 6: field 'calls[0].text':"), run::toString);
    }

    @Test
    void draftsReadOfManyLargeDraftsShowsWhatFitsAndNamesTheRestForAnotherCall() {
        Path dir = tmp.resolve("journal");
        List<String> script = turnStart("qa", "locus");
        for (int i = 1; i <= 6; i++) script.add(round(6, i, "draft " + i + " " + "y".repeat(400_000), List.of(send())));
        List<String> all = new ArrayList<>();
        for (int i = 1; i <= 6; i++) all.add("@" + i);
        script.add(round(7, 7, "", List.of(Map.of("tool", "drafts", "action", "read", "draftIds", all))));
        Cli.run("run", Facts.write(tmp.resolve("s.jsonl"), script).toString(), "--journal", dir.toString()).exits(ExitCodes.OK);

        JsonNode read = readAnswer(dir);
        String result = read.get("result").asText();
        assertTrue(result.length() <= dev.routing.engine.drafts.DraftsTool.READ_CHARS + 2_000, () -> result.length() + " characters");
        assertTrue(result.contains("draft 1 ") && result.contains("draft 2 "), "the drafts that fit are shown whole");
        assertFalse(result.contains("draft 3 "), "the rest are not");
        assertTrue(result.contains("Not shown, to keep this answer within the 1,048,576 characters one read may show"), result.substring(result.length() - 300));
        assertTrue(result.contains("read them in another call"));
        Cli.assertVerifies(dir);
    }

    @Test
    void aDraftNamedThreeTimesInOneReadIsShownOnce() {
        Path dir = tmp.resolve("journal");
        List<String> script = turnStart("qa", "locus");
        script.add(round(6, 1, "the draft " + "z".repeat(500_000), List.of(send())));
        script.add(round(7, 2, "", List.of(Map.of("tool", "drafts", "action", "read", "draftIds", List.of("@1", "@1", "@1")))));
        Cli.run("run", Facts.write(tmp.resolve("s.jsonl"), script).toString(), "--journal", dir.toString()).exits(ExitCodes.OK);

        String result = readAnswer(dir).get("result").asText();
        assertEquals(1, result.split("the draft ", -1).length - 1, "shown once");
        assertTrue(result.contains("Named more than once, shown once"), result.substring(result.length() - 200));
    }

    @Test
    void anUnsentThatWouldMakeAMessageOverTheLimitSendsNothingAndSaysWhy() {
        Path dir = tmp.resolve("journal");
        List<String> script = turnStart("ex", "explicit");
        script.add(round(6, 1, "w".repeat(700_000), List.of(Map.of("tool", "shell"))));
        script.add(round(7, 2, ">>#work {{unsent}} {{unsent}}", List.of()));
        Cli.run("run", Facts.write(tmp.resolve("s.jsonl"), script).toString(), "--journal", dir.toString()).exits(ExitCodes.OK);

        List<JsonNode> dump = Cli.dump(dir);
        assertFalse(Cli.types(dump).contains("publish.requested"), "nothing was sent");
        assertTrue(dump.stream().anyMatch(e -> e.path("text").asText().contains("{{unsent}} would make a message of 1,400,")
                && e.path("text").asText().contains("over the 1,048,576 one message may be")), "the bounce says why");
        assertEquals(1, dump.stream().filter(e -> e.path("type").asText().equals("draft.held")).count(),
                "a bare {{unsent}} holds nothing new: only the first round's bounce is held");
        Cli.assertVerifies(dir);
    }

    /**
     * Twelve envelopes that each bounce holding a copy of a 900 KB bounce: a fact of a few hundred
     * bytes whose decisions would be 21 MB. Refused whole, naming its line; the journal goes on.
     */
    @Test
    void aFactWhoseDecisionsWouldOutgrowAJournalGroupIsRefusedWholeAndTheJournalGoesOn() {
        Path dir = tmp.resolve("journal");
        List<String> script = turnStart("ex", "explicit");
        script.add(round(6, 1, "w".repeat(900_000), List.of(Map.of("tool", "shell"))));
        script.add(round(7, 2, String.join("\n", java.util.Collections.nCopies(12, ">>#nowhere Again: {{unsent}}")), List.of()));
        Cli.Result run = Cli.run("run", Facts.write(tmp.resolve("s.jsonl"), script).toString(), "--journal", dir.toString());

        run.exits(ExitCodes.BAD_INPUT);
        String error = Faults.errorLine(run);
        assertTrue(error.startsWith("error: line 7: its decisions would make a journal group of "), error);
        assertTrue(error.contains("over the 8,388,608 bytes one group may be: refused, nothing journaled"), error);
        assertFalse(Cli.dump(dir).stream().anyMatch(e -> e.path("at").asText().equals(Facts.at(7))), "nothing of line 7");
        Cli.assertVerifies(dir);
        List<String> next = new ArrayList<>(Facts.channelTurn(10, "ex", 2, ">>#work {{unsent}}"));
        Path send = Facts.write(tmp.resolve("send.jsonl"), next);
        Cli.Result after = Cli.run("run", send.toString(), "--journal", dir.toString()).exits(ExitCodes.OK);
        assertTrue(after.json().stream().anyMatch(d -> d.path("type").asText().equals("publish.requested")
                && d.path("text").asText().length() == 900_000), () -> "the bounce before it is still the latest: " + after);
        Cli.assertVerifies(dir);
    }

    private static JsonNode readAnswer(Path dir) {
        return Cli.dump(dir).stream().filter(e -> e.path("type").asText().equals("tool.decided")
                && e.path("tool").asText().equals("drafts")).reduce((a, b) -> b).orElseThrow();
    }
}
