package dev.routing.journal.store.internal;

import static dev.routing.journal.store.Entries.message;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import dev.routing.journal.store.faults.JournalDamagedException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The id a journal makes at its creation, in journal.tip, that every excerpt's checksum covers
 * (format 3). A journal made before ids (format 2, a tip without one) still opens, and is read as
 * before; its writer's next open gives it an id, and every excerpt from then on is bound to it. Where
 * it matters the binding fails closed: an unbound day file after bound ones, or bound excerpts beside
 * a tip that names no id, is damage.
 */
class JournalIdTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");

    @TempDir
    Path tmp;

    @AfterEach
    void release() {
        BackgroundResourceReleaser.releasePendingResources();
    }

    /** A journal of {@code days} days (two messages a day), as a build before ids wrote it. */
    private Path beforeIds(String name, int days, String words) throws IOException {
        Path bound = tmp.resolve(name + "-bound");
        try (JournalWriter j = Journal.openWriter(bound)) {
            for (int d = 0; d < days; d++) {
                for (int k = 0; k < 2; k++) j.append(message(T0.plus(Duration.ofDays(d)).plusSeconds(k), words + d + k));
            }
        }
        Path old = tmp.resolve(name);
        JournalRewrite.rewrite(bound, old, n -> 2, (excerpt, entry, schema, bytes) -> bytes, n -> false);
        BackgroundResourceReleaser.releasePendingResources();
        forgetId(old);
        return old;
    }

    /** Zeroes the tip's id and its checksum, as a tip written before ids is. */
    private static void forgetId(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir.resolve(Tip.FILE), StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate(JournalId.BYTES + 4), 8);
        }
    }

    private static List<String> entries(Path dir) {
        List<String> out = new ArrayList<>();
        try (Journal r = Journal.openReader(dir)) {
            r.read(-1, rec -> out.add(rec.entry().toString()));
        }
        return out;
    }

    @Test
    void aJournalMadeBeforeIdsIsReadAsBeforeAndItsWritersNextOpenGivesItOne() throws Exception {
        Path dir = beforeIds("old", 2, "m");
        assertNull(Tip.readId(dir), "a tip from before ids");
        List<String> before = entries(dir);
        assertEquals(4, before.size());
        assertTrue(DayFiles.inspect(dir).stream().noneMatch(f -> f.first().bound()));

        try (JournalWriter w = Journal.openWriter(dir)) {
            w.append(message(T0.plus(Duration.ofDays(2)), "bound"));
        }

        JournalId id = Tip.readId(dir);
        assertNotNull(id, "the writer gave the journal its id");
        List<String> after = entries(dir);
        assertEquals(before, after.subList(0, 4), "nothing acknowledged lost or changed");
        assertEquals(5, after.size());
        assertTrue(DayFiles.inspect(dir).get(2).first().bound(), "what it wrote since is bound to it");
        try (JournalWriter w = Journal.openWriter(dir)) {
            w.append(message(T0.plus(Duration.ofDays(3)), "again"));
        }
        assertEquals(id, Tip.readId(dir), "an id is made once");
    }

    @Test
    void anUnboundDayFileAfterBoundOnesIsDamage() throws Exception {
        Path dir = beforeIds("old", 2, "m");
        Path other = beforeIds("other", 5, "x");
        try (JournalWriter w = Journal.openWriter(dir)) {
            for (int d = 2; d < 5; d++) {
                for (int k = 0; k < 2; k++) w.append(message(T0.plus(Duration.ofDays(d)).plusSeconds(k), "m" + d + k));
            }
        }
        Files.copy(other.resolve("20261105F.cq4"), dir.resolve("20261105F.cq4"), StandardCopyOption.REPLACE_EXISTING);

        for (boolean writer : new boolean[] {false, true}) {
            JournalDamagedException e = assertThrows(JournalDamagedException.class,
                    () -> (writer ? Journal.openWriter(dir) : Journal.openReader(dir)).close());
            assertTrue(e.getMessage().contains("is not this journal's: its excerpts are bound to no journal id")
                    && e.getMessage().contains("20261105F.cq4"), e.getMessage());
        }
    }

    @Test
    void boundExcerptsBesideATipThatNamesNoIdAreDamage() throws Exception {
        Path dir = tmp.resolve("journal");
        try (JournalWriter w = Journal.openWriter(dir)) {
            for (int d = 0; d < 3; d++) w.append(message(T0.plus(Duration.ofDays(d)), "m" + d));
        }
        forgetId(dir);

        for (boolean writer : new boolean[] {false, true}) {
            JournalDamagedException e = assertThrows(JournalDamagedException.class,
                    () -> (writer ? Journal.openWriter(dir) : Journal.openReader(dir)).close());
            assertTrue(e.getMessage().contains("bound to a journal id, but journal.tip names none"), e.getMessage());
        }
        assertNull(Tip.readId(dir), "a refused writer gave it no id");
    }

    @Test
    void anIdThatFailsItsChecksumIsDamage() throws Exception {
        Path dir = tmp.resolve("journal");
        try (JournalWriter w = Journal.openWriter(dir)) {
            w.append(message(T0, "m0"));
        }
        try (FileChannel ch = FileChannel.open(dir.resolve(Tip.FILE), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(1);
            ch.read(b, 9);
            b.put(0, (byte) (b.get(0) ^ 1)).clear();
            ch.write(b, 9);
        }

        JournalDamagedException e = assertThrows(JournalDamagedException.class, () -> Journal.openReader(dir).close());
        assertTrue(e.getMessage().contains("journal id that fails its checksum"), e.getMessage());
    }
}
