package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.Replay;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.SameAnswers;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.retention.Retention;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closed day that cannot be sealed (here the day files' folder is taken by a plain file, as an
 * operator's stray copy would take it): every fact is still journaled and answered, the days stay
 * on the heap and answer as the journal's fold does, and the engine says why, so the sidecar warns.
 */
class SealingBlockedTest {
    @TempDir
    Path dir;

    @Test
    void aDayThatCannotBeSealedStaysOnTheHeapAndTheEngineSaysWhy() throws IOException {
        Path journal = dir.resolve("journal");
        String why;
        EngineState live;
        try (JournalSink sink = JournalSink.batched(journal, RuleSet.CURRENT, 2_000)) {
            Files.writeString(journal.resolve(IdDayFile.FOLDER), "not a folder");
            StreamHost.play(sink, SealedDaysOfAJournalTest.stream());
            live = sink.engine().state();
            why = sink.engine().persistFailure();
            sink.engine().checkpoint();
        }
        assertNotNull(why, "the engine says why the closed days were not sealed");
        assertTrue(why.contains("stay on the heap") && why.contains(journal.resolve(IdDayFile.FOLDER).toString()), why);
        long today = Retention.day(live.clockMillis);
        assertTrue(live.privacy.forgotten.values().stream().anyMatch(ids -> ids.oldestDayOnHeap() < today),
                "the closed days are still on the heap");
        assertTrue(live.privacy.forgotten.values().stream().allMatch(ids -> ids.sealedDays().isEmpty()), "nothing was sealed");
        try (Journal j = Journal.openReader(journal)) {
            EngineState full = Replay.full(j).state();
            SameAnswers.check(full, live);
            SameAnswers.check(full, Replay.restore(j).state());
        }
        assertEquals("not a folder", Files.readString(journal.resolve(IdDayFile.FOLDER)), "the operator's file is left as it was");
    }
}
