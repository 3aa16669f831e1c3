package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.sealed.IdDayFile;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.SameAnswers;
import dev.routing.engine.testing.Sink;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import dev.routing.projections.privacy.ForgottenIds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The logs of today's ids (docs/decisions/0012) on a real 80 KiB tmpfs (root mounts it, as in CI;
 * elsewhere skipped, saying why) that fills while the engine runs, its journal on another disk: the
 * engine answers every fact, says the disk is full, and its checkpoints hold the ids they could not
 * log whole; every restore answers as the journal's full fold and verify passes. Once there is room
 * the next checkpoint writes the logs anew and names them.
 */
class IdDayLogsOnAFullDiskTest {
    @TempDir
    Path tmp;

    private Path disk;

    @BeforeEach
    void mountASmallDisk() throws IOException {
        disk = Files.createDirectory(tmp.resolve("disk"));
        Mounts.mount("-t", "tmpfs", "-o", "size=80k", "tmpfs", disk.toString());
    }

    @AfterEach
    void unmount() {
        Mounts.umount(disk);
    }

    @Test
    void logsThatDoNotFitLeaveTheirIdsInTheCheckpointAndAreWrittenAnewOnceThereIsRoom() throws IOException {
        Path journal = Files.createDirectory(tmp.resolve("journal"));
        Files.createSymbolicLink(journal.resolve(IdDayFile.FOLDER), disk);
        String[] said = {null};
        try (JournalSink inner = JournalSink.batched(journal, RuleSet.CURRENT, 500)) {
            Sink sink = new Sink() {
                @Override
                public List<Decision> accept(Fact fact) {
                    List<Decision> decisions = inner.accept(fact);
                    String why = inner.engine().persistFailure();
                    if (said[0] == null && why != null && why.contains("No space left on device")) said[0] = why;
                    return decisions;
                }

                @Override
                public List<Decision> restart(Instant at) {
                    return inner.restart(at);
                }
            };
            StreamHost.play(sink, StreamGenerator.threeLongDaysEndingInTheThird());
        }
        assertTrue(said[0] != null, "the engine said the disk is full: " + listing(disk));
        try (Journal j = Journal.openReader(journal)) {
            assertTrue(aCheckpointHoldsItsDaysWhole(j), "a checkpoint holds the ids it could not log");
            SameAnswers.restoredAndVerified(j);
        }

        Mounts.mount("-o", "remount,size=64m", disk.toString());
        try (JournalSink reopened = new JournalSink(journal, RuleSet.CURRENT, 500)) {
            reopened.engine().checkpoint();
        }
        try (Journal j = Journal.openReader(journal)) {
            EngineState newest = StateCodec.fromJson(j.newestCheckpointJson(Long.MAX_VALUE).checkpoint().state());
            for (ForgottenIds ids : newest.privacy.forgotten.values()) {
                assertTrue(ids.oldestDayOnHeap() == Long.MAX_VALUE || !ids.loggedDays().isEmpty(), "every day on the heap is named by its log");
            }
            assertEquals("", SameAnswers.restoredAndVerified(j), "the newest checkpoint reads through its logs");
        }
    }

    private static String listing(Path dir) {
        try (var files = Files.list(dir)) {
            return files.map(f -> f.getFileName() + " " + f.toFile().length()).toList().toString();
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static boolean aCheckpointHoldsItsDaysWhole(Journal j) {
        for (Journal.CheckpointAt cp = j.newestCheckpointJson(Long.MAX_VALUE); cp != null; cp = j.newestCheckpointJson(cp.index() - 1)) {
            EngineState state = StateCodec.fromJson(cp.checkpoint().state());
            for (ForgottenIds ids : state.privacy.forgotten.values()) {
                if (ids.oldestDayOnHeap() != Long.MAX_VALUE && ids.loggedDays().isEmpty()) return true;
            }
            if (cp.index() == 0) break;
        }
        return false;
    }
}
