package dev.routing.journal.store;

import static dev.routing.journal.store.Entries.message;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Journal#dayFiles}: the day files a reader of a range of indexes reads, for a report that fingerprints them. */
class JournalDayFilesTest {
    private static final Instant MONDAY = Instant.parse("2026-11-02T09:00:00Z");

    @TempDir
    Path dir;

    @AfterEach
    void release() {
        BackgroundResourceReleaser.releasePendingResources();
    }

    @Test
    void aRangeNamesTheDayFilesHoldingItsEntriesOldestFirstAndADayWithNoEntriesHasNone() {
        List<Long> indexes = new ArrayList<>();
        try (JournalWriter j = Journal.openWriter(dir)) {
            for (int day : new int[] {0, 1, 3}) {
                for (int k = 0; k < 3; k++) indexes.add(j.append(message(MONDAY.plus(Duration.ofDays(day)).plusSeconds(k), "d" + day + k)));
            }
        }
        try (Journal j = Journal.openReader(dir)) {
            assertEquals(names("20261102F.cq4", "20261103F.cq4", "20261105F.cq4"), j.dayFiles(indexes.get(0), indexes.get(8)),
                    "the whole journal: Wednesday had no entry and has no file");
            assertEquals(names("20261103F.cq4", "20261105F.cq4"), j.dayFiles(indexes.get(4), indexes.get(6)));
            assertEquals(names("20261102F.cq4"), j.dayFiles(indexes.get(1), indexes.get(2)), "a range within one day");
        }
    }

    private List<Path> names(String... files) {
        List<Path> paths = new ArrayList<>();
        for (String f : files) paths.add(dir.resolve(f));
        return paths;
    }
}
