package dev.routing.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Host;
import dev.routing.engine.testing.JournalSink;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.faults.JournalDamagedException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stretch zeroed (a lost page, a bad sector) behind the newest state checkpoint keeps the day
 * file's size, so only the excerpts' checksums can find it. A restore reads from the checkpoint
 * on, so before this it never looked: the writer opened and appended, and what it then
 * acknowledged lay beyond damage that salvage stops at. Every restore now checks every excerpt
 * before the checkpoint it starts from.
 */
class DamageBehindACheckpointTest {
    @TempDir
    Path dir;

    @Test
    void aZeroedStretchBeforeTheNewestCheckpointStopsTheWriterAndEveryRestore() throws IOException {
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 8)) {
            Host host = new Host(sink::accept);
            host.channel("work", "discord").agent("qa", Mode.LOCUS, LocusPolicy.DELIVERY);
            for (int i = 0; i < 30; i++) {
                String ping = host.room("qa", "work", "@qa ping " + i, true);
                long turn = host.answer("qa", ping, "work");
                host.say(turn, 1, "early words " + i);
                host.end(turn);
            }
        }
        try (Journal j = Journal.openReader(dir)) {
            assertTrue(j.newestCheckpoint(Long.MAX_VALUE).index() > 0, "the journal has a checkpoint late in it");
        }
        zeroAround(dir, "early words 2");

        JournalDamagedException writer = assertThrows(JournalDamagedException.class,
                () -> Engine.open(dir, RuleSet.CURRENT, null, 8));
        assertTrue(writer.getMessage().contains("checksum"), writer.getMessage());
        try (Journal j = Journal.openReader(dir)) {
            JournalDamagedException reader = assertThrows(JournalDamagedException.class, () -> Replay.restore(j));
            assertEquals(writer.getMessage(), reader.getMessage());
        }
    }

    /** Zeroes 64 bytes where {@code text} is written in the journal's one day file. */
    static void zeroAround(Path dir, String text) throws IOException {
        Path day;
        try (var files = Files.list(dir)) {
            day = files.filter(p -> p.getFileName().toString().endsWith(".cq4")).findFirst().orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(day);
        byte[] needle = text.getBytes(StandardCharsets.UTF_8);
        int at = -1;
        for (int i = 0; i + needle.length <= bytes.length && at < 0; i++) {
            if (Arrays.equals(bytes, i, i + needle.length, needle, 0, needle.length)) at = i;
        }
        assertTrue(at > 0, "found the words on disk");
        try (RandomAccessFile f = new RandomAccessFile(day.toFile(), "rw")) {
            f.seek(at);
            f.write(new byte[64]);
        }
    }
}
