package dev.routing.journal.store.internal;

import static dev.routing.journal.store.Entries.message;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import dev.routing.journal.store.JournalRecord;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer's open cuts a torn tail (an excerpt after the last acknowledged one that fails its
 * check) without Chronicle's recovery: the day file is rebuilt with the excerpts before it, whose
 * indexes stay, or moved aside when nothing in it is kept; and a cut killed at any step is finished
 * by the next open.
 */
class TailCutTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");

    @TempDir
    Path dir;

    @TempDir
    Path saved;

    @AfterEach
    void release() {
        BackgroundResourceReleaser.releasePendingResources();
    }

    /** Appends {@code last} after the tip was saved, then puts the tip back and zeroes the end of {@code last}'s excerpt. */
    private long tornAfter(List<Instant> before, Instant last) throws IOException {
        try (JournalWriter j = Journal.openWriter(dir)) {
            for (int i = 0; i < before.size(); i++) j.append(message(before.get(i), "m" + i));
        }
        Files.copy(dir.resolve(Tip.FILE), saved.resolve(Tip.FILE), StandardCopyOption.REPLACE_EXISTING);
        long torn;
        try (JournalWriter j = Journal.openWriter(dir)) {
            torn = j.append(message(last, "torn"));
        }
        BackgroundResourceReleaser.releasePendingResources();
        Files.copy(saved.resolve(Tip.FILE), dir.resolve(Tip.FILE), StandardCopyOption.REPLACE_EXISTING);
        Path file = dir.resolve(DayFiles.name(Journal.cycleOf(torn)));
        long used = used(file);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate(16), used - 16);
        }
        return torn;
    }

    private static long used(Path file) throws IOException {
        byte[] all = Files.readAllBytes(file);
        int n = all.length;
        while (n > 0 && all[n - 1] == 0) n--;
        return n;
    }

    private List<JournalRecord> readAll() {
        List<JournalRecord> all = new ArrayList<>();
        try (Journal j = Journal.openReader(dir)) {
            j.read(-1, all::add);
        }
        return all;
    }

    @Test
    void aTornExcerptInTheMiddleOfADayIsCutTheDayRebuiltWithItsIndexesAndAppendingGoesOnThere() throws IOException {
        List<Instant> times = List.of(T0, T0.plusSeconds(1), T0.plusSeconds(2));
        long torn = tornAfter(times, T0.plusSeconds(3));
        List<JournalRecord> before = readAll();
        assertEquals(3, before.size(), "a reader leaves the torn excerpt unread");

        try (JournalWriter j = Journal.openWriter(dir)) {
            assertNotNull(j.cut());
            assertTrue(j.cut().contains("1 excerpt(s)") && j.cut().contains(DayFiles.name(Journal.cycleOf(torn))), j.cut());
            assertEquals(before.get(2).index(), j.lastIndex());
            long next = j.append(message(T0.plusSeconds(4), "after"));
            assertEquals(torn, next, "the next excerpt takes the torn one's index");
        }
        List<JournalRecord> after = readAll();
        assertEquals(before, after.subList(0, 3), "every acknowledged excerpt, at its index");
        assertEquals(message(T0.plusSeconds(4), "after"), after.get(3).entry());
        assertTrue(Files.exists(dir.resolve(DayFiles.name(Journal.cycleOf(torn)) + ".torn-3")), "the file as it was is kept");
        assertFalse(Files.exists(dir.resolve(TailCut.WORK)));
    }

    @Test
    void aTornFirstExcerptOfANewDayIsCutTheDayFileMovedAsideAndTheNextWriteGoesToThatDayNotTheOneBefore() throws IOException {
        Instant nextDay = T0.plus(Duration.ofDays(1));
        long torn = tornAfter(List.of(T0, T0.plusSeconds(1)), nextDay);

        try (JournalWriter j = Journal.openWriter(dir)) {
            assertNotNull(j.cut());
            assertFalse(Files.exists(dir.resolve(DayFiles.name(Journal.cycleOf(torn)))), "moved aside");
            // an entry whose time is back on the first day still goes after the cut day's start
            long next = j.append(message(T0.plusSeconds(5), "after"));
            assertEquals(Journal.cycleOf(torn), Journal.cycleOf(next), "written at the cut day, not the closed day before it");
        }
        assertEquals(3, readAll().size());
    }

    @Test
    void aCutKilledAfterMovingTheDayAsideIsFinishedByTheNextWriterAndReadersReadMeanwhile() throws IOException {
        Instant nextDay = T0.plus(Duration.ofDays(1));
        long torn = tornAfter(List.of(T0, T0.plusSeconds(1)), nextDay);
        Path file = dir.resolve(DayFiles.name(Journal.cycleOf(torn)));
        // the cut's first step, and the kill before the writer refreshed Chronicle's listing
        Files.move(file, file.resolveSibling(file.getFileName() + ".torn-2"));

        assertEquals(2, readAll().size(), "a reader reads what is there");
        try (JournalWriter j = Journal.openWriter(dir)) {
            j.append(message(nextDay.plusSeconds(1), "after"));
        }
        assertEquals(3, readAll().size());
    }

    @Test
    void workLeftByACutKilledWhileRebuildingIsRemovedAndTheCutDoneAgain() throws IOException {
        long torn = tornAfter(List.of(T0, T0.plusSeconds(1)), T0.plusSeconds(2));
        Path work = Files.createDirectories(dir.resolve(TailCut.WORK));
        Files.writeString(work.resolve(DayFiles.name(Journal.cycleOf(torn))), "half a rebuilt day file");

        try (JournalWriter j = Journal.openWriter(dir)) {
            assertNotNull(j.cut());
            assertEquals(torn, j.append(message(T0.plusSeconds(3), "after")));
        }
        assertFalse(Files.exists(work));
        assertEquals(3, readAll().size());
    }
}
