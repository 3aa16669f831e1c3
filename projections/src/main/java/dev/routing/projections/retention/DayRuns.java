package dev.routing.projections.retention;

import java.util.Arrays;

/**
 * The UTC days a record keeps ids from, oldest first, each with where its run of the record starts
 * (an offset in a byte arena, a turn id): an entry's day is found from where it lies, and a day that
 * leaves takes its run with it, from the front ({@link Retention#KEEP_IDS_DAYS}). An empty day
 * shares its start with the next.
 */
public final class DayRuns {
    private long[] day = new long[2];
    private long[] start = new long[2];
    private int count;

    public int count() {
        return count;
    }

    /** The epoch day of run {@code d}, oldest first. */
    public long day(int d) {
        return day[d];
    }

    public long start(int d) {
        return start[d];
    }

    /** Moves where run {@code d} starts (the record was rewritten). */
    public void start(int d, long at) {
        start[d] = at;
    }

    /** Whether an entry of {@code epochDay} opens a run of its own (no day is earlier than the last one added). */
    public boolean opens(long epochDay) {
        return count == 0 || day[count - 1] < epochDay;
    }

    public void add(long epochDay, long at) {
        if (count == day.length) {
            day = Arrays.copyOf(day, count * 2);
            start = Arrays.copyOf(start, count * 2);
        }
        day[count] = epochDay;
        start[count] = at;
        count++;
    }

    /** The day of the entry at {@code at}: the last day whose run starts at or before it; {@link Long#MIN_VALUE} when none is kept. */
    public long dayOf(long at) {
        int low = 0;
        int high = count - 1;
        while (low < high) {
            int mid = (low + high + 1) >>> 1;
            if (start[mid] <= at) low = mid;
            else high = mid - 1;
        }
        return count == 0 ? Long.MIN_VALUE : day[low];
    }

    /** How many of the oldest days are before {@code cutoffDay}. */
    public int before(long cutoffDay) {
        int gone = 0;
        while (gone < count && day[gone] < cutoffDay) gone++;
        return gone;
    }

    /** Lets the oldest {@code gone} days go. */
    public void drop(int gone) {
        System.arraycopy(day, gone, day, 0, count - gone);
        System.arraycopy(start, gone, start, 0, count - gone);
        count -= gone;
    }

    public void clear() {
        count = 0;
    }

    /** Bytes the days hold on the heap (their arrays, not their headers). */
    public long footprint() {
        return 16L * day.length;
    }
}
