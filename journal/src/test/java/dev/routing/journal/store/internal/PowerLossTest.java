package dev.routing.journal.store.internal;

import static dev.routing.journal.store.Entries.message;
import static dev.routing.journal.store.Entries.publish;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import dev.routing.journal.store.faults.JournalDamagedException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A power failure after a sync, as a disk leaves it: the excerpts written after the last msync lost
 * (their bytes zeros), Chronicle's store header and index kept (they name those excerpts still), and
 * the tip written in another boot. Before, every reader called the journal damaged ("excerpts up to
 * ordinal N are missing", N the last synced one, which was there): Chronicle's last index, read from
 * its header, pointed at the lost bytes. durability.md promises this window is reported, not damage:
 * readers read every synced excerpt and say how many acknowledged ones the failure took, and the
 * writer cuts what Chronicle's index still counts, says so, and continues.
 */
class PowerLossTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");
    @TempDir
    Path dir;

    @AfterEach
    void release() {
        BackgroundResourceReleaser.releasePendingResources();
    }

    /**
     * Writes {@code synced} durable groups (each synced), then {@code unsynced} groups that are not,
     * {@code unsyncedDays} days later; then a power failure loses what was not synced ({@link
     * PowerFailure}). Returns the entries that were synced, as read before the failure.
     */
    private List<String> powerFailure(int synced, int unsynced, int unsyncedDays, boolean reboot) {
        try (JournalWriter j = Journal.openWriter(dir)) {
            for (int i = 0; i < synced; i++) j.append(publish(T0.plusSeconds(i), i));
            Instant later = T0.plus(Duration.ofDays(unsyncedDays));
            for (int i = 0; i < unsynced; i++) j.append(message(later.plusSeconds(i), "m" + i));
        }
        List<String> kept = entries().subList(0, synced);
        Tip.State s = Tip.read(dir);
        assertEquals(synced - 1, s.syncedOrdinal(), "the last durable group was synced, nothing after it");
        assertEquals(synced + unsynced - 1, s.ackedOrdinal());
        PowerFailure.loseWhatWasNotSynced(dir, reboot);
        return kept;
    }

    private List<String> entries() {
        List<String> out = new ArrayList<>();
        try (Journal r = Journal.openReader(dir)) {
            r.read(-1, rec -> out.add(rec.entry().toString()));
        }
        return out;
    }

    @Test
    void afterAPowerFailureReadersReadEverySyncedGroupAndTheWriterCutsWhatWasLostAndContinues() {
        List<String> synced = powerFailure(10, 8, 0, true);
        assertTheLossIsReportedAndTheWriterContinues(synced, 8);
    }

    @Test
    void aDayFileWhoseBytesAPowerFailureLostWholeIsReportedAndCut() {
        List<String> synced = powerFailure(10, 5, 1, true);
        assertTheLossIsReportedAndTheWriterContinues(synced, 5);
    }

    private void assertTheLossIsReportedAndTheWriterContinues(List<String> synced, int lost) {
        try (Journal r = Journal.openReader(dir)) {
            assertEquals(1, r.notes().size(), r.notes().toString());
            assertTrue(r.notes().get(0).startsWith(lost + " excerpt(s) acknowledged but not yet synced (ordinals 10 to "
                    + (9 + lost) + ") were lost"), r.notes().toString());
            assertEquals(synced.size(), r.entryCount());
        }
        assertEquals(synced, entries(), "every synced entry reads, as it was");
        try (JournalWriter w = Journal.openWriter(dir)) {
            assertNotNull(w.cut(), "the writer cuts what Chronicle's index still counts");
            assertTrue(w.cut().startsWith("cut what a power failure left of " + lost + " excerpt(s) acknowledged after the"
                    + " last sync, from ordinal 10"), w.cut());
            assertTrue(w.notes().get(0).startsWith(lost + " excerpt(s) acknowledged but not yet synced"), w.notes().toString());
            w.append(message(T0.plus(Duration.ofDays(3)), "after"));
        }
        try (Journal r = Journal.openReader(dir)) {
            assertEquals(List.of(), r.notes(), "the writer's tip says what is there now");
        }
        List<String> after = entries();
        assertEquals(synced, after.subList(0, synced.size()), "nothing synced lost or changed");
        assertEquals(synced.size() + 1, after.size());
    }

    @Test
    void inTheSameBootTheSameLossIsDamageNamingTheRealEnd() {
        powerFailure(10, 8, 0, false);

        JournalDamagedException e = assertThrows(JournalDamagedException.class, () -> Journal.openReader(dir).close());
        assertTrue(e.getMessage().contains("the journal ends at index 0x511700000009, before the last excerpt its writer"
                + " acknowledged: excerpts up to ordinal 17 are missing"), e.getMessage());
        assertThrows(JournalDamagedException.class, () -> Journal.openWriter(dir).close());
    }
}
