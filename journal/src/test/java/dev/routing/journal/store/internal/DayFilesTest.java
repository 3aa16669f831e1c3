package dev.routing.journal.store.internal;

import static dev.routing.journal.store.Entries.message;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import dev.routing.journal.store.faults.JournalDamagedException;
import dev.routing.journal.store.faults.JournalFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@link DayFiles} relies on in the Chronicle version in use: its excerpt framing (read before
 * Chronicle opens a file), and the sizes it gives day files (any other size is a file cut short).
 * A Chronicle upgrade that changes either fails here first.
 */
class DayFilesTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");

    @TempDir
    Path dir;

    @AfterEach
    void release() {
        BackgroundResourceReleaser.releasePendingResources();
    }

    @Test
    void eachDayFilesFirstExcerptIsFoundByItsFramingAndNamesTheExcerptBeforeIt() {
        List<Long> indexes = new ArrayList<>();
        try (JournalWriter j = Journal.openWriter(dir)) {
            for (int day = 0; day < 3; day++) {
                for (int k = 0; k < 4; k++) indexes.add(j.append(message(T0.plus(Duration.ofDays(day)).plusSeconds(k), "d" + day + k)));
            }
        }
        List<DayFiles.DayFile> files = DayFiles.inspect(dir);
        assertEquals(3, files.size());
        for (int day = 0; day < 3; day++) {
            DayFiles.DayFile f = files.get(day);
            assertEquals(Journal.cycleOf(indexes.get(day * 4)), f.cycle());
            assertEquals(day * 4L, f.first().ordinal(), "the first excerpt's ordinal");
            assertEquals(day == 0 ? -1L : (long) indexes.get(day * 4 - 1), f.first().prevIndex(), "the index before it: the last of the day before");
            assertEquals(day * 4L, f.first().firstEntry());
            assertEquals(1, f.first().count());
        }
    }

    @Test
    void chronicleGrowsADayFileInWholeBlocksFromItsFirst() throws Exception {
        ObjectNode state = JsonNodeFactory.instance.objectNode();
        // 30 MB of state in strings of a megabyte, as a state of many large drafts holds it (one string
        // over the reader's 20 MB limit would be refused on the way in: it could not be read back)
        String draft = "x".repeat(1_000_000);
        for (int i = 0; i < 30; i++) state.put("pad" + i, draft);
        try (JournalWriter j = Journal.openWriter(dir)) {
            j.append(message(T0, "m0"));
            assertEquals(DayFiles.BLOCK + DayFiles.OVERLAP, Files.size(dir.resolve("20261102F.cq4")), "a new day file");
            for (long i = 0; i < 3; i++) j.append(new StateCheckpoint(T0, i, i, state));
        }
        long size = Files.size(dir.resolve("20261102F.cq4"));
        assertTrue(size > DayFiles.BLOCK + DayFiles.OVERLAP && (size - DayFiles.OVERLAP) % DayFiles.BLOCK == 0, "size " + size);
        try (Journal j = Journal.openReader(dir)) {
            assertEquals(4, j.entryCount(), "a grown file reads as whole");
        }
    }

    @Test
    void anEmptyAHeaderlessACutAndAnUnreadableDayFileAreEachNamed() throws Exception {
        try (JournalWriter j = Journal.openWriter(dir)) {
            j.append(message(T0, "m0"));
            j.append(message(T0.plus(Duration.ofDays(1)), "m1"));
        }
        Path second = dir.resolve("20261103F.cq4");
        byte[] whole = Files.readAllBytes(second);

        Files.write(second, new byte[0]);
        DayFiles.DayFile empty = DayFiles.inspect(dir).get(1);
        assertTrue(empty.unbegun(), "an empty last file is left to the open to judge against the tip");
        assertTrue(empty.problem().getMessage().contains("empty (0 bytes)"), empty.problem().getMessage());
        Files.copy(second, dir.resolve("20261104F.cq4"));
        assertTrue(assertThrows(JournalDamagedException.class, () -> DayFiles.inspect(dir)).getMessage().contains("empty (0 bytes)"),
                "an empty file before the last is named at once");
        Files.delete(dir.resolve("20261104F.cq4"));
        Files.write(second, new byte[(int) (DayFiles.BLOCK + DayFiles.OVERLAP)]);
        assertTrue(DayFiles.inspect(dir).get(1).headerless(), "zeros where Chronicle's header belongs");
        Files.write(second, java.util.Arrays.copyOf(whole, 100_000));
        assertTrue(assertThrows(JournalDamagedException.class, () -> DayFiles.inspect(dir)).getMessage().contains("cut short"));
        Files.delete(second);
        Files.createDirectory(second);
        JournalDamagedException unreadable = assertThrows(JournalDamagedException.class, () -> DayFiles.inspect(dir));
        assertTrue(unreadable.getMessage().contains("cannot read the day file") && unreadable.getMessage().contains("20261103F.cq4"),
                unreadable.getMessage());
    }

    /** Format 1 (before checksums) began each excerpt with Chronicle Wire's field {@code v}: refused, naming the format. */
    @Test
    void aJournalInFormatOneIsRefusedNamingItsFormat() throws Exception {
        try (SingleChronicleQueue q = SingleChronicleQueueBuilder.binary(dir.toFile()).rollCycle(RollCycles.FAST_DAILY).build();
                var appender = q.createAppender()) {
            try (DocumentContext dc = appender.writingDocument()) {
                dc.wire().write("v").int32(1);
                dc.wire().write("t").int64(T0.toEpochMilli());
                dc.wire().write("k").int8((byte) 'F');
                dc.wire().write("json").bytes(dev.routing.journal.codec.EntryCodec.encode(message(T0, "m0")));
            }
        }
        BackgroundResourceReleaser.releasePendingResources();
        for (boolean writer : new boolean[] {false, true}) {
            JournalFormatException e = assertThrows(JournalFormatException.class,
                    () -> (writer ? Journal.openWriter(dir) : Journal.openReader(dir)).close());
            assertTrue(e.getMessage().contains("journal format 1") && e.getMessage().contains("formats 2 and 3 only"), e.getMessage());
        }
    }
}
