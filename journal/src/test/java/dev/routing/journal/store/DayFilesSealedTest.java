package dev.routing.journal.store;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chronicle's first appender on a journal walks every day file its bookkeeping has not yet sealed
 * (its {@code normalisedEOFsTo} cursor), mapping each: 41 s at the first open of a 3,450-day journal.
 * The writer keeps the cursor a few days behind its newest file (Chronicle leaves the newest few
 * open), so an open walks a few files however long the history.
 */
class DayFilesSealedTest {
    private static final Instant T0 = Instant.parse("2026-01-01T09:00:00Z");

    @TempDir
    Path dir;

    @Test
    void aWriterLeavesAllButItsNewestFewDayFilesSealedForTheNextOpen() {
        int days = 40;
        try (JournalWriter j = Journal.openWriter(dir)) {
            for (int d = 0; d < days; d++) j.write(Entries.message(T0.plusSeconds(86_400L * d), "m" + d));
            j.commit();
        }
        try (SingleChronicleQueue queue = SingleChronicleQueueBuilder.binary(dir.toFile()).readOnly(true).build()) {
            long sealedTo = sealedTo(queue);
            int last = queue.lastCycle();
            assertTrue(last - sealedTo <= 7, "sealed to day " + sealedTo + " of " + queue.firstCycle() + ".." + last);
        }
    }

    /** Chronicle's cursor, or -1 where it never wrote one: nothing was sealed. */
    private static long sealedTo(SingleChronicleQueue queue) {
        try {
            return queue.tableStoreGet("normalisedEOFsTo");
        } catch (IllegalStateException never) {
            return -1;
        }
    }
}
