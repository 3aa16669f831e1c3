package dev.routing.journal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import dev.routing.journal.store.internal.JournalRewrite;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Journals written before the stored form hold their entries as JSON under schema 1: they read as
 * they did, and a writer appends schema 2 after them, each excerpt read by the schema its header
 * names.
 */
class JsonSchemaJournalTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");

    @TempDir
    Path dir;

    @AfterEach
    void release() {
        BackgroundResourceReleaser.releasePendingResources();
    }

    private static List<List<Entry>> groups() {
        List<List<Entry>> groups = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Instant at = T0.plusSeconds(i);
            groups.add(List.of(Entries.message(at, "m" + i), Entries.publish(at, i)));
        }
        return groups;
    }

    private static List<Entry> all(Path journalDir) {
        List<Entry> read = new ArrayList<>();
        try (Journal j = Journal.openReader(journalDir)) {
            j.read(-1, Long.MAX_VALUE, r -> read.add(r.entry()));
        }
        return read;
    }

    @Test
    void aJournalOfSchemaOneReadsAsItWasAndTakesSchemaTwoAfterIt() {
        Path stored = dir.resolve("stored");
        List<Entry> expected = new ArrayList<>();
        try (JournalWriter j = Journal.openWriter(stored)) {
            long seq = 0;
            for (List<Entry> g : groups()) {
                Group group = Group.of(g);
                if (++seq % 2 == 0) group.seq(seq); // numbered groups too: the host's seq is kept before the entries
                j.write(group);
                expected.addAll(g);
            }
            j.sync();
        }
        Path old = dir.resolve("old");
        asSchemaOne(stored, old);
        assertEquals(expected, all(old), "every entry read from its JSON");
        try (Journal j = Journal.openReader(old)) {
            assertEquals(4, j.lastSeq(-1), "the numbered groups keep their seqs");
        }
        List<Integer> schemas = new ArrayList<>();
        try (Journal j = Journal.openReader(old)) {
            j.readRaw(-1, Long.MAX_VALUE, (index, kind, version, bytes, offset, length) -> schemas.add(version));
        }
        assertEquals(List.of(1, 1, 1, 1, 1, 1, 1, 1, 1, 1), schemas);

        Entry later = Entries.message(T0.plusSeconds(60), "m-after");
        try (JournalWriter j = Journal.openWriter(old)) {
            j.write(Group.of(List.of(later)));
            j.sync();
        }
        expected.add(later);
        assertEquals(expected, all(old), "the old excerpts and the new one each read by their own schema");
    }

    /** The journal in {@code from} rewritten into {@code to} as the build before the stored form wrote it: entries as JSON, schema 1. */
    private static void asSchemaOne(Path from, Path to) {
        JournalRewrite.rewrite(from, to, excerpt -> EntryCodec.JSON_SCHEMA,
                (excerpt, entry, schema, bytes) -> EntryCodec.encode(EntryCodec.decode(schema, bytes, 0, bytes.length)), excerpt -> false);
    }
}
