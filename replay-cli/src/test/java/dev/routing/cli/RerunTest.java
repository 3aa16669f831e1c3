package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A script rerun on the journal it stopped in: {@code run FILE --journal J} stopped at a bad line 4
 * with lines 1-3 journaled; after the fix, a rerun journaled lines 1-3 again after a
 * process.restarted, with no warning. Now a rerun is refused, naming what is journaled, and
 * {@code --resume} goes on after it: no fact is journaled twice by a rerun.
 */
class RerunTest {
    @TempDir
    Path tmp;

    private static List<String> morning() {
        return SidecarIT.morning(2);
    }

    /** The morning with line {@code bad} given a field no fact has. */
    private Path script(String name, List<String> lines, int bad) {
        List<String> written = new ArrayList<>(lines);
        if (bad > 0) written.set(bad - 1, written.get(bad - 1).replace("{\"type\"", "{\"bogus\":1,\"type\""));
        return Facts.write(tmp.resolve(name), written);
    }

    private static Map<String, Integer> factsJournaled(Path journal) {
        Map<String, Integer> times = new HashMap<>();
        for (JsonNode e : Cli.dump(journal)) {
            String type = e.path("type").asText();
            if (Cli.isDecision(e) || type.equals("engine.started") || type.equals("process.restarted")) continue;
            times.merge(e.toString(), 1, Integer::sum);
        }
        return times;
    }

    @Test
    void aRerunOfTheFixedScriptIsRefusedNamingTheJournaledLinesAndResumeGoesOnAfterThem() throws Exception {
        Path journal = tmp.resolve("journal");
        List<String> lines = morning();
        Cli.Result first = Cli.run("run", script("bad.jsonl", lines, 4).toString(), "--journal", journal.toString());
        first.exits(ExitCodes.BAD_INPUT);
        assertTrue(first.err().contains("line 4: field 'bogus'"), first::toString);
        int entries = Cli.dump(journal).size();

        Path fixed = script("bad.jsonl", lines, 0);
        Cli.Result rerun = Cli.run("run", fixed.toString(), "--journal", journal.toString()).exits(ExitCodes.BAD_INPUT);
        assertTrue(rerun.err().contains("already ends with lines 1-3 of " + fixed), rerun::toString);
        assertTrue(rerun.err().contains("--resume goes on after line 3"), rerun::toString);
        assertEquals("", rerun.out(), "nothing decided");
        assertEquals(entries, Cli.dump(journal).size(), "a refused rerun journals nothing, not even an opening");

        Cli.Result resumed = Cli.run("run", fixed.toString(), "--journal", journal.toString(), "--resume").exits(ExitCodes.OK);
        assertTrue(resumed.err().contains("going on after line 3"), resumed::toString);
        assertFalse(resumed.json().isEmpty(), "the rest was decided: " + resumed);
        Map<String, Integer> journaled = factsJournaled(journal);
        assertEquals(lines.size(), journaled.size(), journaled::toString);
        assertTrue(journaled.values().stream().allMatch(n -> n == 1), () -> "each fact once: " + journaled);

        Cli.Result again = Cli.run("run", fixed.toString(), "--journal", journal.toString()).exits(ExitCodes.BAD_INPUT);
        assertTrue(again.err().contains("lines 1-" + lines.size()), again::toString);
        Cli.run("run", fixed.toString(), "--journal", journal.toString(), "--resume").exits(ExitCodes.OK);
        Cli.run("run", fixed.toString(), "--journal", journal.toString()).exits(ExitCodes.BAD_INPUT);
        assertTrue(factsJournaled(journal).values().stream().allMatch(n -> n == 1), "still each fact once");
        Cli.assertVerifies(journal);
    }

    @Test
    void aScriptTheJournalDoesNotEndWithRunsOnIt() throws Exception {
        Path journal = tmp.resolve("journal");
        Cli.run("run", script("first.jsonl", SidecarIT.morning(1), 0).toString(), "--journal", journal.toString()).exits(ExitCodes.OK);
        // another script: the same facts a day later, each a new fact
        List<String> later = new ArrayList<>();
        for (String line : SidecarIT.morning(1)) later.add(line.replace("2026-11-02", "2026-11-03"));
        Cli.run("run", script("later.jsonl", later, 0).toString(), "--journal", journal.toString()).exits(ExitCodes.OK);
        assertEquals(2 * later.size(), factsJournaled(journal).size());
    }

    @Test
    void aLineThatRefersToADraftByItsNumberIsMatchedAsJournaled() throws Exception {
        Path journal = tmp.resolve("journal");
        Path script = Facts.scenario("send-then-resend-held-draft.jsonl", tmp);
        List<String> lines = Files.readAllLines(script);
        int refers = -1;
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains("\"@1\"")) refers = i + 1;
        assertTrue(refers > 0, "the scenario resends @1");
        Cli.run("run", script.toString(), "--journal", journal.toString()).exits(ExitCodes.OK);
        Cli.Result rerun = Cli.run("run", script.toString(), "--journal", journal.toString()).exits(ExitCodes.BAD_INPUT);
        assertTrue(rerun.err().contains("lines 1-" + lines.size()), rerun::toString);
    }

    @Test
    void resumeIsForAScriptOnAJournal() {
        Path script = script("s.jsonl", morning(), 0);
        Cli.Result noJournal = Cli.run("run", script.toString(), "--resume").exits(ExitCodes.BAD_INPUT);
        assertTrue(noJournal.err().contains("--resume needs --journal DIR"), noJournal::toString);
        Cli.Result sidecar = Cli.withStdin("", "run", "-", "--journal", tmp.resolve("j").toString(), "--resume").exits(ExitCodes.BAD_INPUT);
        assertTrue(sidecar.err().contains("--resume is for run FILE"), sidecar::toString);
    }

    @Test
    void aSidecarNeedsAJournalUnlessAskedForAThrowawayOne() {
        Cli.Result run = Cli.withStdin("", "run", "-").exits(ExitCodes.BAD_INPUT);
        assertTrue(run.err().contains("run - needs --journal DIR") && run.err().contains("--ephemeral"), run::toString);
        Cli.Result serve = Cli.run("serve", "--socket", tmp.resolve("s.sock").toString()).exits(ExitCodes.BAD_INPUT);
        assertTrue(serve.err().contains("serve needs --journal DIR"), serve::toString);
        Cli.Result both = Cli.withStdin("", "run", "-", "--journal", tmp.resolve("j").toString(), "--ephemeral").exits(ExitCodes.BAD_INPUT);
        assertTrue(both.err().contains("choose one"), both::toString);
        assertFalse(Files.exists(tmp.resolve("j")), "nothing was made");

        String line = SidecarIT.numbered(Facts.channel(0, "work"), 1) + "\n";
        Cli.Result ephemeral = Cli.withStdin(line, "run", "-", "--ephemeral").exits(ExitCodes.OK);
        JsonNode ready = ephemeral.json().get(0);
        Path dir = Path.of(ready.path("journal").asText());
        assertEquals("fact.accepted", ephemeral.json().get(1).path("type").asText(), ephemeral::toString);
        assertFalse(Files.exists(dir), "the throwaway journal is removed at exit: " + dir);
    }
}
