package dev.routing.journal.store.internal;

import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Finds the newest excerpt up to an index that a test picks, reading back from there in blocks, each
 * read forward. Chronicle's backward tailer finds each excerpt before from the nearest indexed one
 * (every 64th of a day) and reads forward to it: a walk back over n excerpts reads some 32 n headers,
 * a sixth of a restore on a large journal. A block starts on an indexed excerpt, so each header
 * passed is read once. Blocks grow from {@link #FIRST} to {@link #LARGEST} excerpts: a find close by
 * reads little more than it passes, one far back pays one index lookup per {@link #LARGEST}.
 *
 * <p>A block lies inside one day; the day before is found through the days that have a file
 * ({@link TimeIndex}), so a day with none is stepped over without asking Chronicle about it.
 */
final class BackwardSearch {
    private static final RollCycle ROLL = DayFiles.ROLL;
    /** A block's start is a multiple of Chronicle's index spacing: moving there reads no excerpt. */
    static final int FIRST = ROLL.defaultIndexSpacing();
    static final int LARGEST = 64 * FIRST;
    /** A block with no excerpt the test picks (-1 is a block whose excerpts stop short). */
    private static final long NOT_FOUND = -2;

    /** What a search looks for, in one excerpt's header (read without checking it). */
    @FunctionalInterface
    interface Test {
        boolean picks(DocumentContext dc);
    }

    private BackwardSearch() {}

    /**
     * The index of the newest excerpt after {@code after} and at or before {@code upTo} (an excerpt's
     * index) that {@code test} picks, read with {@code t}; -1 when none is, or when the excerpts stop
     * before a block's end (a backward read that ran out: the checked reads name what is wrong).
     */
    static long newest(ExcerptTailer t, TimeIndex days, long upTo, long after, Test test) {
        long end = upTo;
        long size = FIRST;
        while (end >= 0 && end > after) {
            long dayFirst = ROLL.toIndex(ROLL.toCycle(end), 0);
            long sequence = ROLL.toSequenceNumber(end);
            long start = Math.max(dayFirst + Math.max(0, (sequence - size + 1) / FIRST * FIRST), after + 1);
            long found = inBlock(t, days, start, end, test);
            if (found != NOT_FOUND) return found;
            end = start > dayFirst ? start - 1 : days.atOrBefore(start - 1);
            size = Math.min(2 * size, LARGEST);
        }
        return -1;
    }

    /** The newest excerpt in [start, end] that {@code test} picks, {@link #NOT_FOUND} for none, -1 when the excerpts stop before {@code end}. */
    private static long inBlock(ExcerptTailer t, TimeIndex days, long start, long end, Test test) {
        t.direction(TailerDirection.FORWARD);
        if (!days.moveTo(t, start)) return -1;
        long found = NOT_FOUND;
        while (true) {
            try (DocumentContext dc = t.readingDocument()) {
                if (!dc.isPresent()) return -1;
                long index = dc.index();
                if (index > end) {
                    dc.rollbackOnClose();
                    return found;
                }
                if (test.picks(dc)) found = index;
                if (index == end) return found;
            }
        }
    }
}
