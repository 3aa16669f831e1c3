package dev.routing.journal.store;

import static dev.routing.journal.store.Entries.checkpoint;
import static dev.routing.journal.store.Entries.message;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.routing.journal.event.StateCheckpoint;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The searches back from an index (the newest checkpoint at or before it, the last seq after it)
 * read back in blocks, each read forward: they find what a forward walk over every excerpt from the
 * start last passed, wherever it lies against a block's edge (every 64th excerpt of a day, blocks of
 * 64 to 4,096), a day's edge, a day with no file, or the journal's ends.
 */
class BackwardSearchTest {
    /** A Monday, UTC midnight. */
    private static final Instant T0 = Instant.parse("2026-11-02T00:00:00Z");
    private static final long SEED = 3_400_034L;
    private static final int FIRST_CYCLE = (int) (T0.getEpochSecond() / 86_400);

    @TempDir
    Path dir;

    private final List<Journal> open = new ArrayList<>();

    @AfterEach
    void closeAll() {
        for (Journal j : open) j.close();
        BackgroundResourceReleaser.releasePendingResources();
    }

    /** One day of a journal: its day after T0, its excerpts, and which of them (by sequence) are checkpoints and numbered. */
    private record Day(int day, int excerpts, Set<Integer> checkpoints, Set<Integer> numbered) {
    }

    /** What a forward walk from the start found at each excerpt. */
    private record Walked(long index, boolean checkpoint, long seq) {
    }

    @Test
    void theNewestCheckpointAndTheLastSeqAreWhatAForwardWalkLastPassedAtBlockAndDayEdges() {
        // Day 2 and day 5 have no file. Day 0 opens the journal with a checkpoint and has them on both
        // sides of a block's edge; day 1 ends with one; day 3 begins with one; day 4 and day 6 have
        // none, so a search from day 6 goes back over 9,000 excerpts, a day and a missing day; the
        // journal's last excerpt is one.
        List<Day> days = List.of(
                new Day(0, 9_000, Set.of(0, 63, 64, 4_095, 4_097), Set.of(1, 64, 4_096, 8_999)),
                new Day(1, 300, Set.of(299), Set.of(0, 298)),
                new Day(3, 10_000, Set.of(0, 8_191), Set.of(127, 128, 9_999)),
                new Day(4, 130, Set.of(), Set.of()),
                new Day(6, 9_000, Set.of(), Set.of(4_160)),
                new Day(7, 70, Set.of(69), Set.of(0)));
        check(days, new SplittableRandom(SEED));
    }

    @Test
    void aJournalWithNoCheckpointHasNoneBeforeAnyIndex() {
        List<Day> days = List.of(
                new Day(0, 200, Set.of(), Set.of()),
                new Day(2, 5_000, Set.of(), Set.of()),
                new Day(3, 1, Set.of(), Set.of()));
        check(days, new SplittableRandom(SEED + 1));
    }

    @Test
    void randomJournalsOverDaysWithGapsAgreeWithAForwardWalk() {
        for (int round = 0; round < 3; round++) {
            long seed = SEED + 100 + round;
            SplittableRandom random = new SplittableRandom(seed);
            List<Day> days = new ArrayList<>();
            int day = random.nextInt(2);
            for (int n = 1 + random.nextInt(4); n > 0; n--) {
                int excerpts = random.nextBoolean() ? 1 + random.nextInt(70) : 1 + random.nextInt(3_000);
                Set<Integer> checkpoints = new TreeSet<>();
                Set<Integer> numbered = new TreeSet<>();
                for (int k = random.nextInt(4); k > 0; k--) checkpoints.add(edgeOrAny(random, excerpts));
                for (int k = random.nextInt(4); k > 0; k--) numbered.add(edgeOrAny(random, excerpts));
                numbered.removeAll(checkpoints);
                days.add(new Day(day, excerpts, checkpoints, numbered));
                day += 1 + random.nextInt(3);
            }
            Path journal = dir.resolve("round-" + round);
            try {
                check(journal, days, random);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("seed " + seed + " (round " + round + "): " + e.getMessage(), e);
            }
        }
    }

    /** A sequence in a day of {@code excerpts}: its first or last, one beside a block's edge, or any. */
    private static int edgeOrAny(SplittableRandom random, int excerpts) {
        int at = switch (random.nextInt(4)) {
            case 0 -> random.nextBoolean() ? 0 : excerpts - 1;
            case 1 -> 64 * random.nextInt(excerpts / 64 + 1) + random.nextInt(3) - 1;
            default -> random.nextInt(excerpts);
        };
        return Math.max(0, Math.min(excerpts - 1, at));
    }

    private void check(List<Day> days, SplittableRandom random) {
        try {
            check(dir, days, random);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("seed " + SEED + ": " + e.getMessage(), e);
        }
    }

    private void check(Path at, List<Day> days, SplittableRandom random) {
        try (JournalWriter w = Journal.openWriter(at)) {
            write(w, days);
            List<Walked> walked = walk(w);
            TreeSet<Long> probes = probes(days, walked, random);
            agree(w, walked, probes, "the writer");
        }
        BackgroundResourceReleaser.releasePendingResources();
        try (Journal r = Journal.openReader(at)) {
            List<Walked> walked = walk(r);
            agree(r, walked, probes(days, walked, random), "a reader");
        }
    }

    private static void write(JournalWriter w, List<Day> days) {
        long seq = 0;
        for (Day d : days) {
            Instant midnight = T0.plus(Duration.ofDays(d.day()));
            for (int s = 0; s < d.excerpts(); s++) {
                Instant time = midnight.plusMillis(s);
                Group g;
                if (d.checkpoints().contains(s)) {
                    g = Group.of(List.of(checkpoint(time, w.lastIndex())));
                } else {
                    g = new Group();
                    if (d.numbered().contains(s)) g.seq(++seq);
                    g.add(message(time, "m" + s));
                }
                long index = w.write(g);
                assertEquals(((long) (FIRST_CYCLE + d.day()) << 32) + s, index, "each day its own file, from sequence 0");
            }
        }
        w.sync();
    }

    /** The reference: every excerpt, read forward from the start. */
    private static List<Walked> walk(Journal j) {
        List<Walked> walked = new ArrayList<>();
        j.read(Long.MIN_VALUE, r -> walked.add(new Walked(r.index(), r.entry() instanceof StateCheckpoint, r.seq())));
        return walked;
    }

    /**
     * The indexes of the checkpoints and numbered groups and those beside them, the edges of the
     * blocks around them (every 64th and 4,096th excerpt of a day), each day's edges and the index
     * just past its end, where days have no file, the journal's ends, and random indexes.
     */
    private static TreeSet<Long> probes(List<Day> days, List<Walked> walked, SplittableRandom random) {
        TreeSet<Long> probes = new TreeSet<>(List.of(-1L, 0L, Long.MAX_VALUE));
        for (Walked w : walked) {
            if (!w.checkpoint() && w.seq() == Group.NO_SEQ) continue;
            for (long d = -1; d <= 1; d++) probes.add(w.index() + d);
            for (long block : new long[] {64, 4_096}) {
                long edge = w.index() / block * block;
                for (long d = -1; d <= 1; d++) {
                    probes.add(edge + d);
                    probes.add(edge + block + d);
                }
            }
        }
        long cycle0 = (long) FIRST_CYCLE << 32;
        for (int day = -1; day <= days.get(days.size() - 1).day() + 1; day++) {
            long first = cycle0 + ((long) day << 32);
            probes.add(first - 1);
            probes.add(first);
            probes.add(first + 1);
        }
        for (Day d : days) {
            long first = cycle0 + ((long) d.day() << 32);
            probes.add(first + d.excerpts() - 1);
            probes.add(first + d.excerpts());
            probes.add(first + 5_000_000L);
        }
        for (int i = 0; i < 60; i++) probes.add(walked.get(random.nextInt(walked.size())).index());
        return probes;
    }

    private static void agree(Journal j, List<Walked> walked, TreeSet<Long> probes, String who) {
        for (long probe : probes) {
            Walked checkpoint = null;
            long lastSeq = Group.NO_SEQ;
            for (Walked w : walked) {
                if (w.index() <= probe && w.checkpoint()) checkpoint = w;
                if (w.index() > probe && w.seq() != Group.NO_SEQ) lastSeq = w.seq();
            }
            JournalRecord found = j.newestCheckpoint(probe);
            String at = who + ", at index " + hex(probe);
            if (checkpoint == null) {
                assertNull(found, at + ": no checkpoint at or before it");
            } else {
                assertEquals(hex(checkpoint.index()), found == null ? "none" : hex(found.index()), at + ": the newest checkpoint");
                assertEquals(j.entryAt(checkpoint.index()), found.entry(), at);
            }
            assertEquals(lastSeq, j.lastSeq(probe), who + ": the last seq after index " + hex(probe));
        }
    }

    private static String hex(long index) {
        return "0x" + Long.toHexString(index);
    }
}
