package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.JournalCopy;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.SameAnswers;
import dev.routing.engine.testing.Sink;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.codec.CheckpointJson;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import dev.routing.projections.privacy.ForgottenIds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The days of ids on the heap are logged beside the journal at each state checkpoint, and the
 * checkpoint names them by their logs' prefixes (docs/decisions/0012): every reader restores through
 * them, and through the tables of days sealed since (which hold their logs, the logs deleted), so
 * the restored record answers as the journal's full fold and verify compares every checkpoint. A
 * log missing, cut, changed or of another journal is named on stderr and its day rebuilt from the
 * journal; what a writer killed before its checkpoint left past the named prefix is never read, and
 * cut by the next append.
 */
class LoggedDaysOfAJournalTest {
    @TempDir
    Path dir;
    private Path journal;
    private Path otherJournal;

    // built for each test, not once for the class: PIT links no test to what a @BeforeAll runs
    // (pitest issues 1026, 1081), so the sealing and logging it does would meet no test
    @BeforeEach
    void journalsOfTheSameStream() {
        journal = dir.resolve("journal");
        otherJournal = dir.resolve("other");
        for (Path p : List.of(journal, otherJournal)) {
            try (JournalSink sink = JournalSink.batched(p, RuleSet.CURRENT, 2_000)) {
                StreamHost.play(sink, StreamGenerator.threeLongDaysEndingInTheThird());
            }
        }
    }


    @Test
    void todaysIdsAreLoggedAndEveryCheckpointRestoresThroughLogsAndTablesAsTheFullFold() {
        List<Path> logs = files(journal, ".log");
        assertFalse(logs.isEmpty(), "today's ids are logged");
        for (Path log : logs) {
            assertFalse(Files.exists(log.resolveSibling(log.getFileName().toString().replace(".log", ".tbl"))),
                    "a sealed day's log is deleted once its table holds it: " + log);
        }
        try (Journal j = Journal.openReader(journal)) {
            assertTrue(namedLogs(j, j.newestCheckpointJson(Long.MAX_VALUE).checkpoint()).size() > 0, "the newest checkpoint names logs");
            assertTrue(aCheckpointNamesALogSinceDeleted(j), "an older checkpoint names a day whose log its table now holds");
            String err = SameAnswers.restoredAndVerified(j);
            assertEquals("", err, "every checkpoint read and compared, nothing to say");
        }
    }

    @Test
    void aMissingLogIsNamedAndItsDayRebuiltFromTheJournal() throws IOException {
        faulted("missing", Files::delete, "missing");
    }

    @Test
    void aLogCutShortIsNamedAndItsCheckpointRebuiltFromTheOneBeforeWhosePrefixItStillHolds() throws IOException {
        String err = faulted("cut", f -> {
            try (var ch = java.nio.channels.FileChannel.open(f, StandardOpenOption.WRITE)) {
                ch.truncate(ch.size() - 5); // what a power loss may take of a log that is not forced
            }
        }, "cut short");
        try (Journal j = Journal.openReader(journal)) {
            long before = j.newestCheckpointJson(j.newestCheckpointJson(Long.MAX_VALUE).index() - 1).index();
            assertTrue(err.contains("is rebuilt from the checkpoint at index 0x" + Long.toHexString(before) + "\n"), err);
        }
    }

    @Test
    void aLogWithAByteChangedIsNamedAndItsDayRebuiltFromTheJournal() throws IOException {
        faulted("flipped", f -> {
            byte[] b = Files.readAllBytes(f);
            b[b.length - 3] ^= 0x10;
            Files.write(f, b);
        }, "checksum fails");
    }

    @Test
    void aLogOfAnotherJournalIsNamedAndItsDayRebuiltFromTheJournal() throws IOException {
        faulted("foreign", f -> Files.copy(otherJournal.resolve(IdDayFile.FOLDER).resolve(f.getFileName()), f,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING), "of another journal");
    }

    @Test
    void whatAKilledWriterLeftPastTheNamedPrefixIsNeverReadAndTheNextAppendCutsIt() throws IOException {
        Path killed = dir.resolve("killed");
        List<Path> junked = new ArrayList<>();
        try (JournalSink inner = JournalSink.batched(killed, RuleSet.CURRENT, 2_000)) {
            Sink sink = new Sink() {
                @Override
                public List<Decision> accept(Fact fact) {
                    return inner.accept(fact);
                }

                @Override
                public List<Decision> restart(Instant at) {
                    inner.engine().checkpoint(); // names the logs as they stand
                    for (Path log : files(killed, ".log")) {
                        // what a writer killed after its next appends, before their checkpoint, left: more than it
                        // appends after the restart, not even entries
                        try {
                            byte[] left = new byte[1 << 20];
                            java.util.Arrays.fill(left, (byte) 0xFF);
                            Files.write(log, left, StandardOpenOption.APPEND);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                        junked.add(log);
                    }
                    return inner.restart(at);
                }
            };
            List<dev.routing.engine.testing.Action> days = new ArrayList<>(StreamGenerator.threeLongDaysEndingInTheThird());
            days.add(new dev.routing.engine.testing.Action(dev.routing.engine.testing.Action.Kind.RESTART, 0, 0, 0));
            days.add(new dev.routing.engine.testing.Action(dev.routing.engine.testing.Action.Kind.LONG_HISTORY, 2, 3, 0));
            StreamHost.play(sink, days);
            inner.engine().checkpoint();
        }
        assertFalse(junked.isEmpty(), "a log stood at the restart");
        try (Journal j = Journal.openReader(killed)) {
            for (Map.Entry<String, ForgottenIds.LoggedDay> named : namedLogs(j, j.newestCheckpointJson(Long.MAX_VALUE).checkpoint())) {
                Path log = IdDayLog.path(killed, named.getKey(), named.getValue().day());
                assertEquals(IdDayLog.headerLength(named.getKey()) + named.getValue().length(), Files.size(log),
                        "the next append cut what the killed writer left: " + log);
            }
        }
        try (Journal j = Journal.openReader(killed)) {
            String err = SameAnswers.restoredAndVerified(j);
            assertEquals("", err, "every checkpoint, before the restart and after it, read through the logs");
        }
    }

    /** The newest log the journal's newest checkpoint names, damaged in a copy: restore names it and answers as the full fold. */
    private String faulted(String name, SealedDaysOfAJournalTest.Fault fault, String said) throws IOException {
        Path copy = JournalCopy.of(journal, dir.resolve(name));
        Path victim = newestNamed(copy);
        fault.apply(victim);
        try (Journal j = Journal.openReader(copy)) {
            String err = SameAnswers.restoredAndVerified(j);
            assertTrue(err.contains(victim.toString()) && err.contains(said) && err.contains("is rebuilt from"), err);
            return err;
        }
    }

    /** The log of the newest day the journal's newest checkpoint names by its log. */
    private static Path newestNamed(Path journalDir) {
        try (Journal j = Journal.openReader(journalDir)) {
            Map.Entry<String, ForgottenIds.LoggedDay> newest = null;
            for (Map.Entry<String, ForgottenIds.LoggedDay> e : namedLogs(j, j.newestCheckpointJson(Long.MAX_VALUE).checkpoint())) {
                if (newest == null || e.getValue().day() > newest.getValue().day()
                        || e.getValue().day() == newest.getValue().day() && e.getValue().length() > newest.getValue().length()) {
                    newest = e;
                }
            }
            assertTrue(newest != null, "the newest checkpoint names a log");
            return IdDayLog.path(journalDir, newest.getKey(), newest.getValue().day());
        }
    }

    private static List<Map.Entry<String, ForgottenIds.LoggedDay>> namedLogs(Journal j, CheckpointJson checkpoint) {
        EngineState state = StateCodec.fromJson(checkpoint.state());
        List<Map.Entry<String, ForgottenIds.LoggedDay>> out = new ArrayList<>();
        state.privacy.forgotten.forEach((agent, ids) -> ids.loggedDays().forEach(d -> {
            if (d.length() > 0) out.add(Map.entry(agent, d));
        }));
        return out;
    }

    private static boolean aCheckpointNamesALogSinceDeleted(Journal j) {
        for (Journal.CheckpointAt cp = j.newestCheckpointJson(Long.MAX_VALUE); cp != null; cp = cp.index() == 0 ? null : j.newestCheckpointJson(cp.index() - 1)) {
            for (Map.Entry<String, ForgottenIds.LoggedDay> named : namedLogs(j, cp.checkpoint())) {
                if (!Files.exists(IdDayLog.path(j.dir(), named.getKey(), named.getValue().day()))
                        && Files.exists(IdDayFile.path(j.dir(), named.getKey(), named.getValue().day()))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<Path> files(Path journalDir, String suffix) {
        try (Stream<Path> files = Files.list(journalDir.resolve(IdDayFile.FOLDER))) {
            return files.filter(f -> f.getFileName().toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
