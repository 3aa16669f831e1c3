package dev.routing.journal.store;

import static dev.routing.journal.store.Entries.checkpoint;
import static dev.routing.journal.store.Entries.message;
import static dev.routing.journal.store.Entries.publish;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.store.faults.JournalDamagedException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A group the host numbered (its {@code seq}) keeps the number in the journal, checked with the
 * rest of its excerpt, and can be found by it; and {@link Journal#sync} puts every group on disk,
 * durable or not, for a host that acknowledges only what is synced.
 */
class NumberedGroupTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");
    /** A seq whose bytes appear nowhere else in a day file. */
    private static final long SEQ = 0x5E91_2345_6789_ABCDL;

    @TempDir
    Path dir;

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

    private static long append(JournalWriter j, long seq, Instant at, String id) {
        Group g = new Group();
        g.seq(seq);
        g.add(message(at, id));
        return j.append(g);
    }

    @Test
    void aNumberedGroupReadsBackWithItsSeqOnEveryEntryAndAnUnnumberedOneWithNone() {
        JournalWriter j = writer();
        long plain = j.append(message(T0, "m0"));
        Group g = new Group();
        g.seq(41);
        g.add(message(T0.plusSeconds(1), "m1"));
        g.add(publish(T0.plusSeconds(1), 1));
        long numbered = j.append(g);
        j.close();
        open.remove(j);

        try (Journal r = Journal.openReader(dir)) {
            List<JournalRecord> all = new ArrayList<>();
            r.read(-1, all::add);
            assertEquals(3, all.size());
            assertEquals(new JournalRecord(plain, 0, message(T0, "m0"), Group.NO_SEQ), all.get(0));
            assertEquals(new JournalRecord(numbered, 0, message(T0.plusSeconds(1), "m1"), 41), all.get(1));
            assertEquals(41, all.get(2).seq(), "every entry of the group carries its seq");
            assertEquals(3, r.scanRaw(-1, null));
        }
    }

    @Test
    void theLastSeqIsFoundPastUnnumberedGroupsCheckpointsAndADayAndStopsWhereItIsTold() {
        JournalWriter j = writer();
        assertEquals(Group.NO_SEQ, j.lastSeq(-1), "an empty journal");
        j.append(message(T0, "m0"));
        assertEquals(Group.NO_SEQ, j.lastSeq(-1), "no group numbered");
        append(j, 1, T0.plusSeconds(1), "m1");
        long second = append(j, 2, T0.plusSeconds(2), "m2");
        j.append(message(T0.plusSeconds(3), "m3"));
        j.append(checkpoint(T0.plusSeconds(3), second));
        j.append(message(T0.plus(Duration.ofDays(1)), "m4"));
        assertEquals(2, j.lastSeq(-1));
        assertEquals(Group.NO_SEQ, j.lastSeq(second), "nothing numbered after the group numbered 2");
        long third = append(j, 3, T0.plus(Duration.ofDays(2)), "m5");
        assertEquals(3, j.lastSeq(second));
        assertEquals(Group.NO_SEQ, j.lastSeq(third));
        j.close();
        open.remove(j);

        try (Journal r = Journal.openReader(dir)) {
            assertEquals(3, r.lastSeq(-1), "a reader finds it too");
        }
    }

    @Test
    void aGroupIsFoundByItsSeqBackwardsFromTheEndOrForwardsFromAGroupBelowIt() {
        JournalWriter j = writer();
        List<Long> index = new ArrayList<>();
        index.add(-1L);
        for (int n = 1; n <= 6; n++) {
            if (n == 4) j.append(message(T0.plus(Duration.ofDays(1)), "between"));
            // seq 5 is skipped by the host: no group carries it
            long seq = n < 5 ? n : n + 1;
            index.add(append(j, seq, T0.plus(Duration.ofDays(n / 3)).plusSeconds(n), "m" + n));
        }
        for (int n = 1; n <= 6; n++) {
            long seq = n < 5 ? n : n + 1;
            assertEquals(index.get(n), j.indexOfSeq(seq, -1), "seq " + seq + " backwards from the end");
            assertEquals(index.get(n), j.indexOfSeq(seq, index.get(1)), "seq " + seq + " forwards from seq 1's group");
        }
        assertEquals(-1, j.indexOfSeq(5, -1), "a seq no group carries, backwards");
        assertEquals(-1, j.indexOfSeq(5, index.get(2)), "and forwards");
        assertEquals(-1, j.indexOfSeq(99, index.get(2)), "a seq beyond the last");
        assertEquals(-1, j.indexOfSeq(0, -1), "0 is no seq");
    }

    @Test
    void theSeqIsCoveredByTheExcerptsChecksum() throws Exception {
        JournalWriter j = writer();
        j.append(message(T0, "m0"));
        append(j, SEQ, T0.plusSeconds(1), "m1");
        j.close();
        open.remove(j);
        BackgroundResourceReleaser.releasePendingResources();

        Path day = Files.list(dir).filter(p -> p.getFileName().toString().endsWith(".cq4")).findFirst().orElseThrow();
        byte[] seq = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(SEQ).array();
        byte[] bytes = Files.readAllBytes(day);
        int at = indexOf(bytes, seq);
        assertTrue(at > 0, "the seq is in the day file as written");
        try (FileChannel ch = FileChannel.open(day, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[] {(byte) (seq[0] + 1)}), at);
        }

        JournalDamagedException e = assertThrows(JournalDamagedException.class, () -> Journal.openReader(dir).close());
        assertTrue(e.getMessage().contains("fails its checksum") && e.getMessage().contains("ordinal 1"), e.getMessage());
    }

    @Test
    void aSyncPutsEveryGroupOnDiskDurableOrNotWhereACommitSyncsOnlyDurableOnes() {
        JournalWriter j = writer();
        try (SingleChronicleQueue raw = SingleChronicleQueueBuilder.binary(dir.toFile()).build()) {
            long first = j.append(publish(T0, 1));
            long syncs = j.syncs();
            long m = j.write(Group.of(List.of(message(T0.plusSeconds(1), "m1"))));
            j.commit();
            assertEquals(syncs, j.syncs(), "a commit of a group with nothing durable makes no msync");
            assertTrue(raw.lastIndexMSynced() < m, "and the group is not synced: " + Long.toHexString(raw.lastIndexMSynced()));
            j.sync();
            assertEquals(syncs + 1, j.syncs());
            assertTrue(raw.lastIndexMSynced() >= m, "a sync covers it");
            j.sync();
            assertEquals(syncs + 1, j.syncs(), "nothing written since: no msync");
            assertTrue(first < m);

            long lastOfDay = j.write(Group.of(List.of(message(T0.plusSeconds(2), "m2"))));
            long nextDay = j.write(Group.of(List.of(message(T0.plus(Duration.ofDays(1)), "m3"))));
            assertTrue(raw.lastIndexMSynced() >= lastOfDay, "a new day syncs what the old one holds, durable or not");
            j.sync();
            assertTrue(raw.lastIndexMSynced() >= nextDay);
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int k = 0; k < needle.length; k++) {
                if (haystack[i + k] != needle[k]) continue outer;
            }
            return i;
        }
        return -1;
    }
}
