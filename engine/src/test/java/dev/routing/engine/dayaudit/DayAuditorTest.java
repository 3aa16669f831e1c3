package dev.routing.engine.dayaudit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.store.Journal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host's day audits: each day its engine rolls is audited on the auditor's thread and persisted;
 * a day whose file the disk refuses is said; an open catches up the days before it that have none;
 * closing writes nothing of a day cut short.
 */
class DayAuditorTest {
    @TempDir
    Path dir;

    /** Three agents' long histories on four days, each a day after the one before; no restart. */
    private static List<Action> fourDays() {
        List<Action> s = new ArrayList<>();
        for (int d = 0; d < 4; d++) {
            s.add(new Action(Action.Kind.LONG_HISTORY, d % 3, d, 0));
            s.add(new Action(Action.Kind.CLOCK_JUMP, 0, 3, 0));
        }
        s.add(new Action(Action.Kind.CHANNEL_MESSAGE, 0, 1, 1));
        return s;
    }

    /** Plays the days with {@code auditor} told of each roll; returns the days the engine told, in order. */
    private List<Integer> play(Path journal, DayAuditor auditor) {
        List<Integer> told = Collections.synchronizedList(new ArrayList<>());
        try (JournalSink sink = JournalSink.batched(journal, RuleSet.V0_30_0, 500)) {
            sink.engine().whenADayRolls(day -> {
                told.add(day);
                auditor.rolled(day);
            });
            StreamHost.play(sink, fourDays());
        }
        return told;
    }

    /** The four days played with each day that rolls audited: a journal whose sealed days all have their audit. */
    private Path audited() {
        Path journal = dir.resolve("journal");
        try (DayAuditor auditor = new DayAuditor(journal, w -> { })) {
            play(journal, auditor);
            auditor.awaitIdle();
        }
        return journal;
    }

    /** The journal's newest day, the one being written. */
    private static int today(Path journal) {
        try (Journal j = Journal.openReader(journal)) {
            return Journal.cycleOf(j.lastIndex());
        }
    }

    @Test
    void eachDayTheEngineRollsIsToldOnceInOrderAndItsAuditPersisted() {
        Path journal = dir.resolve("journal");
        List<String> warned = Collections.synchronizedList(new ArrayList<>());
        List<Integer> told;
        try (DayAuditor auditor = new DayAuditor(journal, warned::add)) {
            told = play(journal, auditor);
            auditor.awaitIdle();
        }
        assertEquals(List.of(), warned);
        try (Journal j = Journal.openReader(journal)) {
            int first = Journal.cycleOf(j.firstIndex());
            int last = Journal.cycleOf(j.lastIndex());
            assertEquals(List.of(first, first + 1, first + 2, first + 3), told, "each day that rolled, once, in order");
            assertEquals(first + 4, last);
            for (int day : told) assertNotNull(DayAudit.read(j, day).summary(), "day " + day);
            assertTrue(DayAudit.read(j, last).missing(), "the day being written has none");
            // and the whole journal's audit carried to the end of each, each from the day before's
            for (int day : told) assertNotNull(WholeAudit.read(j, day).carried(), "the whole audit carried to day " + day);
            assertTrue(WholeAudit.read(j, last).missing());
        }
    }

    @Test
    void anOpenCarriesTheWholeAuditToTheNewestSealedDayWhenItsFileDoesNotRead() throws IOException {
        Path journal = audited();
        int last = today(journal);
        Path newest = WholeAudit.path(journal, last - 1);
        Files.write(newest, "RJCARRY1 not this".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        FileTime kept = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(WholeAudit.path(journal, last - 2), kept);
        List<String> warned = Collections.synchronizedList(new ArrayList<>());
        try (DayAuditor auditor = new DayAuditor(journal, warned::add)) {
            auditor.catchUp(last);
            auditor.awaitIdle();
        }
        assertEquals(List.of(), warned, "carried from the day before's, which reads");
        try (Journal j = Journal.openReader(journal)) {
            assertNotNull(WholeAudit.read(j, last - 1).carried());
        }
        assertEquals(kept, Files.getLastModifiedTime(WholeAudit.path(journal, last - 2)), "only the newest is what a whole audit reads");
        try (DayAuditor auditor = new DayAuditor(journal, warned::add)) {
            auditor.catchUp(last);
            auditor.awaitIdle();
        }
        assertEquals(List.of(), warned);
    }

    @Test
    void aDayWhoseFileTheDiskRefusesIsSaidAndTheOthersArePersisted() throws IOException {
        Path journal = dir.resolve("journal");
        List<String> warned = Collections.synchronizedList(new ArrayList<>());
        int refused = (int) java.time.LocalDate.of(2026, 11, 2).toEpochDay();
        Path taken = DayAudit.path(journal, refused).resolveSibling(DayAudit.path(journal, refused).getFileName() + ".tmp");
        Files.createDirectories(taken.resolve("held")); // where its file is written, taken: as a full disk refuses it
        try (DayAuditor auditor = new DayAuditor(journal, warned::add)) {
            List<Integer> told = play(journal, auditor);
            assertEquals(refused, told.get(0), "the stream starts on 2 November");
            auditor.awaitIdle();
        }
        assertEquals(1, warned.size(), warned::toString);
        assertTrue(warned.get(0).startsWith("the audit of day 2026-11-02T00:00:00Z could not be persisted (cannot write "), warned.get(0));
        assertTrue(warned.get(0).endsWith("an audit of that day reads the journal"), warned.get(0));
        try (Journal j = Journal.openReader(journal)) {
            assertTrue(DayAudit.read(j, refused).missing());
            assertNotNull(DayAudit.read(j, refused + 1).summary());
        }
    }

    @Test
    void anOpenCatchesUpTheSealedDaysWithNoAuditAndLeavesTheOthersAsTheyAre() throws IOException {
        Path journal = audited();
        int last = today(journal);
        Files.delete(DayAudit.path(journal, last - 1));
        Files.write(DayAudit.path(journal, last - 3), "RJAUDIT1 not this".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        FileTime kept = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(DayAudit.path(journal, last - 2), kept);
        byte[] keptBytes = Files.readAllBytes(DayAudit.path(journal, last - 2));
        try (DayAuditor auditor = new DayAuditor(journal, w -> { })) {
            auditor.catchUp(last);
            auditor.awaitIdle();
        }
        try (Journal j = Journal.openReader(journal)) {
            for (int day = last - 4; day < last; day++) assertNotNull(DayAudit.read(j, day).summary(), "day " + day);
        }
        assertEquals(kept, Files.getLastModifiedTime(DayAudit.path(journal, last - 2)), "a day whose audit reads is not written again");
        assertArrayEquals(keptBytes, Files.readAllBytes(DayAudit.path(journal, last - 2)));
    }

    @Test
    void aDayCutShortByCloseWritesNothingAndTheAuditorsThreadEnds() throws IOException {
        Path journal = audited();
        int day;
        try (Journal j = Journal.openReader(journal)) {
            day = Journal.cycleOf(j.firstIndex());
            Files.delete(DayAudit.path(journal, day));
            // what the auditor's progress does once it is closing
            assertThrows(CancellationException.class, () -> DayAudit.write(j, day, n -> {
                throw new CancellationException();
            }));
            assertFalse(Files.exists(DayAudit.path(journal, day)));
            assertFalse(Files.exists(DayAudit.path(journal, day).resolveSibling(DayAudit.path(journal, day).getFileName() + ".tmp")));
        }
        DayAuditor auditor = new DayAuditor(journal, w -> { });
        auditor.rolled(day);
        auditor.close();
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().equals("day-audit") && t.isAlive()),
                "closed: no auditor's thread left");
        try (Journal j = Journal.openReader(journal)) {
            DayAudit.Reading r = DayAudit.read(j, day);
            assertTrue(r.missing() || r.summary() != null, "none, or the whole file: " + r.why());
        }
    }

    @Test
    void awaitIdleAfterCloseReturns() {
        Path journal = audited();
        DayAuditor auditor = new DayAuditor(journal, w -> { });
        int first = (int) java.time.LocalDate.of(2026, 11, 2).toEpochDay();
        for (int i = 0; i < 20; i++) auditor.rolled(first + i % 3);
        auditor.close();
        assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), auditor::awaitIdle, "the days dropped at close are not waited for");
    }

    @Test
    void closingWhileDaysAreAuditedSaysNothing() throws InterruptedException {
        Path journal = audited();
        int first = (int) java.time.LocalDate.of(2026, 11, 2).toEpochDay();
        List<String> warned = Collections.synchronizedList(new ArrayList<>());
        // closed at moments spread over the audits: a stop is no failure to persist
        for (int delay : new int[] {0, 20, 50, 150, 300, 600}) {
            DayAuditor auditor = new DayAuditor(journal, warned::add);
            for (int i = 0; i < 6; i++) auditor.rolled(first + i % 4);
            Thread.sleep(delay);
            auditor.close();
        }
        assertEquals(List.of(), warned);
        try (Journal j = Journal.openReader(journal)) {
            for (int day = first; day < first + 4; day++) {
                DayAudit.Reading r = DayAudit.read(j, day);
                assertTrue(r.summary() != null, "each day's file is whole, never half: " + r.why());
            }
        }
    }

    @Test
    void aCatchUpPastAFileNoReadHoldsWritesThatDayAndTheOlderOnes() throws IOException {
        Path journal = audited();
        int last = today(journal);
        try (java.io.RandomAccessFile huge = new java.io.RandomAccessFile(DayAudit.path(journal, last - 1).toFile(), "rw")) {
            huge.setLength(3L << 30); // sparse
        }
        for (int day = last - 4; day < last - 1; day++) Files.delete(DayAudit.path(journal, day));
        List<String> warned = Collections.synchronizedList(new ArrayList<>());
        try (DayAuditor auditor = new DayAuditor(journal, warned::add)) {
            auditor.catchUp(last);
            auditor.awaitIdle();
        }
        assertEquals(List.of(), warned);
        try (Journal j = Journal.openReader(journal)) {
            for (int day = last - 4; day < last; day++) assertNotNull(DayAudit.read(j, day).summary(), "day " + day);
        }
    }

    @Test
    void aDayHandedOverThatIsNotSealedIsSaidAndNotPersisted() {
        Path journal = audited();
        int today = today(journal);
        List<String> warned = Collections.synchronizedList(new ArrayList<>());
        try (DayAuditor auditor = new DayAuditor(journal, warned::add)) {
            auditor.rolled(today);
            auditor.awaitIdle();
        }
        assertEquals(List.of("the audit of day " + DayAudit.start(today) + " is not persisted: the day " + today + " is not sealed"), warned);
        assertFalse(Files.exists(DayAudit.path(journal, today)));
    }

    @Test
    void anOpenLooksBackAWeekAndNoFurther() throws IOException {
        Path journal = dir.resolve("journal");
        List<Action> tenDays = new ArrayList<>();
        tenDays.add(new Action(Action.Kind.LONG_HISTORY, 0, 0, 0));
        for (int d = 0; d < 10; d++) {
            tenDays.add(new Action(Action.Kind.CLOCK_JUMP, 0, 3, 0));
            tenDays.add(new Action(Action.Kind.CHANNEL_MESSAGE, 0, 1, 1));
        }
        try (JournalSink sink = JournalSink.batched(journal, RuleSet.V0_30_0, 500)) {
            StreamHost.play(sink, tenDays);
        }
        int last;
        try (Journal j = Journal.openReader(journal)) {
            last = Journal.cycleOf(j.lastIndex());
            assertEquals(Journal.cycleOf(j.firstIndex()) + 10, last, "eleven day files");
        }
        try (DayAuditor auditor = new DayAuditor(journal, w -> { })) {
            auditor.catchUp(last);
            auditor.awaitIdle();
        }
        try (Journal j = Journal.openReader(journal)) {
            for (int day = last - DayAuditor.LOOK_BACK; day < last; day++) assertNotNull(DayAudit.read(j, day).summary(), "day " + day);
            assertTrue(DayAudit.read(j, last - DayAuditor.LOOK_BACK - 1).missing(), "the eighth day back is left to audit-days");
        }
    }
}
