package dev.routing.journal.store.internal;

import java.time.Instant;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.function.Supplier;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Where an index or a time lies in the journal. An excerpt's day file is its journal time's UTC day
 * and journal time never goes back, so the journal is its own index by time: the days that have a
 * file, then a binary search over the excerpts inside one.
 *
 * <p>The days are those the journal found at its open (and, for the writer, the days it wrote
 * since). Navigation goes through them and never asks Chronicle about a day without a file: it
 * would log an error and pause 200 ms, and its own listing is a cache in metadata.cq4t, which a cut
 * that moved a day file aside leaves stale until the writer refreshes it.
 */
final class TimeIndex {
    private static final RollCycle ROLL = DayFiles.ROLL;

    private final NavigableSet<Long> days = new TreeSet<>();
    private final Supplier<ExcerptTailer> tailer;
    private final Supplier<ExcerptTailer> counter;
    private final ExcerptReader reader;

    /**
     * The searches read with the journal's one tailer, made on first use, count a day's excerpts with
     * {@code counter} ({@link Store#counter}), and peek at headers with {@code reader}.
     */
    TimeIndex(Supplier<ExcerptTailer> tailer, Supplier<ExcerptTailer> counter, ExcerptReader reader) {
        this.tailer = tailer;
        this.counter = counter;
        this.reader = reader;
    }

    /** Remembers the day files as inspected: a reader's stay as they were at its open. */
    void list(List<DayFiles.DayFile> files) {
        days.clear();
        for (DayFiles.DayFile f : files) days.add((long) f.cycle());
    }

    /** A day the writer writes to, which has a file from now on. */
    void add(long day) {
        days.add(day);
    }

    boolean hasDay(long cycle) {
        return days.contains(cycle);
    }

    /** Moves {@code t} to {@code index} if that index's day has a file and Chronicle finds it there. */
    boolean moveTo(ExcerptTailer t, long index) {
        return hasDay(ROLL.toCycle(index)) && t.moveToIndex(index);
    }

    /**
     * Moves {@code t} to the first excerpt at or after {@code fromIndex}, {@code first} being the
     * journal's first index; false when there is none.
     */
    boolean position(ExcerptTailer t, long first, long fromIndex) {
        if (fromIndex <= first) {
            t.toStart();
            return true;
        }
        long cycle = ROLL.toCycle(fromIndex);
        if (hasDay(cycle) && t.moveToIndex(fromIndex)) return true;
        // No excerpt has that index (past the end of its day, or a day with no file): start at the
        // next day that has one.
        for (Long next : days.tailSet(cycle, false)) {
            if (t.moveToIndex(ROLL.toIndex(next.intValue(), 0))) return true;
        }
        return false;
    }

    /**
     * The index of the first excerpt up to {@code last} (0 or more) whose journal time is at or after
     * {@code instant}, or {@code last + 1} when there is none.
     */
    long indexAt(long last, Instant instant) {
        long target = epochMillis(instant);
        // An excerpt's day is its journal time's day, so days before the target's hold nothing at
        // or after it, and the first excerpt of any later day is.
        for (Long day : days.tailSet(Math.floorDiv(target, DayFiles.DAY_MILLIS), true)) {
            int cycle = day.intValue();
            if (ROLL.toIndex(cycle, 0) > last) break;
            long count = Math.min(counter.get().excerptsInCycle(cycle),
                    cycle == ROLL.toCycle(last) ? ROLL.toSequenceNumber(last) + 1 : Long.MAX_VALUE);
            long lo = 0;
            long hi = count;
            while (lo < hi) {
                long mid = (lo + hi) >>> 1;
                if (time(ROLL.toIndex(cycle, mid)) < target) lo = mid + 1;
                else hi = mid;
            }
            if (lo < count) return ROLL.toIndex(cycle, lo);
        }
        return last + 1;
    }

    /** The index of the last excerpt at or before {@code index} (0 or more, before the journal's last; it need not be an excerpt's), or -1. */
    long atOrBefore(long index) {
        long cycle = ROLL.toCycle(index);
        for (Long day : days.headSet(cycle, true).descendingSet()) {
            long count = counter.get().excerptsInCycle(day.intValue());
            if (count == 0) continue;
            long sequence = day == cycle ? Math.min(ROLL.toSequenceNumber(index), count - 1) : count - 1;
            return ROLL.toIndex(day.intValue(), sequence);
        }
        return -1;
    }

    /** The journal time of the excerpt at {@code index}. */
    private long time(long index) {
        ExcerptTailer t = tailer.get();
        t.direction(TailerDirection.FORWARD);
        if (!t.moveToIndex(index)) throw new IllegalStateException("no excerpt at index " + Long.toHexString(index));
        try (DocumentContext dc = t.readingDocument()) {
            return reader.peek(dc).time();
        }
    }

    /** Epoch millis, saturated: {@code Instant.MIN} and {@code Instant.MAX} mean before and after everything. */
    private static long epochMillis(Instant instant) {
        try {
            return instant.toEpochMilli();
        } catch (ArithmeticException e) {
            return instant.isBefore(Instant.EPOCH) ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }
}
