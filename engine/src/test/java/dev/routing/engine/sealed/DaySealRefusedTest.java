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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Day files whose seal the disk refuses (here each seal's temporary file is taken by a folder, as a
 * full disk would refuse it): every fact is journaled and answered, the journal reads whole, and
 * the engine says why, so the sidecar warns, instead of every open checking those days whole
 * without a word.
 */
class DaySealRefusedTest {
    @TempDir
    Path dir;

    @Test
    void aDaySealTheDiskRefusesIsSaidByTheEngineAndLosesNothing() throws IOException {
        Path journal = dir.resolve("journal");
        Files.createDirectories(journal);
        DateTimeFormatter day = DateTimeFormatter.ofPattern("yyyyMMdd", Locale.ROOT);
        for (LocalDate d = LocalDate.of(2026, 11, 1); d.isBefore(LocalDate.of(2026, 11, 30)); d = d.plusDays(1)) {
            Files.createDirectories(journal.resolve(day.format(d) + "F.seal.new"));
        }
        String why;
        EngineState live;
        try (JournalSink sink = JournalSink.batched(journal, RuleSet.CURRENT, 2_000)) {
            StreamHost.play(sink, SealedDaysOfAJournalTest.stream());
            live = sink.engine().state();
            why = sink.engine().persistFailure();
        }
        assertNotNull(why, "the engine says a day file has no seal");
        assertTrue(why.startsWith("the day file 2026") && why.contains("could not be sealed") && why.contains("every open checks it whole"),
                why);
        try (Journal j = Journal.openReader(journal)) {
            assertTrue(j.notes().stream().anyMatch(n -> n.contains("have no seal")), j.notes()::toString);
            SameAnswers.check(Replay.full(j).state(), live);
            assertEquals(java.util.List.of(), j.sealProblems(), "no seal, nothing to compare: the days are walked");
        }
    }
}
