package dev.routing.journal.store.internal;

import static dev.routing.journal.store.Entries.message;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.store.ForkedJvm;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalReader;
import dev.routing.journal.store.JournalWriter;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * A writer killed with SIGKILL after its write rolled the day and before it sealed the day before
 * ({@link SealKillChild}, stopped there): nothing acknowledged is lost, the unsealed day file is
 * noted and checked whole, and the next writer's check seals it.
 */
class SealKilledAtTheDayRollTest {
    private static final Instant MONDAY = Instant.parse("2026-11-02T09:00:00Z");

    @TempDir
    Path dir;

    @AfterEach
    void release() {
        BackgroundResourceReleaser.releasePendingResources();
    }

    @Test
    void aWriterKilledBetweenTheDayRollAndTheSealLosesNothingAndTheNextWriterSealsTheDay() throws Exception {
        Path journal = dir.resolve("journal");
        Process child = ForkedJvm.of(SealKillChild.class, journal.toString(), MONDAY.toString())
                .redirectError(dir.resolve("child.err").toFile()).start();
        List<Long> acked = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null && !line.equals("rolled")) {
                if (line.startsWith("ack ")) acked.add(Long.parseLong(line.substring(4)));
            }
            assertEquals("rolled", line, () -> "the child stopped at the roll: " + stderr());
            child.toHandle().destroyForcibly();
            child.waitFor();
        } finally {
            child.toHandle().destroyForcibly();
        }
        assertEquals(5, acked.size());
        assertTrue(Files.exists(journal.resolve("20261103F.cq4")), "the day rolled");
        assertFalse(Files.exists(journal.resolve("20261102F.seal")), "killed before the seal");
        List<String> monday = List.of("d0-0", "d0-1", "d0-2", "d0-3", "d0-4");
        try (JournalReader j = Journal.openReader(journal)) {
            assertEquals(List.of("1 day file(s) have no seal (20261102F.cq4): they are checked whole wherever the journal is"
                    + " checked, and the writer seals them as it checks them"), j.notes());
            j.checkUpTo(j.lastIndex() + 1);
            assertEquals(monday, ids(j).subList(0, 5), "every acknowledged message, unchanged");
        }
        try (JournalWriter j = Journal.openWriter(journal)) {
            j.checkUpTo(j.lastIndex() + 1);
            j.append(message(MONDAY.plus(Duration.ofDays(1)).plusSeconds(1), "d1-1"));
        }
        assertTrue(Files.exists(journal.resolve("20261102F.seal")), "the writer's check sealed Monday");
        try (JournalReader j = Journal.openReader(journal)) {
            assertEquals(List.of(), j.notes());
            assertEquals(List.of(), j.sealProblems());
            List<String> all = ids(j);
            assertEquals(monday, all.subList(0, 5));
            assertEquals("d1-1", all.get(all.size() - 1));
        }
    }

    private static List<String> ids(Journal j) {
        List<String> ids = new ArrayList<>();
        j.read(-1, r -> ids.add(((MessageReceived) r.entry()).id()));
        return ids;
    }

    private String stderr() {
        try {
            return Files.readString(dir.resolve("child.err"));
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
