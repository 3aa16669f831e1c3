package dev.routing.journal.store.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.store.Entries;
import dev.routing.journal.store.FaceInternals;
import dev.routing.journal.store.Group;
import dev.routing.journal.store.faults.JournalFormatException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.CRC32C;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@link ExcerptReader} refuses rather than misreads, on excerpts in a real Chronicle queue:
 * entries of a newer schema and an excerpt of journal format 1, each a format refusal naming its
 * index; and a peek that leaves the excerpt to be read whole after it.
 */
class ExcerptReaderTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");

    @TempDir
    Path dir;

    @AfterEach
    void release() {
        BackgroundResourceReleaser.releasePendingResources();
    }

    /** One excerpt holding a group of one message, its header saying {@code schema}. */
    private static byte[] group(int schema, long seq) {
        Group g = Group.of(List.of(Entries.message(T0, "m0")));
        if (seq != Group.NO_SEQ) g.seq(seq);
        byte[] buf = FaceInternals.buffer(g).clone();
        int at = FaceInternals.payloadOffset(g) - Excerpt.HEADER_BYTES;
        Excerpt.writeHeader(buf, at, seq != Group.NO_SEQ ? Excerpt.NUMBERED : Excerpt.GROUP, schema, 1, 0, 0, -1,
                T0.toEpochMilli(), buf, FaceInternals.payloadOffset(g), FaceInternals.payloadLength(g), new CRC32C());
        return java.util.Arrays.copyOfRange(buf, at, FaceInternals.payloadOffset(g) + FaceInternals.payloadLength(g));
    }

    private void write(Consumer<DocumentContext> excerpt) {
        try (SingleChronicleQueue q = DayFiles.chronicle(dir).build(); var appender = q.createAppender();
                DocumentContext dc = appender.writingDocument()) {
            excerpt.accept(dc);
        }
    }

    /** Reads the queue's first excerpt with {@code read}. */
    private <T> T first(java.util.function.Function<DocumentContext, T> read) {
        try (SingleChronicleQueue q = DayFiles.chronicle(dir).readOnly(true).build(); ExcerptTailer t = q.createTailer();
                DocumentContext dc = t.readingDocument()) {
            assertTrue(dc.isPresent());
            return read.apply(dc);
        }
    }

    @Test
    void anExcerptOfThisBuildsSchemaPassesAndItsEntryDecodes() {
        write(dc -> dc.wire().bytes().write(group(EntryCodec.SCHEMA_VERSION, Group.NO_SEQ)));
        ExcerptReader reader = new ExcerptReader(dir, 16);
        String decoded = first(dc -> {
            assertNull(reader.check(dc, null, -1));
            String[] json = {null};
            reader.entries(dc.index(), reader.checked(), (kind, offset, length) ->
                    json[0] = EntryCodec.toJson(reader.decode(dc.index(), reader.checked(), reader.buffer(), offset, length)));
            return json[0];
        });
        assertEquals(EntryCodec.toJson(Entries.message(T0, "m0")), decoded);
    }

    @Test
    void anExcerptOfANewerSchemaIsRefusedAsAFormatNotReadAsDamage() {
        write(dc -> dc.wire().bytes().write(group(EntryCodec.SCHEMA_VERSION + 1, Group.NO_SEQ)));
        JournalFormatException e = assertThrows(JournalFormatException.class,
                () -> first(dc -> new ExcerptReader(dir, 16).check(dc, null, -1)));
        assertTrue(e.getMessage().contains("schema " + (EntryCodec.SCHEMA_VERSION + 1) + ", newer than this build's")
                && e.getMessage().contains("upgrade"), e.getMessage());
    }

    @Test
    void anExcerptOfFormatOneIsRefusedNamingItsIndex() {
        write(dc -> dc.wire().write("v").int32(1));
        JournalFormatException e = assertThrows(JournalFormatException.class,
                () -> first(dc -> new ExcerptReader(dir, 16).check(dc, null, -1)));
        assertTrue(e.getMessage().contains("journal format 1") && e.getMessage().contains("index 0x"), e.getMessage());
    }

    @Test
    void aPeekReadsTheHeaderAndSeqAndLeavesTheExcerptWhole() {
        write(dc -> dc.wire().bytes().write(group(EntryCodec.SCHEMA_VERSION, 12L)));
        ExcerptReader reader = new ExcerptReader(dir, 16);
        first(dc -> {
            assertEquals(Excerpt.NUMBERED, reader.peek(dc).kind());
            assertEquals(12L, reader.peekSeq(dc));
            assertNull(reader.check(dc, null, -1), "read whole after the peeks");
            return null;
        });
    }
}
