package dev.routing.journal.store.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.journal.codec.CheckpointJson;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.Entries;
import dev.routing.journal.store.FaceInternals;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import dev.routing.journal.store.JournalRecord;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A state checkpoint larger than one Chronicle excerpt may hold (a quarter of its 64 MiB block)
 * is written in parts and read back whole, by every reader, as one entry at one index.
 */
class LargeCheckpointTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");

    @TempDir
    Path dir;

    private StateCheckpoint big;
    private final List<Long> indexes = new ArrayList<>();

    /** About 20 MB of state: over the 16 MiB Chronicle takes in one excerpt. */
    private static StateCheckpoint bigCheckpoint(Instant at, long through) {
        ObjectNode state = JsonNodeFactory.instance.objectNode();
        String words = "Words a resident held, kept for resending. ".repeat(100);
        for (int i = 0; i < 4_500; i++) state.put("d" + i, words + i);
        return new StateCheckpoint(at, through, through + 1, state);
    }

    @BeforeEach
    void write() {
        try (JournalWriter j = Journal.openWriter(dir)) {
            indexes.add(j.append(Entries.message(T0, "m0")));
            big = bigCheckpoint(T0, indexes.get(0));
            indexes.add(j.append(big));
            indexes.add(j.append(Entries.message(T0.plusSeconds(1), "m1")));
        }
    }

    @Test
    void readGivesTheCheckpointWholeAtOneIndexAndNoPartsBesideIt() {
        try (Journal j = Journal.openReader(dir)) {
            List<JournalRecord> all = new ArrayList<>();
            j.read(-1, all::add);
            assertEquals(indexes, all.stream().map(JournalRecord::index).toList());
            assertEquals(EntryCodec.toJson(big), EntryCodec.toJson(all.get(1).entry()));
        }
    }

    @Test
    void aReadThatStartsAmongThePartsStillGivesTheCheckpointWhole() {
        try (Journal j = Journal.openReader(dir)) {
            List<JournalRecord> tail = new ArrayList<>();
            j.read(indexes.get(1) - 3, tail::add);
            assertEquals(indexes.subList(1, 3), tail.stream().map(JournalRecord::index).toList());
            assertEquals(EntryCodec.toJson(big), EntryCodec.toJson(tail.get(0).entry()));
        }
    }

    @Test
    void newestCheckpointAndEntryAtRestoreItWhole() {
        try (Journal j = Journal.openReader(dir)) {
            JournalRecord found = j.newestCheckpoint(Long.MAX_VALUE);
            assertEquals(indexes.get(1), found.index());
            assertEquals(EntryCodec.toJson(big), EntryCodec.toJson(found.entry()));
            assertEquals(EntryCodec.toJson(big), EntryCodec.toJson(j.entryAt(indexes.get(1))));
            assertNull(j.entryAt(indexes.get(1) - 1), "a part is not an entry");
        }
    }

    @Test
    void checkpointAtGivesItsStateAsTheJsonStoredWholeAcrossItsParts() throws Exception {
        try (Journal j = Journal.openReader(dir)) {
            CheckpointJson cp = j.checkpointAt(indexes.get(1));
            assertEquals(big.state(), EntryCodec.mapper().readTree(cp.state()));
            assertEquals(List.of(big.at(), big.through(), big.entries()), List.of(cp.at(), cp.through(), cp.entries()));
            assertNull(cp.lastSeq());
            assertNull(j.checkpointAt(indexes.get(1) - 1), "a part is no checkpoint");
            assertNull(j.checkpointAt(indexes.get(0)), "a message is no checkpoint");
            assertNull(j.checkpointAt(indexes.get(2) + 1), "past the end");
        }
    }

    @Test
    void rawReadsAndScansCountTheCheckpointOnce() {
        try (Journal j = Journal.openReader(dir)) {
            List<Character> kinds = new ArrayList<>();
            j.readRaw(-1, Long.MAX_VALUE, (index, kind, version, json, offset, length) -> kinds.add(kind));
            assertEquals(List.of('F', 'C', 'F'), kinds);
            assertEquals(3, j.scanRaw(-1, null));
        }
    }

    @Test
    void orphanPartsRightBeforeANewCheckpointAreNotJoinedToIt() {
        StateCheckpoint next;
        try (JournalWriter j = Journal.openWriter(dir)) {
            orphanParts(j, 2);
            next = bigCheckpoint(T0.plusSeconds(2), indexes.get(2));
            indexes.add(j.append(next));
        }
        try (Journal j = Journal.openReader(dir)) {
            assertEquals(EntryCodec.toJson(next), EntryCodec.toJson(j.entryAt(indexes.get(3))));
        }
    }

    @Test
    void partsLeftByAWriterKilledMidCheckpointAreIgnoredAndTheNextCheckpointReadsWhole() {
        StateCheckpoint next;
        try (JournalWriter j = Journal.openWriter(dir)) {
            orphanParts(j, 3);
            indexes.add(j.append(Entries.message(T0.plusSeconds(3), "m2")));
            next = bigCheckpoint(T0.plusSeconds(3), indexes.get(3));
            indexes.add(j.append(next));
        }
        try (Journal j = Journal.openReader(dir)) {
            List<Entry> all = new ArrayList<>();
            j.read(-1, r -> all.add(r.entry()));
            assertEquals(5, all.size());
            assertInstanceOf(StateCheckpoint.class, all.get(4));
            assertEquals(EntryCodec.toJson(next), EntryCodec.toJson(all.get(4)));
            assertEquals(EntryCodec.toJson(next), EntryCodec.toJson(j.newestCheckpoint(Long.MAX_VALUE).entry()));
        }
    }

    /** What a writer killed in the middle of a large checkpoint leaves: parts, and no end. */
    private static void orphanParts(JournalWriter j, int parts) {
        byte[] slice = "{\"orphan\":".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (int i = 0; i < parts; i++) FaceInternals.writer(j).excerpt(i == 0 ? Excerpt.PART_START : Excerpt.PART, 0, slice, 0, slice.length, false);
    }
}
