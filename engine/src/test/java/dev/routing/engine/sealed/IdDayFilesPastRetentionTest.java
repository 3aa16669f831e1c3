package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.projections.retention.Retention;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The folder beside the journal does not grow with history: at each day's first group the engine
 * deletes the day tables and logs of days retention let go a week before ({@link
 * IdDaySealer#KEPT_AFTER_RETENTION_DAYS}), and the sealed turn days of those days ({@link
 * TurnDaySealer}), keeps the days after, and leaves alone what is no day's file.
 */
class IdDayFilesPastRetentionTest {
    @TempDir
    Path dir;

    @Test
    void theFilesOfDaysPastRetentionAndAWeekAreDeletedAndNoOthers() throws IOException {
        Path journal = dir.resolve("journal");
        long today;
        try (JournalSink sink = JournalSink.batched(journal, RuleSet.CURRENT, 2_000)) {
            StreamHost.play(sink, StreamGenerator.threeLongDaysEndingInTheThird());
            today = Retention.day(sink.engine().state().clockMillis);
        }
        long nextDay = today + 1;
        long cutoff = Retention.keptFrom(nextDay) - IdDaySealer.KEPT_AFTER_RETENTION_DAYS;
        Path state = journal.resolve(IdDayFile.FOLDER);
        List<Path> past = List.of(IdDayFile.path(journal, "gone", cutoff - 1), IdDayLog.path(journal, "gone", cutoff - 1),
                IdDayFile.path(journal, "gone", cutoff - 40), KeptFile.path(journal, cutoff - 1, KeptFile.Of.TURNS),
                KeptFile.path(journal, cutoff - 40, KeptFile.Of.TURNS));
        List<Path> kept = List.of(IdDayFile.path(journal, "kept", cutoff), IdDayLog.path(journal, "kept", cutoff),
                state.resolve("ids-notaday-x.tbl"), state.resolve("notes.txt"), KeptFile.path(journal, cutoff, KeptFile.Of.TURNS),
                state.resolve("turns-notaday.tbl"));
        for (Path p : past) Files.write(p, new byte[] {1});
        for (Path p : kept) Files.write(p, new byte[] {1});

        try (JournalSink sink = JournalSink.batched(journal, RuleSet.CURRENT, 2_000)) {
            sink.restart(Instant.ofEpochMilli(nextDay * 86_400_000L + 3_600_000L));
        }
        for (Path p : past) assertFalse(Files.exists(p), p + " is of a day past retention and a week");
        for (Path p : kept) assertTrue(Files.exists(p), p + " is kept");
        assertTrue(sealedOn(state, today), "the day that just closed is sealed, not deleted");
        assertTrue(Files.exists(KeptFile.path(journal, today, KeptFile.Of.TURNS)), "the day that just closed has its turns sealed");
    }

    private static boolean sealedOn(Path state, long day) throws IOException {
        try (var files = Files.list(state)) {
            return files.anyMatch(f -> f.getFileName().toString().startsWith("ids-" + day + "-") && f.getFileName().toString().endsWith(".tbl"));
        }
    }
}
