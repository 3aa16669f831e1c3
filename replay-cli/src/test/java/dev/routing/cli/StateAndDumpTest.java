package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code state} and {@code dump} over a journal that {@code run} wrote. */
class StateAndDumpTest {
    /** Maps keyed by agent, as StateCommand's --agent filter knows them. */
    private static final List<String> AGENT_MAPS = List.of("/roster/agents", "/roster/focus", "/turns/openByAgent",
            "/turns/wakes", "/turns/newestInbound", "/turns/bounceStreak", "/privacy/messages", "/privacy/mark",
            "/privacy/lastTold", "/drafts/drafts", "/drafts/latestBounce", "/drafts/letGo");
    /** Maps whose values carry their agent. */
    private static final List<String> OWNED_MAPS = List.of("/turns/open", "/attempts/attempts");
    private static final String SEND = "[{\"tool\": \"send_message\", \"channel\": \"work\", \"text\": \"see thread\"}]";

    @TempDir
    Path tmp;
    private Path journal;

    /**
     * Two agents taking turns in #work, 10 s apart: qa's turn 1 and ops' turn 2 publish (attempts
     * 1 and 2, never settled), qa's turn 3 and ops' turn 4 send beside their prose (a draft each).
     */
    @BeforeEach
    void fourTurnsOfTwoAgents() {
        List<String> script = new ArrayList<>(List.of(Facts.channel(1, "work"), Facts.agent(2, "qa"), Facts.agent(3, "ops")));
        script.addAll(Facts.channelTurn(10, "qa", 1, "qa is green."));
        script.addAll(Facts.channelTurn(20, "ops", 2, "ops is green."));
        script.addAll(Facts.channelTurn(30, "qa", 3, "work", "qa's summary.", SEND));
        script.addAll(Facts.channelTurn(40, "ops", 4, "work", "ops' summary.", SEND));
        journal = tmp.resolve("journal");
        Cli.run("run", Facts.write(tmp.resolve("script.jsonl"), script).toString(), "--journal", journal.toString())
                .exits(ExitCodes.OK);
    }

    @Test
    void statePrintsTheProjectionsAsJsonWithNextTurnOneMoreThanTheTurnsOpened() {
        JsonNode state = state();

        long opened = Cli.types(Cli.dump(journal)).stream().filter("turn.opened"::equals).count();
        assertEquals(4, opened, "the script opened four turns");
        assertEquals(opened + 1, state.path("nextTurn").asLong(), () -> "nextTurn: " + state);
    }

    @Test
    void stateForOneAgentKeepsOnlyThatAgentsEntriesInEveryPerAgentMap() {
        JsonNode all = state();
        JsonNode qa = state("--agent", "qa");

        assertEquals(List.of("ops", "qa"), keys(all.at("/roster/agents")), "unfiltered, both agents");
        for (String map : AGENT_MAPS) {
            assertTrue(keys(qa.at(map)).stream().allMatch("qa"::equals), () -> map + " keeps only qa: " + qa.at(map));
            assertEquals(all.at(map).path("qa"), qa.at(map).path("qa"), () -> map + " keeps qa's entry whole");
        }
        for (String map : OWNED_MAPS) {
            qa.at(map).forEach(v -> assertEquals("qa", v.path("agent").asText(), () -> map + " keeps only qa's: " + v));
            all.at(map).fields().forEachRemaining(e -> {
                if (e.getValue().path("agent").asText().equals("qa")) {
                    assertEquals(e.getValue(), qa.at(map).path(e.getKey()), () -> map + " keeps qa's " + e.getKey());
                }
            });
        }
        assertEquals(List.of("qa"), keys(qa.at("/roster/agents")));
        assertFalse(qa.at("/drafts/drafts/qa").isEmpty(), () -> "qa's draft is kept: " + qa.at("/drafts"));
        assertFalse(qa.at("/attempts/attempts").isEmpty(), () -> "qa's attempt is kept: " + qa.at("/attempts"));
        assertEquals("work", qa.at("/privacy/lastTold/qa").asText(), () -> "qa's entries are kept: " + qa.at("/privacy"));
    }

    @Test
    void stateForOneAgentLeavesWhatIsNoOnesAlone() {
        JsonNode all = state();
        JsonNode qa = state("--agent", "qa");

        for (String field : List.of("/nextTurn", "/nextAttempt", "/entries", "/rules", "/clockMillis",
                "/roster/channels", "/drafts/drawn", "/drafts/nextSeq", "/retention")) {
            assertEquals(all.at(field), qa.at(field), () -> field + " is no agent's and stays as it is");
        }
    }

    @Test
    void J5_stateAtAnInstantShowsTheStateBeforeLaterTurns() {
        // turn 2 opened at T0+22 s, turn 3 at T0+32 s
        JsonNode middle = state("--at", Facts.at(25));

        assertEquals(3, middle.path("nextTurn").asLong(), () -> "turns 1 and 2 only: " + middle);
        assertEquals(5, state().path("nextTurn").asLong());
        assertTrue(middle.at("/drafts/drafts/qa").isMissingNode() || middle.at("/drafts/drafts/qa").isEmpty(),
                () -> "qa held its draft later: " + middle.at("/drafts"));
    }

    @Test
    void J5_stateAtAnInstantAfterEverythingIsTheStateNow() {
        assertEquals(state(), state("--at", "2030-01-01T00:00:00Z"));
    }

    @Test
    void J5_stateAtAnInstantBeforeEverythingIsTheEmptyState() {
        assertEquals(1, state("--at", "2026-01-01T00:00:00Z").path("nextTurn").asLong());
    }

    @Test
    void J5_dumpFromToPrintsOnlyTheEntriesFromTheFirstInstantUpToTheSecond() {
        List<JsonNode> all = Cli.dump(journal);
        // bounds that are entries' own times: from is inclusive, to exclusive
        Instant from = Instant.parse(Facts.at(22));
        Instant to = Instant.parse(Facts.at(33));

        List<JsonNode> window = Cli.dump(journal, "--from", from.toString(), "--to", to.toString());

        List<JsonNode> expected = all.stream().filter(e -> {
            Instant at = Instant.parse(e.get("at").asText());
            return !at.isBefore(from) && at.isBefore(to);
        }).toList();
        assertFalse(expected.isEmpty());
        assertTrue(expected.size() < all.size());
        assertEquals(expected, window);
        assertEquals(from, Instant.parse(window.get(0).get("at").asText()), "the entries at from are printed");
    }

    @Test
    void J5_dumpWithOneBoundPrintsEverythingOnThatSide() {
        List<JsonNode> all = Cli.dump(journal);
        Instant middle = Instant.parse(Facts.at(30));

        List<JsonNode> after = Cli.dump(journal, "--from", middle.toString());
        List<JsonNode> before = Cli.dump(journal, "--to", middle.toString());

        List<JsonNode> joined = new ArrayList<>(before);
        joined.addAll(after);
        assertEquals(all, joined, "--to X and --from X split the journal at X");
        assertTrue(before.stream().allMatch(e -> Instant.parse(e.get("at").asText()).isBefore(middle)));
        assertTrue(after.stream().noneMatch(e -> Instant.parse(e.get("at").asText()).isBefore(middle)));
    }

    @Test
    void J5_dumpOfAnEmptyWindowPrintsNothing() {
        assertEquals(List.of(), Cli.dump(journal, "--from", Facts.at(30), "--to", Facts.at(30)));
        assertEquals(List.of(), Cli.dump(journal, "--from", "2030-01-01T00:00:00Z"));
        assertEquals(List.of(), Cli.dump(journal, "--to", "2026-01-01T00:00:00Z"));
    }

    private JsonNode state(String... options) {
        List<String> args = new ArrayList<>(List.of("state", "--journal", journal.toString()));
        args.addAll(List.of(options));
        return Cli.run(args.toArray(String[]::new)).exits(ExitCodes.OK).tree();
    }

    private static List<String> keys(JsonNode map) {
        List<String> keys = new ArrayList<>();
        map.fieldNames().forEachRemaining(keys::add);
        return keys;
    }
}
