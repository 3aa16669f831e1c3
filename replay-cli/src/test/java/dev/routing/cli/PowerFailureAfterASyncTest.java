package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import dev.routing.journal.store.internal.PowerFailure;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A power failure after a sync: groups a writer acknowledged after it (a batch host's, which syncs
 * only durable groups: here three messages appended through the journal, after what {@code run}
 * wrote and synced) lost with the page cache, Chronicle's store header and index kept, and the next
 * open in another boot. Before, every reader called the journal damaged
 * ("excerpts up to ordinal N are missing", N the last synced one, which was there) and only salvage
 * got past it. durability.md promises the window is reported, not damage: every reader reads every
 * synced entry and says how many acknowledged ones the failure took, and {@code run} cuts what
 * Chronicle's index still counts, says so, and continues.
 */
class PowerFailureAfterASyncTest {
    @TempDir
    Path tmp;

    @Test
    void whatAPowerFailureTookAfterTheLastSyncIsReportedByEveryCommandAndRunContinues() {
        Faults.Journal3Days j = Faults.journal(tmp);
        try (JournalWriter writer = Journal.openWriter(j.dir())) {
            for (int i = 0; i < 3; i++) {
                writer.append(EntryCodec.readFact(Facts.fact("message.received", 2 * 86_400 + 300 + i, "id", "late" + i,
                        "agent", "qa", "kind", "external-message", "writer", "host", "text", "never synced")));
            }
        }
        PowerFailure.loseWhatWasNotSynced(j.dir(), true);

        for (Cli.Result r : Faults.readers(j.dir())) {
            r.exits(ExitCodes.OK);
            Faults.assertNoStackTrace(r);
            assertTrue(r.err().contains("acknowledged but not yet synced") && r.err().contains("were lost with the page cache"),
                    r::toString);
        }
        List<String> kept = Cli.dump(j.dir()).stream().map(JsonNode::toString).toList();
        assertEquals(j.entries(), kept, "every synced entry, as it was, and nothing of what was lost");

        Cli.Result run = Faults.bounded("run", Faults.more(tmp).toString(), "--journal", j.dir().toString()).exits(ExitCodes.OK);
        assertTrue(run.err().contains("cut what a power failure left of"), run::toString);
        Cli.assertVerifies(j.dir());
        List<String> after = Cli.dump(j.dir()).stream().map(JsonNode::toString).toList();
        assertEquals(kept, after.subList(0, kept.size()), "nothing synced lost or changed");
        for (Cli.Result r : Faults.readers(j.dir())) {
            r.exits(ExitCodes.OK);
            assertTrue(!r.err().contains("note:"), r::toString);
        }
    }
}
