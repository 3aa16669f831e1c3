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
     * A reader in the writer's JVM that reads the tip as the writer closes its lock's channel (its
     * release) reads what the writer last wrote, and does not call the journal damaged.
     */
    @Test
    void aReaderThatMeetsTheWritersTipChannelClosedReadsTheFile() throws Exception {
        try (JournalWriter j = Journal.openWriter(dir)) {
            j.append(message(T0, "m0"));
            Tip.State before = Tip.read(dir);
            WriterLock.inThisJvm(dir).channel().close(); // as release() closes it, under a reader that has just taken it
            Tip.State after = Tip.read(dir);
            assertEquals(before.ackedIndex(), after.ackedIndex());
            assertEquals(before.ackedOrdinal(), after.ackedOrdinal());
            assertEquals(before.seq(), after.seq());
            assertTrue(java.util.Arrays.equals(before.boot(), after.boot()));
        }
    }

    /**
     * A reader thread in the writer's JVM, interrupted, reads the tip from the writer's mapping: the
     * lock's channel, which NIO would close under an interrupted read, is not touched, and stays open.
     */
    @Test
    void anInterruptedReaderReadsTheWritersMappingAndLeavesTheLocksChannelOpen() throws Exception {
        try (JournalWriter j = Journal.openWriter(dir)) {
            j.append(message(T0, "m0"));
            Tip.State[] read = {null};
            Thread reader = new Thread(() -> {
                Thread.currentThread().interrupt();
                read[0] = Tip.read(dir);
            });
            reader.start();
            reader.join();
            assertTrue(WriterLock.inThisJvm(dir).channel().isOpen(), "the writer's lock channel is open");
            assertEquals(Tip.read(dir).ackedIndex(), read[0].ackedIndex());
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
