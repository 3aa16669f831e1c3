package dev.routing.journal.store.internal;

import static dev.routing.journal.store.Entries.message;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chronicle's own write lock, in metadata.cq4t, left held: by a writer that died while Chronicle
 * rolled to a new day (it does not free it when the roll fails), or naming a process id that is now
 * another live process's, or this one's (ids are reused: a container restarts with the same few).
 * Before, the next writer waited on it, then had Chronicle force it with a warning, or not at all.
 * The journal's writer lock is held when the writer opens Chronicle for writing, so Chronicle's is
 * taken over at once, whoever it names.
 */
class ChronicleWriteLockTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");

    @TempDir
    Path dir;

    @AfterEach
    void release() {
        BackgroundResourceReleaser.releasePendingResources();
    }

    @Test
    void aChronicleWriteLockLeftHeldIsTakenOverByTheNextWriter() {
        try (JournalWriter j = Journal.openWriter(dir)) {
            j.append(message(T0, "m0"));
        }
        List<Long> holders = new ArrayList<>(List.of(ProcessHandle.current().pid(), 1L, 0x7FFF_FFFFL));
        for (long holder : holders) {
            try (SingleChronicleQueue q = DayFiles.chronicle(dir).build()) {
                q.tableStorePut("chronicle.write.lock", holder);
            }
            try (JournalWriter j = Journal.openWriter(dir)) {
                j.append(message(T0.plusSeconds(holder % 1000), "after " + holder));
            }
        }
        try (Journal r = Journal.openReader(dir)) {
            assertEquals(1 + holders.size(), r.entryCount());
        }
    }
}
