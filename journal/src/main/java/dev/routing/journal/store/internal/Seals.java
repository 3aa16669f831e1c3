package dev.routing.journal.store.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.openhft.chronicle.queue.RollCycle;

/**
 * The day files an open trusts without reading them again: those whose {@link DaySeal} matches the
 * file as it lies. A check of the journal up to an index (a restore from a checkpoint) walks only the
 * other files and what follows the last trusted one. The writer seals a day file when its day rolls,
 * and any rolled file one of its walks read whole (the restore's check, or its fold from the start)
 * that had no seal or a seal that did not match: a journal from before seals gets them as the
 * writer's restore reads it.
 *
 * <p>A seal that does not match is never trusted: its file is walked as before seals, and the open
 * says so in a note. A byte changed inside a sealed file, with its size and its neighbours as
 * sealed, is not found by a check that trusts the seal: every read that reaches the file finds it,
 * and {@code verify} compares every file with its seal ({@link #compareAll}).
 */
final class Seals {
    private static final RollCycle ROLL = DayFiles.ROLL;

    /**
     * Where a test's child writer stops, killed, between a day roll and its seal. Null but in such a
     * child: a kill there must cost nothing but a full check of that day's file at the next open.
     */
    static volatile Runnable beforeSeal;

    private final Store s;
    /** The day files as the open found them, by cycle. */
    private final Map<Integer, DayFiles.DayFile> files = new TreeMap<>();
    /** The days whose seal the open trusted. */
    private final Map<Integer, DaySeal> trusted = new TreeMap<>();
    /** Whether this store writes seals: the writer's. */
    private boolean writes;
    /** The writer's running seal of the day it writes, from that day's first excerpt; null when it began elsewhere. */
    private DaySeal.Chain running;
    private int runningCycle = Integer.MIN_VALUE;
    /** See {@link #failure()}. */
    private String failure;

    Seals(Store store) {
        this.s = store;
    }

    /** This store writes seals from now on (the writer's, once it holds the lock). */
    void writing() {
        writes = true;
    }

    /**
     * Judges the seal of every day file but the last against the file as it lies; notes the seals
     * that do not match, and the files that have none, as files checked whole.
     */
    void judge(List<DayFiles.DayFile> found) {
        files.clear();
        trusted.clear();
        for (DayFiles.DayFile f : found) files.put(f.cycle(), f);
        if (s.id == null) return;
        List<String> unsealed = new ArrayList<>();
        for (int i = 0; i + 1 < found.size(); i++) {
            DayFiles.DayFile f = found.get(i);
            // a file with no excerpt after it (a day a power failure took) ends the journal as the last does: checked, not judged
            if (f.first() == null || found.get(i + 1).first() == null) continue;
            DaySeal.Reading r = DaySeal.read(s.dir, f.cycle(), s.id);
            String why = r.seal() == null ? r.why() : r.seal().mismatch(f, found.get(i + 1));
            if (why == null) {
                trusted.put(f.cycle(), r.seal());
            } else if (r.missing()) {
                unsealed.add(f.name());
            } else {
                s.notes.add("the day file " + f.name() + " does not match its seal (" + why + "): the seal is not trusted,"
                        + " and the file is checked whole wherever the journal is checked");
            }
        }
        if (!unsealed.isEmpty()) {
            s.notes.add(unsealed.size() + " day file(s) have no seal (" + unsealed.get(0)
                    + (unsealed.size() > 1 ? " to " + unsealed.get(unsealed.size() - 1) : "") + "): they are checked whole"
                    + " wherever the journal is checked" + (writes ? ", and sealed then" : ", and the writer seals them as it checks them"));
        }
    }

    boolean trusts(int cycle) {
        return trusted.containsKey(cycle);
    }

    /** The seal the open trusted for the day {@code cycle}, or null. */
    DaySeal trusted(int cycle) {
        return trusted.get(cycle);
    }

    /**
     * Checks every excerpt before {@code toIndex} but those of trusted day files, the one it stops in
     * too; the writer seals each rolled file it walks whole.
     */
    void checkUpTo(long toIndex, Walk walk) {
        long stop = Math.min(toIndex, s.lastIndex + 1);
        Walk.ExcerptSink none = (index, h) -> { };
        long from = -1;
        boolean open = true;
        for (DayFiles.DayFile f : files.values()) {
            long start = ROLL.toIndex(f.cycle(), 0);
            if (start >= stop) break;
            boolean skip = trusted.containsKey(f.cycle()); // wholly or in part before stop: its seal holds every excerpt
            if (skip && open) {
                walk.walk(from, start, none);
                open = false;
            } else if (!skip && !open) {
                from = start;
                open = true;
            }
        }
        if (open) walk.walk(from, stop, none);
    }

    /**
     * The writer wrote the excerpt {@code ordinal} at {@code index}, {@code mark} to the day's marks
     * ({@link DayMarks#of}): keeps the day's running seal, and seals the day a roll left.
     */
    void wrote(long index, long ordinal, int crc, DayMarks.Mark mark, long previousIndex, Walk walk) {
        int cycle = ROLL.toCycle(index);
        if (cycle != runningCycle) {
            // a writer's first excerpt goes on in the day its open found: nothing rolled
            if (previousIndex >= 0 && ROLL.toCycle(previousIndex) != cycle) rolled(ROLL.toCycle(previousIndex), walk);
            runningCycle = cycle;
            running = ROLL.toSequenceNumber(index) == 0 ? new DaySeal.Chain(cycle, ordinal) : null;
        }
        if (running != null) {
            running.add(index, ordinal, crc);
            running.marks.add(index, mark);
        }
    }

    /**
     * The day {@code cycle} rolled: its file takes no more excerpts. Sealed from the running seal
     * when this writer wrote it from its first excerpt; else (it opened in that day) by a walk of it.
     */
    private void rolled(int cycle, Walk walk) {
        Runnable halt = beforeSeal;
        if (halt != null) halt.run();
        if (running != null && running.cycle == cycle) {
            seal(running);
        } else {
            walk.walk(ROLL.toIndex(cycle, 0), ROLL.toIndex(cycle + 1, 0), (index, h) -> { }); // sealed by the walk
        }
    }

    /** What seals the rolled day files a walk reads whole, or null when this store writes no seals (a reader's). */
    Sealing sealing() {
        return writes && s.id != null ? new Sealing() : null;
    }

    /**
     * Seals the day, then writes its marks bound to the seal: a kill between leaves a seal without
     * marks, walked as before. A seal or marks the disk refused are said ({@link #failure}), not
     * thrown: the fact that rolled the day is journaled, and without them the day is only walked.
     */
    private void seal(DaySeal.Chain chain) {
        if (!writes || s.id == null) return;
        String day = DayFiles.name(chain.cycle);
        DaySeal seal = null;
        String why;
        try {
            seal = chain.seal(Files.size(s.dir.resolve(day)));
            why = seal.write(s.dir, s.id);
        } catch (IOException e) {
            why = e.toString();
        }
        if (why != null) {
            failure = "the day file " + day + " could not be sealed (" + why + "): every open checks it whole";
            return;
        }
        why = chain.marks.marks().write(s.dir, s.id, seal);
        failure = why == null ? null : "the day file " + day + "'s marks could not be written (" + why + "): explain walks that day";
    }

    /** Why the newest day the writer sealed has no seal or no marks (a full disk), or null when it has both. */
    String failure() {
        return failure;
    }

    /**
     * The marks of every day file whose seal this open trusts and whose marks read and are bound to
     * that seal, by cycle; what kept the others' marks from being read goes in {@code problems} (a
     * day with no marks file, sealed before marks or by a writer killed between the two, is walked
     * as before, and said nowhere).
     */
    Map<Integer, DayMarks> marks(List<String> problems) {
        Map<Integer, DayMarks> found = new TreeMap<>();
        for (Map.Entry<Integer, DaySeal> day : trusted.entrySet()) {
            DayMarks.Reading r = DayMarks.read(s.dir, s.id, day.getValue());
            if (r.marks() != null) found.put(day.getKey(), r.marks());
            else if (!r.missing()) problems.add("the day file " + DayFiles.name(day.getKey()) + ": " + r.why() + ", so it is walked");
        }
        return found;
    }

    /**
     * {@code verify}'s check: every day file but the last walked whole and compared with its seal,
     * where it has one. Returns what does not match, one line a file.
     */
    List<String> compareAll(Walk walk) {
        List<String> problems = new ArrayList<>();
        if (s.id == null) return problems;
        Map<Integer, DaySeal.Chain> chains = new TreeMap<>();
        walk.walk(-1, s.lastIndex + 1, (index, h) -> {
            DaySeal.Chain chain = chains.computeIfAbsent(ROLL.toCycle(index), c -> new DaySeal.Chain(c, h.ordinal()));
            chain.add(index, h.ordinal(), h.crc());
            chain.marks.add(index, DayMarks.of(h.kind(), h.schema(), s.reader.buffer(), h.entriesOffset(),
                    Excerpt.HEADER_BYTES + h.length(), h.count()));
        });
        List<DayFiles.DayFile> found = DayFiles.inspectEach(s.dir);
        for (int i = 0; i + 1 < found.size(); i++) {
            DayFiles.DayFile f = found.get(i);
            // beside a live writer: a day that rolled after this open was walked only as far as the open found it
            if (s.lastIndex < 0 || ROLL.toCycle(s.lastIndex) <= f.cycle()) break;
            DaySeal.Reading r = DaySeal.read(s.dir, f.cycle(), s.id);
            if (r.missing()) continue;
            DaySeal.Chain chain = chains.get(f.cycle());
            String why = r.seal() == null ? r.why() : chain == null ? "it holds no excerpt" : differs(r.seal(), chain.seal(f.size()));
            if (why != null) {
                problems.add("the day file " + f.name() + " does not match its seal: " + why);
                continue;
            }
            DayMarks.Reading marks = DayMarks.read(s.dir, s.id, r.seal());
            if (marks.missing()) continue;
            if (marks.marks() == null) problems.add("the day file " + f.name() + ": " + marks.why());
            else if (!marks.marks().same(chain.marks.marks())) {
                problems.add("the day file " + f.name() + "'s marks do not say where its checkpoints and standing facts lie");
            }
        }
        return problems;
    }

    private static String differs(DaySeal sealed, DaySeal found) {
        if (sealed.equals(found)) return null;
        if (sealed.excerpts() != found.excerpts() || sealed.lastOrdinal() != found.lastOrdinal()) {
            return "it holds ordinals " + found.firstOrdinal() + " to " + found.lastOrdinal() + ", its seal says "
                    + sealed.firstOrdinal() + " to " + sealed.lastOrdinal();
        }
        if (sealed.size() != found.size()) return "it is " + found.size() + " bytes, its seal says " + sealed.size();
        return "the checksums of its excerpts are not those sealed";
    }

    /** A walk's excerpts, per day: each rolled day file walked from its first excerpt to its last is sealed, if this store writes seals. */
    final class Sealing implements Walk.ExcerptSink {
        private DaySeal.Chain chain;

        @Override
        public void accept(long index, Excerpt h) {
            int cycle = ROLL.toCycle(index);
            if (chain != null && chain.cycle != cycle) finish();
            if (chain == null) {
                DayFiles.DayFile f = files.get(cycle);
                // only a day file walked from its first excerpt, and needing a seal
                if (trusted.containsKey(cycle) || f == null || f.first() == null || f.first().ordinal() != h.ordinal()) {
                    chain = new DaySeal.Chain(cycle, -1);
                    skipping = true;
                } else {
                    chain = new DaySeal.Chain(cycle, h.ordinal());
                    skipping = false;
                }
            }
            chain.add(index, h.ordinal(), h.crc());
            if (!skipping) {
                byte[] buf = s.reader.buffer();
                chain.marks.add(index, DayMarks.of(h.kind(), h.schema(), buf, h.entriesOffset(), Excerpt.HEADER_BYTES + h.length(), h.count()));
            }
        }

        private boolean skipping;

        /** A stretch of the walk ended before {@code stop}: the day it was in is whole if {@code stop} lies in a later day. */
        void stretchEnded(long stop) {
            if (chain != null && ROLL.toCycle(stop) > chain.cycle) finish();
            chain = null;
        }

        private void finish() {
            if (!skipping && files.containsKey(chain.cycle) && hasLater(chain.cycle)) seal(chain);
            chain = null;
        }

        /** Whether a day file after {@code cycle} was begun: the day rolled. */
        private boolean hasLater(int cycle) {
            return s.lastIndex >= 0 && ROLL.toCycle(s.lastIndex) > cycle;
        }
    }
}
