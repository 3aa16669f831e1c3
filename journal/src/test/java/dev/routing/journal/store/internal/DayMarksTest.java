package dev.routing.journal.store.internal;

import static dev.routing.journal.store.Entries.checkpoint;
import static dev.routing.journal.store.Entries.message;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.FocusOpened;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalReader;
import dev.routing.journal.store.JournalWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sealed day's marks ({@link DayMarks}): where its state checkpoints and standing facts lie, as a
 * walk of the day finds them, written by the writer with the seal and by a walk that seals a day;
 * marks that are cut, changed, another journal's or of a file that no longer matches its seal are
 * not used, and say why. Real files throughout.
 */
class DayMarksTest {
    private static final Instant MONDAY = Instant.parse("2026-11-02T09:00:00Z");
    private static final String MONDAY_FILE = "20261102F.cq4";

    @TempDir
    Path dir;

    @AfterEach
    void release() {
        BackgroundResourceReleaser.releasePendingResources();
    }

    /**
     * Three days, each with messages, a state checkpoint, its own channel registered twice, a channel
     * every day shares registered once, and qa's focus opened twice on the day's channel.
     */
    private static void threeDays(Path dir) {
        try (JournalWriter j = Journal.openWriter(dir)) {
            for (int day = 0; day < 3; day++) {
                Instant at = MONDAY.plus(Duration.ofDays(day));
                for (int k = 0; k < 6; k++) {
                    Instant t = at.plusSeconds(k);
                    j.append(message(t, "d" + day + "-" + k));
                    if (k == 1 || k == 4) j.append(new ChannelRegistered(t, "c" + day, "discord", "#c" + day + "-" + k, null));
                    if (k == 2) j.append(new ChannelRegistered(t, "shared", "discord", null, null));
                    if (k == 0 || k == 5) j.append(new FocusOpened(t, "qa", "c" + day, null));
                    if (k == 3) j.append(checkpoint(t, 10L * day + k));
                }
            }
        }
    }

    private Path marks(String day) {
        return dir.resolve(day.replace(".cq4", ".marks"));
    }

    /**
     * What a walk of the day finds: its checkpoints, and the group of its last standing fact of each
     * type and subject (a registration by channel, a focus by agent and channel).
     */
    private static long[][] walked(Journal j, long start, long end) {
        TreeSet<Long> checkpoints = new TreeSet<>();
        Map<String, Long> last = new HashMap<>();
        j.read(start, end, r -> {
            if (r.entry() instanceof StateCheckpoint) checkpoints.add(r.index());
            if (r.entry() instanceof ChannelRegistered c) last.put("registered " + c.channel(), r.index());
            if (r.entry() instanceof FocusOpened f) last.put("focus " + f.agent() + " " + f.channel(), r.index());
        });
        return new long[][] {checkpoints.stream().mapToLong(Long::longValue).toArray(),
            new TreeSet<>(last.values()).stream().mapToLong(Long::longValue).toArray()};
    }

    @Test
    void eachRolledDayIsMarkedWhereAWalkFindsItsCheckpointsAndStandingFactsAndTheLastIsNot() {
        threeDays(dir);
        try (JournalReader j = Journal.openReader(dir)) {
            Journal.MarkedDays found = j.markedDays();
            assertEquals(List.of(), found.problems());
            assertEquals(2, found.days().size(), "Monday and Tuesday rolled; Wednesday's file still takes excerpts");
            for (Journal.MarkedDay day : found.days()) {
                long[][] walk = walked(j, day.start(), day.end());
                assertEquals(1, walk[0].length, "one checkpoint a day");
                assertEquals(3, walk[1].length, "the day's channel, the shared one, qa's focus: each marked once, at its last");
                assertArrayEquals(walk[0], day.checkpoints());
                assertArrayEquals(walk[1], day.standing());
            }
            assertEquals(Journal.dayStartOf(j.firstIndex()), found.days().get(0).start());
        }
    }

    @Test
    void aDayWithoutMarksIsNotListedAndNothingIsSaid() throws IOException {
        threeDays(dir);
        Files.delete(marks(MONDAY_FILE));
        try (JournalReader j = Journal.openReader(dir)) {
            Journal.MarkedDays found = j.markedDays();
            assertEquals(List.of(), found.problems(), "a seal written before marks, or a writer killed between the two");
            assertEquals(1, found.days().size());
            assertEquals(Journal.dayStartOf(j.lastIndex()), found.days().get(0).end(), "Tuesday's");
        }
    }

    @Test
    void marksCutChangedOrOfAnotherJournalAreNotUsedAndSayWhy() throws IOException {
        threeDays(dir);
        Path other = dir.resolveSibling(dir.getFileName() + "-other");
        threeDays(other);
        byte[] whole = Files.readAllBytes(marks(MONDAY_FILE));

        Files.write(marks(MONDAY_FILE), java.util.Arrays.copyOf(whole, whole.length - 9));
        assertMondayUnmarked("its marks fail their checksum");

        byte[] changed = whole.clone();
        changed[60] ^= 1; // the first checkpoint's index
        Files.write(marks(MONDAY_FILE), changed);
        assertMondayUnmarked("its marks fail their checksum");

        Files.write(marks(MONDAY_FILE), java.util.Arrays.copyOf(whole, 10));
        assertMondayUnmarked("(cut)");

        Files.copy(other.resolve(MONDAY_FILE.replace(".cq4", ".marks")), marks(MONDAY_FILE), StandardCopyOption.REPLACE_EXISTING);
        assertMondayUnmarked("its marks are another journal's");
    }

    @Test
    void marksOfAFileThatNoLongerMatchesItsSealAreNotUsed() throws IOException {
        threeDays(dir);
        // a seal rewritten for another state of the file: the marks bound to the old one no longer hold
        try (JournalReader j = Journal.openReader(dir)) {
            byte[] id = j.id();
            DaySeal.Reading r = DaySeal.read(dir, cycle(j), JournalId.of(id));
            DaySeal moved = new DaySeal(r.seal().cycle(), r.seal().chain() ^ 1, r.seal().size(), r.seal().firstOrdinal(),
                    r.seal().lastOrdinal(), r.seal().lastIndex(), r.seal().lastCrc(), r.seal().excerpts());
            moved.write(dir, JournalId.of(id));
        }
        assertMondayUnmarked("its marks are not of the file its seal describes");
    }

    @Test
    void marksAWrongBuildWroteAreNamedByVerifyAndPlacesOutsideTheDayAreNotUsed() {
        threeDays(dir);
        try (JournalReader j = Journal.openReader(dir)) {
            JournalId id = JournalId.of(j.id());
            DaySeal seal = DaySeal.read(dir, cycle(j), id).seal();
            Journal.MarkedDay monday = j.markedDays().days().get(0);
            // whole, bound to the seal, checksum right: but its standing facts left out
            new DayMarks(monday.checkpoints(), new long[0]).write(dir, id, seal);
        }
        try (JournalReader j = Journal.openReader(dir)) {
            assertEquals(2, j.markedDays().days().size(), "nothing but a walk of the day can tell");
            List<String> problems = j.sealProblems();
            assertEquals(1, problems.size(), problems::toString);
            assertTrue(problems.get(0).contains(MONDAY_FILE + "'s marks do not say where its checkpoints and standing facts lie"), problems::toString);
        }
        try (JournalReader j = Journal.openReader(dir)) {
            JournalId id = JournalId.of(j.id());
            new DayMarks(new long[] {j.firstIndex() - 1}, new long[0]).write(dir, id, DaySeal.read(dir, cycle(j), id).seal());
        }
        assertMondayUnmarked("its marks name places outside the day or out of order");
    }

    @Test
    void aWalkThatSealsADayMarksItAsTheWriterWould() throws IOException {
        threeDays(dir);
        byte[] written = Files.readAllBytes(marks(MONDAY_FILE));
        Files.delete(marks(MONDAY_FILE));
        Files.delete(dir.resolve(MONDAY_FILE.replace(".cq4", ".seal")));
        try (JournalWriter j = Journal.openWriter(dir)) {
            j.checkUpTo(j.lastIndex() + 1); // the restore's check: walks the unsealed Monday whole, and seals it
        }
        assertArrayEquals(written, Files.readAllBytes(marks(MONDAY_FILE)), "the same marks, bound to the same seal");
    }

    private int cycle(Journal j) {
        return Journal.cycleOf(j.firstIndex());
    }

    private void assertMondayUnmarked(String why) {
        try (JournalReader j = Journal.openReader(dir)) {
            Journal.MarkedDays found = j.markedDays();
            assertEquals(1, found.days().size(), found::toString);
            assertTrue(found.days().get(0).start() > j.firstIndex(), "Monday is not listed");
            assertEquals(1, found.problems().size(), found::toString);
            assertTrue(found.problems().get(0).contains(MONDAY_FILE) && found.problems().get(0).contains(why), found.problems()::toString);
        }
    }
}
