package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.EngineStoppedException;
import dev.routing.engine.testing.Stderr;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.event.WakeQueued;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sealed day's file is mapped while the engine runs (docs/decisions/0011). Cut in place under it
 * (a copy over it, a tool), a lookup in {@code decide} faults on the mapping (SIGBUS, an
 * {@link InternalError}): the engine stops for good naming the fact, as for any decide that throws,
 * nothing of the fact is journaled, and opening again names the cut file and rebuilds its day from
 * the journal, answering as the heap fold does.
 */
class DayFileCutUnderALiveEngineTest {
    private static final List<String> IDS = List.of("x7", "x2999", "y1");

    @TempDir
    Path dir;

    @Test
    void aLookupFaultingOnACutDayFileStopsTheEngineAndTheNextOpenRebuildsTheDay() throws Exception {
        ReadingHost host = new ReadingHost(dir, 100_000);
        try {
            for (int i = 0; i < 3000; i++) host.read("a0", "x" + i); // a table of several pages
            host.days(1);
            host.read("a0", "y1");
            host.engine.checkpoint(); // names the sealed day: the next open maps its file
            List<Path> files = SealedDaysOfAJournalTest.dayFiles(dir);
            assertEquals(1, files.size(), "day 0 is sealed");
            try (FileChannel ch = FileChannel.open(files.get(0), StandardOpenOption.WRITE)) {
                // to nothing: a page the cut leaves part of reads as zeros, not a fault (see docs/durability.md)
                ch.truncate(0);
            }
            host.feed(new WakeQueued(host.tick(), "wz", "a0", "message", List.of("x7"), "c0", null, null, null, false));
            long journaled = host.engine.journal().lastIndex();
            EngineStoppedException stopped = assertThrows(EngineStoppedException.class,
                    () -> host.feed(new TurnStarted(host.tick(), "a0", List.of("wz"), List.of("x7"), null, false)));
            assertTrue(stopped.getMessage().contains("turn.started"), stopped.getMessage());
            assertTrue(host.engine.stopped() != null, "stopped for good");
            assertEquals(journaled, host.engine.journal().lastIndex(), "nothing of the fact journaled");
            assertThrows(EngineStoppedException.class, () -> host.read("a0", "y2"), "a later fact is refused, not decided on a state past the journal");

            String err = Stderr.of(() -> {
                host.restart();
                return null;
            });
            assertTrue(err.contains(files.get(0).toString()) && err.contains("cut short") && err.contains("is rebuilt from"), err);
            host.feed(new TurnStarted(host.tick(), "a0", List.of("wz"), List.of("x7"), null, false));
            String[] differs = new String[1];
            Stderr.of(() -> {
                differs[0] = host.differs(IDS);
                return null;
            });
            assertNull(differs[0]);
        } finally {
            host.close();
        }
    }
}
