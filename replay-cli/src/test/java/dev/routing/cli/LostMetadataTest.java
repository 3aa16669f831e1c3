package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Chronicle's metadata.cq4t lost (deleted), empty, or allocated and never written (all zeros: what
 * a kill during a new journal's first open leaves). Before, every command waited 12-17 s on the
 * zeroed file and failed with Chronicle's "Unable to claim exclusive shared lock", salvage
 * included; a deleted one was "no journal at DIR" to every reader. The file holds nothing the day
 * files do not, so now readers read through a view with metadata of its own, changing no byte, and
 * the writer moves the file aside and has Chronicle write it anew.
 */
class LostMetadataTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"deleted", "empty", "zeros"})
    void everyCommandReadsTheJournalWholeAndTheWriterRebuildsTheFile(String how) throws IOException {
        Faults.Journal3Days j = Faults.journal(tmp);
        Path metadata = j.dir().resolve("metadata.cq4t");
        switch (how) {
            case "deleted" -> Files.delete(metadata);
            case "empty" -> Faults.truncate(metadata, 0);
            default -> Files.write(metadata, new byte[128 << 10]);
        }
        Map<String, String> before = Faults.hashes(j.dir());
        for (Cli.Result r : Faults.readers(j.dir())) {
            r.exits(ExitCodes.OK);
            Faults.assertNoStackTrace(r);
        }
        List<String> dumped = Cli.dump(j.dir()).stream().map(JsonNode::toString).toList();
        assertEquals(j.entries(), dumped, "every entry is read");
        assertEquals(before, Faults.hashes(j.dir()), "no reader changed a byte");
        Path salvaged = tmp.resolve("salvaged");
        Faults.bounded("salvage", "--journal", j.dir().toString(), "--to", salvaged.toString()).exits(ExitCodes.OK);
        assertEquals(j.entries(), Cli.dump(salvaged).stream().map(JsonNode::toString).toList(), "salvage copies it all");

        Cli.Result run = Faults.bounded("run", Faults.more(tmp).toString(), "--journal", j.dir().toString()).exits(ExitCodes.OK);
        assertTrue(run.err().contains("metadata.cq4t") && run.err().contains("anew"), () -> "the open says what it did: " + run);
        Faults.assertNoStackTrace(run);
        Cli.assertVerifies(j.dir());
        assertTrue(Cli.dump(j.dir()).size() > j.entries().size(), "the run was journaled");
    }
}
