package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.cli.options.ExitCodes;
import dev.routing.engine.testing.Scripts;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.FocusOpened;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code verify} (J2): 0 when re-deciding gives what was recorded, 1 naming the first divergence. */
class VerifyCommandTest {
    @TempDir
    Path tmp;

    static Stream<String> scenarios() {
        return Scripts.all().stream().map(p -> p.getFileName().toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void J2_aJournalWrittenByRunVerifies(String scenario) {
        Path dir = tmp.resolve("journal");
        Cli.run("run", Facts.scenario(scenario, tmp).toString(), "--journal", dir.toString()).exits(ExitCodes.OK);

        Cli.Result verify = Cli.run("verify", "--journal", dir.toString()).exits(ExitCodes.OK);

        assertTrue(verify.out().startsWith("ok"), () -> "prints ok: " + verify);
        assertEquals("", verify.err(), () -> "nothing on stderr: " + verify);
    }

    @Test
    void J2_aForgedDecisionAfterAFactThatDecidesNothingMakesVerifyExit1NamingTheFactAndItsIndex() {
        Path dir = configuredJournal();
        long factIndex = lastIndex(dir);
        try (JournalWriter journal = Journal.openWriter(dir)) {
            assertTrue(journal.entryAt(factIndex) instanceof AgentConfigured, "the last entry is the agent.configured");
            journal.append(new PublishRequested(Instant.parse(Facts.at(2)), 1L, "qa", "work", "discord", "forged words",
                    List.of(), "speech", null));
        }

        Cli.Result verify = Cli.run("verify", "--journal", dir.toString()).exits(ExitCodes.FAILURE);

        assertTrue(verify.err().startsWith("diverged:"), () -> "stderr starts with diverged: " + verify);
        assertTrue(verify.err().contains("agent.configured"), () -> "names the fact: " + verify);
        assertTrue(verify.err().contains("0x" + Long.toHexString(factIndex)), () -> "names the fact's index: " + verify);
        assertTrue(verify.err().contains("publish.requested") && verify.err().contains("forged words"),
                () -> "names the forged decision: " + verify);
        assertEquals("", verify.out(), () -> "no ok on stdout: " + verify);
    }

    @Test
    void J2_aForgedDecisionInTheMiddleOfTheJournalMakesVerifyExit1NamingTheFactAndItsIndex() {
        Path dir = configuredJournal();
        long factIndex = lastIndex(dir);
        try (JournalWriter journal = Journal.openWriter(dir)) {
            journal.append(new PublishRequested(Instant.parse(Facts.at(2)), 1L, "qa", "work", "discord", "forged words",
                    List.of(), "speech", null));
            journal.append(new FocusOpened(Instant.parse(Facts.at(3)), "qa", "work", null));
        }

        Cli.Result verify = Cli.run("verify", "--journal", dir.toString()).exits(ExitCodes.FAILURE);

        assertTrue(verify.err().startsWith("diverged:"), () -> "stderr starts with diverged: " + verify);
        assertTrue(verify.err().contains("agent.configured"), () -> "names the fact: " + verify);
        assertTrue(verify.err().contains("0x" + Long.toHexString(factIndex)), () -> "names the fact's index: " + verify);
        assertTrue(verify.err().contains("publish.requested"), () -> "names the forged decision: " + verify);
    }

    @Test
    void J2_aFactJournaledWithoutItsDecisionsMakesVerifyExit1NamingWhatReDecidingGives() {
        Path dir = configuredJournal();
        long factIndex;
        try (JournalWriter journal = Journal.openWriter(dir)) {
            factIndex = journal.append(new TurnStarted(Instant.parse(Facts.at(3)), "qa", List.of(), List.of(), null, false));
        }

        Cli.Result verify = Cli.run("verify", "--journal", dir.toString()).exits(ExitCodes.FAILURE);

        assertTrue(verify.err().startsWith("diverged:"), () -> "stderr starts with diverged: " + verify);
        assertTrue(verify.err().contains("turn.started"), () -> "names the fact: " + verify);
        assertTrue(verify.err().contains("0x" + Long.toHexString(factIndex)), () -> "names the fact's index: " + verify);
        assertTrue(verify.err().contains("turn.opened"), () -> "names the decision missing: " + verify);
    }

    @Test
    void aJournalThatDivergesCanStillBeDumped() {
        Path dir = configuredJournal();
        try (JournalWriter journal = Journal.openWriter(dir)) {
            journal.append(new PublishRequested(Instant.parse(Facts.at(2)), 1L, "qa", "work", "discord", "forged words",
                    List.of(), "speech", null));
        }

        assertEquals("publish.requested", Cli.dump(dir).get(3).path("type").asText());
    }

    /** A journal that run wrote: engine.started, a channel and an agent; nothing decided. */
    private Path configuredJournal() {
        Path dir = tmp.resolve("journal");
        Path script = Facts.write(tmp.resolve("script.jsonl"), List.of(Facts.channel(1, "work"), Facts.agent(2, "qa")));
        Cli.run("run", script.toString(), "--journal", dir.toString()).exits(ExitCodes.OK);
        Cli.assertVerifies(dir);
        return dir;
    }

    private static long lastIndex(Path dir) {
        try (Journal journal = Journal.openReader(dir)) {
            long last = journal.lastIndex();
            assertNotNull(journal.entryAt(last));
            return last;
        }
    }
}
