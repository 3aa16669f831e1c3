package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.Version;
import dev.routing.journal.event.Fact;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run -} as a host drives it: the built jar, over standard input. */
class SidecarIT {
    @TempDir
    Path tmp;

    /** A morning of facts: some with decisions, some (a channel, a message) with none. */
    static List<String> morning(int turns) {
        List<String> facts = new ArrayList<>(List.of(Facts.channel(0, "work"), Facts.agent(0, "qa")));
        for (int t = 1; t <= turns; t++) facts.addAll(Facts.channelTurn(10 * t, "qa", t, "Status " + t + ": all green."));
        return facts;
    }

    /** The fact line with the host's {@code seq} added. */
    static String numbered(String fact, long seq) {
        return "{\"seq\":" + seq + "," + fact.substring(1);
    }

    @Test
    void theReadyLineComesFirstAndEveryLineIsAnsweredABadOneWithARejectionTheSidecarSurvives() throws Exception {
        Path journal = tmp.resolve("journal");
        List<String> good = morning(2);
        try (SidecarProcess sidecar = SidecarProcess.run(journal, tmp.resolve("err"))) {
            JsonNode ready = sidecar.ready();
            assertEquals(journal.toAbsolutePath().toString(), ready.path("journal").asText());
            assertTrue(ready.get("lastIndex").isNull() && ready.get("lastSeq").isNull(), ready::toString);
            assertEquals("current", ready.path("rules").asText());
            assertEquals(Version.NUMBER, ready.path("version").asText());
            assertEquals(0, ready.path("opening").size());

            sidecar.send(good.get(0));
            List<JsonNode> channel = sidecar.answer();
            assertEquals(1, channel.size(), "a fact with no decisions is answered too: " + channel);
            JsonNode accepted = channel.get(0);
            assertEquals("fact.accepted", accepted.path("type").asText());
            assertTrue(accepted.path("index").asLong() > 0 && accepted.get("seq").isNull(), accepted::toString);
            assertEquals(0, accepted.path("decisions").asInt());

            sidecar.send("{\"type\":\"agent.configured\",");
            JsonNode json = only(sidecar.answer());
            assertEquals("fact.rejected", json.path("type").asText());
            assertEquals(2, json.path("line").asInt());
            assertTrue(json.get("field").isNull() && json.path("error").asText().startsWith("malformed JSON"), json::toString);

            sidecar.send(Facts.fact("turn.ended", 5, "turn", "abc"));
            JsonNode field = only(sidecar.answer());
            assertEquals(3, field.path("line").asInt());
            assertEquals("turn", field.path("field").asText(), field::toString);

            sidecar.send(numbered(good.get(1), 0));
            assertEquals("seq", only(sidecar.answer()).path("field").asText(), "a seq is 1 or more");

            int decisions = 0;
            for (String fact : good.subList(1, good.size())) {
                sidecar.send(fact);
                List<JsonNode> answer = sidecar.answer();
                JsonNode last = answer.get(answer.size() - 1);
                assertEquals("fact.accepted", last.path("type").asText(), answer::toString);
                assertEquals(answer.size() - 1, last.path("decisions").asInt(), "the count is of the lines before it");
                decisions += answer.size() - 1;
            }
            assertTrue(decisions > 4, "the turns were decided: " + decisions);
            sidecar.closeInput();
            assertEquals(ExitCodes.OK, sidecar.waitFor());
            assertEquals(null, sidecar.next(), "nothing after the last answer");
        }
        assertEquals(good.size(), facts(journal).size(), "every good line journaled once, nothing of the bad ones");
        Cli.assertVerifies(journal);
    }

    @Test
    void aHostThatResendsFromSeq1AfterARestartGetsTheSameAnswersAndNothingIsJournaledTwice() throws Exception {
        Path journal = tmp.resolve("journal");
        List<String> facts = morning(3);
        int firstRun = 9;
        Map<Long, List<JsonNode>> first = new HashMap<>();
        try (SidecarProcess sidecar = SidecarProcess.run(journal, tmp.resolve("err1"))) {
            sidecar.ready();
            for (int i = 0; i < firstRun; i++) {
                sidecar.send(numbered(facts.get(i), i + 1));
                first.put((long) i + 1, sidecar.answer());
            }
            sidecar.closeInput();
            assertEquals(ExitCodes.OK, sidecar.waitFor());
        }
        assertEquals(firstRun, first.get((long) firstRun).get(first.get((long) firstRun).size() - 1).path("seq").asLong());

        try (SidecarProcess sidecar = SidecarProcess.run(journal, tmp.resolve("err2"))) {
            JsonNode ready = sidecar.ready();
            assertEquals(firstRun, ready.path("lastSeq").asLong(), ready::toString);
            for (int i = 0; i < facts.size(); i++) {
                sidecar.send(numbered(facts.get(i), i + 1));
                List<JsonNode> answer = sidecar.answer();
                if (i < firstRun) assertEquals(first.get((long) i + 1), answer, "seq " + (i + 1) + " is answered as the first time");
                else assertEquals(i + 1, answer.get(answer.size() - 1).path("seq").asLong());
            }
            sidecar.send(numbered(facts.get(5), 3));
            JsonNode other = only(sidecar.answer());
            assertEquals("seq", other.path("field").asText(), other::toString);
            assertTrue(other.path("error").asText().contains("seq 3 was journaled for another fact"), other::toString);
            sidecar.closeInput();
            assertEquals(ExitCodes.OK, sidecar.waitFor());
        }
        Map<Long, Integer> journaled = new HashMap<>();
        for (JournalRecord r : facts(journal)) {
            if (r.seq() != 0) journaled.merge(r.seq(), 1, Integer::sum);
        }
        assertEquals(facts.size(), journaled.size(), "every seq journaled: " + journaled);
        assertFalse(journaled.values().stream().anyMatch(n -> n != 1), "each once: " + journaled);
        Cli.assertVerifies(journal);
    }

    /** The facts a journal holds, each with its group's seq. */
    static List<JournalRecord> facts(Path journal) {
        List<JournalRecord> facts = new ArrayList<>();
        try (Journal j = Journal.openReader(journal)) {
            j.read(-1, r -> {
                if (r.entry() instanceof Fact f && !f.type().equals("engine.started") && !f.type().equals("process.restarted")) facts.add(r);
            });
        }
        return facts;
    }

    private static JsonNode only(List<JsonNode> answer) {
        assertEquals(1, answer.size(), answer::toString);
        return answer.get(0);
    }
}
