package dev.routing.journal.store;

import static dev.routing.journal.store.Entries.checkpoint;
import static dev.routing.journal.store.Entries.message;
import static dev.routing.journal.store.Entries.publish;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.event.Entry;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.faults.JournalLockedException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalTest {
    /** A Monday, UTC midnight. */
    private static final Instant T0 = Instant.parse("2026-11-02T00:00:00Z");
    private static final Duration DAY = Duration.ofDays(1);

    @TempDir
    Path dir;

    @TempDir
    Path logs;

    private final List<Journal> open = new ArrayList<>();

    @AfterEach
    void closeAll() {
        for (Journal j : open) j.close();
        BackgroundResourceReleaser.releasePendingResources();
    }

    private JournalWriter writer() {
        JournalWriter j = Journal.openWriter(dir);
        open.add(j);
        return j;
    }

    private Journal reader() {
        Journal j = Journal.openReader(dir);
        open.add(j);
        return j;
    }

    private void close(Journal j) {
        j.close();
        open.remove(j);
    }

    private static List<JournalRecord> readAll(Journal j) {
        List<JournalRecord> all = new ArrayList<>();
        j.read(Long.MIN_VALUE, all::add);
        return all;
    }

    private static List<JournalRecord> read(Journal j, long from, long to) {
        List<JournalRecord> all = new ArrayList<>();
        j.read(from, to, all::add);
        return all;
    }

    private List<String> dailyFiles() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".cq4")).sorted().toList();
        }
    }

    private static AssertionError withSeed(long seed, Throwable t) {
        return new AssertionError("seed " + seed + " (rerun with it to reproduce): " + t.getMessage(), t);
    }

    // ---- appending and reading ---------------------------------------------------------------

    @Test
    void appendReturnsIncreasingIndexesAndEachReadsBack() {
        JournalWriter j = writer();
        assertEquals(-1, j.lastIndex());
        List<Entry> written = new ArrayList<>();
        long previous = -1;
        for (int i = 0; i < 30; i++) {
            Entry e = i % 5 == 4 ? publish(T0.plusSeconds(i * 3_600L), i) : message(T0.plusSeconds(i * 3_600L), "m" + i);
            long index = j.append(e);
            assertTrue(index > previous, "index " + index + " after " + previous);
            assertEquals(index, j.lastIndex());
            assertEquals(e, j.entryAt(index));
            previous = index;
            written.add(e);
        }
        assertEquals(written, readAll(j).stream().map(JournalRecord::entry).toList());
        assertNull(j.entryAt(j.lastIndex() + 1));
    }

    @Test
    void entryAtAnIndexThatHoldsNoEntryIsNull() {
        JournalWriter j = writer();
        assertNull(j.entryAt(0));
        long first = j.append(message(T0, "m0"));
        long last = j.append(message(T0.plus(DAY.multipliedBy(3)), "m1")); // two days with no file between
        assertNull(j.entryAt(first + 1), "past the end of its day");
        assertNull(j.entryAt(first + (1L << 32)), "a day with no file");
        assertNull(j.entryAt(first - (1L << 32)), "a day before the first");
        assertNull(j.entryAt(last + 1));
        assertNull(j.entryAt(-1));
        assertEquals(message(T0.plus(DAY.multipliedBy(3)), "m1"), j.entryAt(last));
    }

    @Test
    void aGroupIsOneIndexItsEntriesInOrderAtPositions() {
        JournalWriter j = writer();
        long first = j.append(message(T0, "m0"));
        List<Entry> group = List.of(message(T0.plusMillis(1), "m1"), publish(T0.plusMillis(2), 1),
                message(T0.plusMillis(3), "m2"));
        long index = j.append(group);
        assertEquals(j.lastIndex(), index);
        assertTrue(index > first);
        List<JournalRecord> all = readAll(j);
        assertEquals(4, all.size());
        assertEquals(new JournalRecord(first, 0, message(T0, "m0")), all.get(0));
        assertEquals(group, all.subList(1, 4).stream().map(JournalRecord::entry).toList());
        assertEquals(List.of(index, index, index), all.subList(1, 4).stream().map(JournalRecord::index).toList());
        assertEquals(List.of(0, 1, 2), all.subList(1, 4).stream().map(JournalRecord::position).toList());
        assertEquals(group.get(0), j.entryAt(index), "a group's entry at its index is its first");
        assertEquals(4, j.countBetween(first, index + 1), "entries, not groups");
        assertEquals(3, j.countBetween(index, index + 1));
        assertEquals(4, j.entryCount());
        assertEquals(-1, j.append(List.of()), "an empty group appends nothing");
        assertEquals(index, j.lastIndex());
    }

    @Test
    void readsFromTheStartFromAnIndexAndARange() {
        JournalWriter j = writer();
        List<Long> indexes = new ArrayList<>();
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            Entry e = message(T0.plus(DAY.multipliedBy(i / 4)).plusSeconds(i), "m" + i); // 3 days, 4 a day
            entries.add(e);
            indexes.add(j.append(e));
        }
        assertEquals(entries, readAll(j).stream().map(JournalRecord::entry).toList());
        assertEquals(indexes, readAll(j).stream().map(JournalRecord::index).toList());
        List<JournalRecord> fromStart = new ArrayList<>();
        j.read(j.firstIndex(), fromStart::add);
        assertEquals(readAll(j), fromStart);

        for (int from = 0; from < 12; from++) {
            List<JournalRecord> tail = new ArrayList<>();
            j.read(indexes.get(from), tail::add);
            assertEquals(indexes.subList(from, 12), tail.stream().map(JournalRecord::index).toList(), "from " + from);
            for (int to = from; to <= 12; to++) {
                long toIndex = to == 12 ? j.lastIndex() + 1 : indexes.get(to);
                List<JournalRecord> range = read(j, indexes.get(from), toIndex);
                assertEquals(entries.subList(from, to), range.stream().map(JournalRecord::entry).toList(),
                        "[" + from + ", " + to + ")");
            }
        }
        // [from, to) where `to` is no entry's index: past the end of a day, or of the journal
        long pastDayOne = indexes.get(3) + 1;
        assertEquals(entries.subList(0, 4), read(j, Long.MIN_VALUE, pastDayOne).stream().map(JournalRecord::entry).toList());
        assertEquals(entries.subList(4, 12), read(j, pastDayOne, Long.MAX_VALUE).stream().map(JournalRecord::entry).toList(),
                "from the index after a day's last entry, reading continues at the next day");
        assertTrue(read(j, j.lastIndex() + 1, Long.MAX_VALUE).isEmpty());
        assertTrue(read(j, indexes.get(5), indexes.get(5)).isEmpty());
    }

    @Test
    void countBetweenAndScanRawAgreeWithRead() {
        JournalWriter j = writer();
        List<Long> indexes = new ArrayList<>();
        for (int i = 0; i < 9; i++) indexes.add(j.append(message(T0.plus(DAY.multipliedBy(i / 3)), "m" + i)));
        assertEquals(9, j.countBetween(j.firstIndex(), j.lastIndex() + 1));
        assertEquals(4, j.countBetween(indexes.get(2), indexes.get(6)));
        long[] bytes = new long[1];
        assertEquals(9, j.scanRaw(Long.MIN_VALUE, bytes));
        assertTrue(bytes[0] > 9 * 50, "json bytes " + bytes[0]);
        assertEquals(5, j.scanRaw(indexes.get(4), null));
    }

    @Test
    void reopeningKeepsEveryEntryAndAppendingContinues() {
        JournalWriter first = writer();
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            entries.add(i % 3 == 0 ? publish(T0.plusSeconds(i * 20_000L), i) : message(T0.plusSeconds(i * 20_000L), "m" + i));
            first.append(entries.get(i));
        }
        long last = first.lastIndex();
        List<JournalRecord> before = readAll(first);
        close(first);

        JournalWriter again = writer();
        assertEquals(last, again.lastIndex());
        assertEquals(before, readAll(again));
        Entry next = message(T0.plusSeconds(10 * 20_000L), "m10");
        long index = again.append(next);
        assertTrue(index > last);
        assertEquals(next, again.entryAt(index));
        close(again);

        Journal readOnly = reader();
        assertEquals(index, readOnly.lastIndex());
        assertEquals(11, readAll(readOnly).size());
        // a reader has no append: the write is refused by its type, before anything runs
    }

    @Test
    void aReaderReadsToTheEndItFoundAtItsOpenBesideALiveWriter() {
        JournalWriter w = writer();
        w.append(message(T0, "m0"));
        Journal r = reader();
        assertEquals(1, readAll(r).size());
        w.append(message(T0.plusSeconds(5), "m1"));
        w.append(message(T0.plus(DAY), "m2"));
        w.append(publish(T0.plus(DAY.multipliedBy(2)), 1));
        assertEquals(List.of("message.received"), readAll(r).stream().map(rec -> rec.entry().type()).toList(),
                "one consistent journal: what it found at its open");
        assertEquals(readAll(r).get(0).index(), r.lastIndex());
        assertEquals(1, r.entryCount());
        Journal later = reader();
        assertEquals(List.of("message.received", "message.received", "message.received", "publish.requested"),
                readAll(later).stream().map(rec -> rec.entry().type()).toList());
        assertEquals(w.lastIndex(), later.lastIndex());
    }

    // ---- daily files and time ----------------------------------------------------------------

    @Test
    void J5_aSimulatedWeekMakesExactlySevenDailyFiles() throws IOException {
        JournalWriter j = writer();
        for (int day = 0; day < 7; day++) {
            for (int k = 0; k < 5; k++) {
                j.append(message(T0.plus(DAY.multipliedBy(day)).plusSeconds(k * 17_000L), "d" + day + "k" + k));
            }
        }
        close(j);
        BackgroundResourceReleaser.releasePendingResources();
        List<String> files = dailyFiles();
        assertEquals(7, files.size(), files.toString());
        assertEquals("20261102F.cq4", files.get(0));
        assertEquals("20261108F.cq4", files.get(6));

        Journal reopened = reader();
        TreeSet<Integer> cycles = new TreeSet<>();
        readAll(reopened).forEach(r -> cycles.add(Journal.cycleOf(r.index())));
        assertEquals(7, cycles.size());
        assertEquals(6, cycles.last() - cycles.first(), "consecutive days");
        assertEquals(7, dailyFiles().size(), "reading creates no file");
    }

    /** A journal over days with gaps, entries at random times (some equal), for time searches. */
    private List<JournalRecord> journalOverDaysWithGaps(JournalWriter j, Random random, boolean checkpoints) {
        int[] days = {0, 1, 2, 4, 5, 8, 9};
        int n = 0;
        for (int day : days) {
            int count = 1 + random.nextInt(6);
            List<Long> times = new ArrayList<>();
            for (int k = 0; k < count; k++) times.add((long) random.nextInt(86_400_000));
            if (random.nextBoolean()) times.add(0L);
            if (random.nextBoolean()) times.add(86_399_999L);
            if (random.nextBoolean()) times.add(times.get(0));
            times.sort(null);
            for (long t : times) {
                Instant at = T0.plus(DAY.multipliedBy(day)).plusMillis(t);
                if (checkpoints && random.nextInt(4) == 0) j.append(checkpoint(at, j.lastIndex()));
                j.append(message(at, "m" + n++));
            }
        }
        return readAll(j);
    }

    private static long linearIndexAt(List<JournalRecord> all, List<Long> times, long target, long last) {
        for (int i = 0; i < all.size(); i++) if (times.get(i) >= target) return all.get(i).index();
        return last + 1;
    }

    @Test
    void J5_indexAtFindsTheFirstEntryAtOrAfterAnInstantAcrossDays() {
        long seed = System.nanoTime();
        try {
            Random random = new Random(seed);
            JournalWriter j = writer();
            List<JournalRecord> all = journalOverDaysWithGaps(j, random, false);
            List<Long> times = all.stream().map(r -> r.entry().at().toEpochMilli()).toList();
            long last = j.lastIndex();

            List<Instant> probes = new ArrayList<>(List.of(Instant.EPOCH, T0.minus(DAY.multipliedBy(400)),
                    T0.minusMillis(1), T0, T0.plus(DAY.multipliedBy(3)), T0.plus(DAY.multipliedBy(3)).plusSeconds(4_000),
                    T0.plus(DAY.multipliedBy(6)), T0.plus(DAY.multipliedBy(7)).minusMillis(1),
                    T0.plus(DAY.multipliedBy(10)), T0.plus(DAY.multipliedBy(500))));
            for (long t : times) {
                probes.add(Instant.ofEpochMilli(t));
                probes.add(Instant.ofEpochMilli(t - 1));
                probes.add(Instant.ofEpochMilli(t + 1));
            }
            for (int day = -1; day <= 11; day++) probes.add(T0.plus(DAY.multipliedBy(day)));
            for (int i = 0; i < 150; i++) {
                probes.add(T0.minus(DAY).plusMillis((long) (random.nextDouble() * 12 * 86_400_000L)));
            }
            for (Instant probe : probes) {
                assertEquals(linearIndexAt(all, times, probe.toEpochMilli(), last), j.indexAt(probe), "indexAt(" + probe + ")");
            }
        } catch (AssertionError | RuntimeException e) {
            throw withSeed(seed, e);
        }
    }

    @Test
    void J5_indexAtOnAnEmptyJournalAndAtTheEndsOfTime() {
        JournalWriter j = writer();
        assertEquals(0, j.indexAt(T0));
        long first = j.append(message(T0.plusSeconds(60), "m0"));
        long last = j.append(message(T0.plus(DAY), "m1"));
        assertEquals(first, j.indexAt(Instant.MIN));
        assertEquals(last + 1, j.indexAt(Instant.MAX));
        assertEquals(first, j.indexAt(Instant.EPOCH));
        assertEquals(last, j.indexAt(T0.plusSeconds(61)));
    }

    @Test
    void J5_entriesWhoseTimeGoesBackwardsAreAppendedAndIndexAtStaysConsistent() throws IOException {
        long[] offsetsMinutes = {600, 540, 24 * 60 + 60, 23 * 60, 24 * 60 + 30, 48 * 60 + 300, 48 * 60 + 300,
            24 * 60 + 720, 10, 48 * 60 + 301};
        JournalWriter j = writer();
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < offsetsMinutes.length; i++) {
            Entry e = message(T0.plus(Duration.ofMinutes(offsetsMinutes[i])), "m" + i);
            entries.add(e);
            j.append(e);
            if (i == 6) { // a restart in the middle must not forget how far journal time has gone
                close(j);
                j = writer();
            }
        }
        List<JournalRecord> all = readAll(j);
        assertEquals(entries, all.stream().map(JournalRecord::entry).toList(), "entries keep their own `at`");

        List<Long> clamped = new ArrayList<>();
        long max = Long.MIN_VALUE;
        for (Entry e : entries) {
            max = Math.max(max, e.at().toEpochMilli());
            clamped.add(max);
        }
        for (int i = 0; i < all.size(); i++) {
            assertEquals(Math.floorDiv(clamped.get(i), 86_400_000L), Journal.cycleOf(all.get(i).index()),
                    "entry " + i + " is filed under its journal time's day");
        }
        long last = j.lastIndex();
        long previous = -1;
        for (long t = T0.toEpochMilli() - 60_000; t < T0.plus(DAY.multipliedBy(4)).toEpochMilli(); t += 37 * 60_000) {
            long index = j.indexAt(Instant.ofEpochMilli(t));
            assertEquals(linearIndexAt(all, clamped, t, last), index, "indexAt(" + Instant.ofEpochMilli(t) + ")");
            assertTrue(index >= previous, "indexAt is monotonic in time");
            previous = index;
        }
        for (long t : clamped) assertEquals(linearIndexAt(all, clamped, t, last), j.indexAt(Instant.ofEpochMilli(t)));
        close(j);
        assertEquals(3, dailyFiles().size(), dailyFiles().toString());
    }

    // ---- checkpoints -------------------------------------------------------------------------

    @Test
    void newestCheckpointFindsTheNewestAtOrBeforeAnIndex() {
        long seed = System.nanoTime();
        try {
            Random random = new Random(seed);
            JournalWriter j = writer();
            assertNull(j.newestCheckpoint(Long.MAX_VALUE), "an empty journal has none");
            j.append(message(T0.minus(DAY), "early"));
            List<JournalRecord> all = journalOverDaysWithGaps(j, random, true);
            // the first checkpoint comes after the first entry, so some indexes have none before them
            assertFalse(all.get(0).entry() instanceof StateCheckpoint);

            TreeSet<Long> probes = new TreeSet<>();
            for (JournalRecord r : all) {
                probes.add(r.index());
                probes.add(r.index() + 1); // past a day's last entry: no entry has that index
                probes.add(r.index() - 1);
            }
            for (int day = -3; day <= 12; day++) {
                int cycle = (int) (T0.getEpochSecond() / 86_400) + day;
                probes.add((long) cycle << 32);
                probes.add(((long) cycle << 32) + 1_000);
            }
            probes.add(Long.MAX_VALUE);
            probes.add(0L);
            probes.add(-1L);
            for (long probe : probes) {
                JournalRecord expected = null;
                for (JournalRecord r : all) {
                    if (r.index() <= probe && r.entry() instanceof StateCheckpoint) expected = r;
                }
                JournalRecord found = j.newestCheckpoint(probe);
                assertEquals(expected, found, "newestCheckpoint(" + Long.toHexString(probe) + ")");
            }
        } catch (AssertionError | RuntimeException e) {
            throw withSeed(seed, e);
        }
    }

    @Test
    void newestCheckpointIsNullWhenThereIsNone() {
        JournalWriter j = writer();
        for (int i = 0; i < 5; i++) j.append(message(T0.plus(DAY.multipliedBy(i)), "m" + i));
        assertNull(j.newestCheckpoint(j.lastIndex()));
        assertNull(j.newestCheckpoint(Long.MAX_VALUE));
        long at = j.append(checkpoint(T0.plus(DAY.multipliedBy(5)), j.lastIndex()));
        j.append(message(T0.plus(DAY.multipliedBy(5)), "m5"));
        assertNull(j.newestCheckpoint(at - 1));
        JournalRecord found = j.newestCheckpoint(j.lastIndex());
        assertNotNull(found);
        assertEquals(at, found.index());
    }

    // ---- opening -----------------------------------------------------------------------------

    @Test
    void openReaderOnAMissingDirectoryThrows() {
        assertThrows(IllegalArgumentException.class, () -> Journal.openReader(dir.resolve("nothing-here")));
        assertThrows(IllegalArgumentException.class, () -> Journal.openReader(dir), "an empty directory is no journal");
        assertFalse(Files.exists(dir.resolve("nothing-here")), "a reader creates nothing");
        assertFalse(Journal.exists(dir));
        writer();
        assertTrue(Journal.exists(dir));
    }

    @Test
    void aSecondWriterInTheSameProcessIsRefusedAtOnce() {
        JournalWriter first = writer();
        first.append(message(T0, "m0"));
        JournalLockedException e = assertThrows(JournalLockedException.class, () -> Journal.openWriter(dir));
        assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
        assertThrows(JournalLockedException.class, () -> Journal.openWriter(dir), "and again");
        first.append(message(T0.plusSeconds(1), "m1"));
        assertEquals(2, readAll(first).size(), "the first writer goes on as if nothing happened");

        close(first);
        JournalWriter second = writer();
        second.append(message(T0.plusSeconds(2), "m2"));
        assertEquals(3, readAll(second).size());
    }

    /** Runs {@link OpenWriterProbe} on {@code dir}: its exit code, and its stdout then stderr. */
    private List<String> runProbe(Path dir, String id) throws Exception {
        Path stderr = Files.createTempFile(logs, "probe", ".err");
        Process p = ForkedJvm.of(OpenWriterProbe.class, dir.toString(), id, T0.plusSeconds(3_600).toString())
                .redirectError(stderr.toFile())
                .start();
        p.getOutputStream().close();
        // A generous bound that only stops a hung child from hanging the build; not a timing claim.
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("the second writer hung instead of failing: " + Files.readString(stderr));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        return List.of(String.valueOf(p.exitValue()), out, Files.readString(stderr));
    }

    @Test
    void aSecondWriterInAnotherProcessGetsTheClearErrorNotChroniclesTimeout() throws Exception {
        JournalWriter first = writer();
        first.append(message(T0, "m0"));
        List<String> refused = runProbe(dir, "from-child");
        assertEquals("3", refused.get(0), refused.get(1) + "\n" + refused.get(2));
        assertTrue(refused.get(1).startsWith("locked journal " + dir), refused.get(1));
        assertEquals(1, readAll(first).size(), "the child wrote nothing");

        close(first);
        List<String> accepted = runProbe(dir, "from-child");
        assertEquals("0", accepted.get(0), accepted.get(1) + "\n" + accepted.get(2));
        JournalWriter again = writer();
        List<JournalRecord> all = readAll(again);
        assertEquals(2, all.size());
        assertEquals("appended " + all.get(1).index(), accepted.get(1));
        assertEquals(message(T0.plusSeconds(3_600), "from-child"), all.get(1).entry());
    }

    /**
     * The writer's lock is on journal.tip, which readers read too: a reader in the writer's own JVM
     * reads it through the lock's channel, so its close drops no lock, and another process is still
     * refused.
     */
    @Test
    void aReaderInTheWritersJvmLeavesTheLockHeld() throws Exception {
        JournalWriter first = writer();
        first.append(message(T0, "m0"));
        try (Journal reader = Journal.openReader(dir)) {
            assertEquals(1, reader.entryCount());
        }
        List<String> refused = runProbe(dir, "from-child");
        assertEquals("3", refused.get(0), refused.get(1) + "\n" + refused.get(2));
        close(first);
    }

    /**
     * A reader thread in the writer's JVM that is interrupted while it reads: NIO closes a channel
     * read by an interrupted thread. Before, the reader read the tip through the writer's lock
     * channel, so the lock went with it (another process could open a second writer), and the reader
     * called the journal damaged. The reader now reads the writer's mapping of the tip, which no
     * interrupt closes, and stops at its first read of a day file saying it was interrupted.
     */
    @Test
    void anInterruptedReaderInTheWritersJvmLeavesTheLockHeldAndSaysItWasInterrupted() throws Exception {
        JournalWriter first = writer();
        first.append(message(T0, "m0"));
        RuntimeException[] failed = {null};
        Thread reader = new Thread(() -> {
            Thread.currentThread().interrupt();
            try (Journal r = Journal.openReader(dir)) {
                r.entryCount();
            } catch (RuntimeException e) {
                failed[0] = e;
            }
        });
        reader.start();
        reader.join();
        // the builds before this one lock writer.lock alone: without it, only the tip's lock refuses the child
        Files.delete(dir.resolve("writer.lock"));
        List<String> refused = runProbe(dir, "from-child");
        assertEquals("3", refused.get(0), "another process still finds the journal locked: " + refused.get(1) + "\n" + refused.get(2));
        assertTrue(failed[0] instanceof IllegalStateException && failed[0].getMessage().startsWith("interrupted while reading the day file"),
                () -> "the reader says it was interrupted, not that the journal is damaged: " + failed[0]);
        first.append(message(T0.plusSeconds(1), "m1"));
        assertEquals(2, readAll(first).size());
        close(first);
    }

    /**
     * POSIX record locks belong to the process: closing any descriptor of the lock file drops
     * them all. A refused second writer in the same JVM must not free the journal for a third.
     */
    @Test
    void aRefusedSecondWriterDoesNotUnlockTheJournalForAnotherProcess() throws Exception {
        JournalWriter first = writer();
        first.append(message(T0, "m0"));
        assertThrows(JournalLockedException.class, () -> Journal.openWriter(dir));
        List<String> probe = runProbe(dir, "intruder");
        assertEquals("3", probe.get(0), "another process still finds the journal locked: " + probe.get(1) + "\n" + probe.get(2));
        assertEquals(1, readAll(first).size());
    }

    // ---- durability --------------------------------------------------------------------------

    @Test
    void J3_durableEntriesAreSyncedBeforeAppendReturns() {
        JournalWriter j = writer();
        try (SingleChronicleQueue raw = SingleChronicleQueueBuilder.binary(dir.toFile()).build()) {
            long before = raw.lastIndexMSynced();
            long m = j.append(message(T0, "m0"));
            long p = j.append(publish(T0.plusSeconds(1), 1));
            assertTrue(raw.lastIndexMSynced() >= p, "publish.requested at " + Long.toHexString(p)
                    + " synced; lastIndexMSynced " + Long.toHexString(raw.lastIndexMSynced()) + " (before " + before + ")");
            assertTrue(p > m);

            long batchLast = j.append(List.of(message(T0.plusSeconds(2), "m1"), publish(T0.plusSeconds(3), 2),
                    message(T0.plusSeconds(4), "m2")));
            assertTrue(raw.lastIndexMSynced() >= batchLast, "a group commit syncs through its last entry");

            long nextDay = j.append(publish(T0.plus(DAY), 3));
            assertTrue(raw.lastIndexMSynced() >= nextDay, "also in a new day's file");
        }
    }
}
