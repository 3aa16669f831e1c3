package dev.routing.journal.store.internal;

import static dev.routing.journal.store.Entries.message;
import static dev.routing.journal.store.Entries.publish;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import dev.routing.journal.store.faults.JournalDamagedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code journal.tip}: the writer's record of the last excerpt it acknowledged, and of the last an
 * msync covered. A journal that ends before the acknowledged one was cut; after a power failure
 * (another boot), only what was synced must still be there, and what was acknowledged but not yet
 * synced is the documented window, reported, not damage.
 */
class TipTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");

    @TempDir
    Path dir;

    @AfterEach
    void release() {
        BackgroundResourceReleaser.releasePendingResources();
    }

    /**
     * A reader thread in the writer's JVM, interrupted, reads what the writer holds of the tip: the
     * bytes its lock found until it maps the tip, then its mapping. The lock's channel, which NIO
     * would close under an interrupted read (and the tip's lock with it), is never read, and stays
     * open, before the mapping and after it.
     */
    @Test
    void anInterruptedReaderReadsWhatTheWriterHoldsAndLeavesTheLocksChannelOpen() throws Exception {
        try (JournalWriter j = Journal.openWriter(dir)) {
            j.append(message(T0, "m0"));
        }
        Tip.State written = Tip.read(dir);
        WriterLock lock = WriterLock.take(dir);
        try {
            assertEquals(written.ackedIndex(), interruptedRead().ackedIndex(), "before the mapping: the bytes the lock found");
            assertTrue(lock.tip().isOpen(), "the lock's channel is open");
            Tip tip = Tip.openWriter(dir, lock.tip(), Tip.State.EMPTY);
            lock.mapped(tip.mapping());
            tip.write(new Tip.State(written.seq(), written.boot(), written.ackedOrdinal() + 1, written.ackedIndex() + 1,
                    written.ackedCrc(), written.syncedOrdinal(), written.syncedIndex(), written.floorMillis()));
            assertEquals(written.ackedIndex() + 1, interruptedRead().ackedIndex(), "once mapped: the writer's mapping, as it writes it");
            assertTrue(lock.tip().isOpen(), "the lock's channel is open");
        } finally {
            lock.release();
        }
    }

    /** The tip as a thread with its interrupt set reads it. */
    private Tip.State interruptedRead() throws InterruptedException {
        Object[] read = {null};
        Thread reader = new Thread(() -> {
            Thread.currentThread().interrupt();
            try {
                read[0] = Tip.read(dir);
            } catch (RuntimeException e) {
                read[0] = e;
            }
        });
        reader.start();
        reader.join();
        if (read[0] instanceof RuntimeException e) throw e;
        return (Tip.State) read[0];
    }

    /**
     * A reader that comes while a writer takes the lock waits for it (a descriptor of its own, closed,
     * would drop the lock being taken), and stops when interrupted, saying so: it does not wait for
     * a writer that died taking it. Such a writer leaves nothing to wait on (take's finally), but
     * the wait must not be the one thing that depends on it.
     */
    @Test
    void aReaderWaitingForAWriterTakingTheLockStopsWhenInterrupted() throws Exception {
        Path key = dir.toRealPath();
        java.lang.reflect.Field writing = WriterLock.class.getDeclaredField("WRITING");
        writing.setAccessible(true);
        java.lang.reflect.Field placeholder = Class.forName(WriterLock.class.getName() + "$Placeholder").getDeclaredField("LOCK");
        placeholder.setAccessible(true);
        @SuppressWarnings("unchecked")
        java.util.Map<Path, WriterLock> registry = (java.util.Map<Path, WriterLock>) writing.get(null);
        registry.put(key, (WriterLock) placeholder.get(null));
        try {
            RuntimeException[] failed = {null};
            Thread reader = new Thread(() -> {
                try {
                    Tip.read(dir);
                } catch (RuntimeException e) {
                    failed[0] = e;
                }
            });
            reader.setDaemon(true);
            reader.start();
            reader.interrupt();
            reader.join(60_000);
            assertTrue(!reader.isAlive() && failed[0] != null && failed[0].getMessage().startsWith("interrupted while the writer"),
                    () -> "the waiting reader stopped when interrupted: " + failed[0]);
        } finally {
            registry.remove(key);
        }
    }

    @Test
    void theTipFollowsEveryAcknowledgementAndEverySync() {
        try (JournalWriter j = Journal.openWriter(dir)) {
            long m = j.write(message(T0, "m0"));
            assertEquals(m, Tip.read(dir).ackedIndex(), "acknowledged as soon as written");
            assertEquals(-1, Tip.read(dir).syncedOrdinal(), "nothing synced: nothing durable yet");
            long p = j.append(publish(T0.plusSeconds(1), 1));
            Tip.State s = Tip.read(dir);
            assertEquals(p, s.ackedIndex());
            assertEquals(1, s.ackedOrdinal());
            assertEquals(1, s.syncedOrdinal(), "a durable append syncs through it");
        }
    }

    /** The tip as a power failure can leave it: written back to disk, while the journal's unsynced pages were not. */
    private void powerFailureAfter(int synced, int acknowledged, byte[] otherBoot) {
        List<Long> indexes = new ArrayList<>();
        try (JournalWriter j = Journal.openWriter(dir)) {
            for (int i = 0; i < acknowledged; i++) indexes.add(j.append(i < synced ? publish(T0.plusSeconds(i), i) : message(T0.plusSeconds(i), "m" + i)));
        }
        Tip.State s = Tip.read(dir);
        // three more acknowledged after these, whose pages never reached the disk: the tip's did
        Tip.State lost = new Tip.State(s.seq() + 1, otherBoot, acknowledged - 1 + 3L, indexes.get(acknowledged - 1) + 3, 0,
                synced - 1L, indexes.get(synced - 1), s.floorMillis());
        Tip tip = Tip.openWriter(dir, lost);
        tip.write(lost);
    }

    @Test
    void afterAPowerFailureWhatWasAcknowledgedButNotSyncedIsReportedAndTheWriterGoesOn() throws Exception {
        byte[] otherBoot = new byte[16];
        otherBoot[0] = 42;
        powerFailureAfter(3, 5, otherBoot);

        try (Journal r = Journal.openReader(dir)) {
            assertEquals(1, r.notes().size(), r.notes().toString());
            assertTrue(r.notes().get(0).contains("3 excerpt(s) acknowledged but not yet synced"), r.notes().toString());
        }
        try (JournalWriter w = Journal.openWriter(dir)) {
            w.append(message(T0.plusSeconds(10), "after"));
        }
        try (Journal r = Journal.openReader(dir)) {
            assertEquals(List.of(), r.notes(), "the writer's tip now says what is there");
            assertEquals(6, r.entryCount());
        }
    }

    @Test
    void inTheSameBootAJournalThatEndsBeforeWhatWasAcknowledgedIsDamaged() {
        powerFailureAfter(3, 5, Tip.State.EMPTY.boot());

        JournalDamagedException e = assertThrows(JournalDamagedException.class, () -> Journal.openReader(dir).close());
        assertTrue(e.getMessage().contains("acknowledged"), e.getMessage());
        assertThrows(JournalDamagedException.class, () -> Journal.openWriter(dir).close());
    }

    @Test
    void aMissingTipBesideExcerptsIsDamage() throws Exception {
        try (JournalWriter j = Journal.openWriter(dir)) {
            j.append(message(T0, "m0"));
        }
        Files.delete(dir.resolve(Tip.FILE));

        JournalDamagedException e = assertThrows(JournalDamagedException.class, () -> Journal.openReader(dir).close());
        assertTrue(e.getMessage().contains("journal.tip is missing"), e.getMessage());
    }
}
