package dev.routing.journal.store.internal;

import dev.routing.journal.codec.CheckpointJson;
import dev.routing.journal.store.faults.JournalDamagedException;
import dev.routing.journal.store.faults.JournalFullException;
import java.time.Instant;
import net.openhft.chronicle.queue.ExcerptTailer;

/**
 * The journal's searches: by the host's seq, by time, for the newest checkpoint. They read headers
 * without checking them (backwards from the end, or skipping ahead), so what they find wrong is
 * named by the checked walk from the start ({@link #named}); a group they find is checked when it
 * is read.
 */
public final class Searches {
    private final Store s;
    private final Walk walk;

    Searches(Store store, Walk walk) {
        this.s = store;
        this.walk = walk;
    }

    /** The host's seq of the last numbered group after {@code afterIndex}, or {@link Excerpt#NO_SEQ} when there is none. */
    public long lastSeq(long afterIndex) {
        long last = s.lastIndex;
        if (last < 0 || last <= afterIndex) return Excerpt.NO_SEQ;
        ExcerptTailer t = s.tailer();
        try {
            return SeqSearch.last(t, last, afterIndex, s.days, s.reader);
        } catch (InternalError | RuntimeException e) {
            throw failed(e, last);
        }
    }

    /** The index of the group the host numbered {@code seq}, or -1 when none is ({@link SeqSearch#indexOf}). */
    public long indexOfSeq(long seq, long fromIndex) {
        long last = s.lastIndex;
        if (last < 0 || seq <= Excerpt.NO_SEQ) return -1;
        ExcerptTailer t = s.tailer();
        try {
            return SeqSearch.indexOf(t, last, seq, fromIndex, s.days, s.reader);
        } catch (InternalError | RuntimeException e) {
            throw failed(e, last);
        }
    }

    /** The index of the first group whose journal time is at or after {@code instant}, or the last index + 1 ({@link TimeIndex}). */
    public long indexAt(Instant instant) {
        long last = s.lastIndex;
        if (last < 0) return 0;
        return s.days.indexAt(last, instant);
    }

    /**
     * The newest {@code state.checkpoint} at or before {@code beforeIndex}, read back from there
     * ({@link BackwardSearch}). Returns null when there is none.
     */
    public <R> R newestCheckpoint(long beforeIndex, Walk.Found<R> found) {
        return newestCheckpoint(beforeIndex, index -> found.at(index, 0, walk.entryAt(index), Excerpt.NO_SEQ));
    }

    /**
     * The newest {@code state.checkpoint} at or before {@code beforeIndex} with its state as the JSON it
     * is stored as, read where it is found (its read's faults named as the search's), or null.
     */
    public <R> R newestCheckpointJson(long beforeIndex, java.util.function.BiFunction<Long, CheckpointJson, R> found) {
        return newestCheckpoint(beforeIndex, index -> found.apply(index, walk.checkpointAt(index)));
    }

    /** What {@code then} makes of the newest checkpoint's index (a read of it is named as the search's faults are), or null for none. */
    private <R> R newestCheckpoint(long beforeIndex, java.util.function.LongFunction<R> then) {
        long start = groupAtOrBefore(beforeIndex);
        if (start < 0) return null;
        ExcerptTailer t = s.queue.createTailer();
        try {
            long index = BackwardSearch.newest(t, s.days, start, -1, dc -> s.reader.peek(dc).isCheckpoint());
            return index < 0 ? null : then.apply(index);
        } catch (InternalError | RuntimeException e) {
            throw failed(e, start);
        } finally {
            t.close();
        }
    }

    /**
     * What a search that failed at {@code index} says. Whatever reading unchecked headers threw (damage
     * it saw, a fault in a mapped file, or a value Chronicle could not read, which can come with no
     * message at all) is named by the checked walk when it is damage ({@link #named}); an error that
     * is no fault of a file's is thrown as it is.
     */
    private RuntimeException failed(Throwable e, long index) {
        if (FreeSpace.mappedFault(e) != null) return named(s.space.faulted(e, DayFiles.name(DayFiles.ROLL.toCycle(index))));
        if (e instanceof RuntimeException r) return named(r);
        throw (Error) e;
    }

    /**
     * What a search that reads headers without checking them found wrong, named as every reader
     * names it. A flipped length in Chronicle's framing faults the search where it stands, which can
     * be a day after the damage, and looks like a file cut short; the forward check from the start
     * finds the excerpt itself, by file, index and ordinal. Only when it finds nothing is the
     * search's own answer given.
     */
    private RuntimeException named(RuntimeException found) {
        try {
            walk.checkWhole(s.lastIndex + 1);
        } catch (JournalDamagedException | JournalFullException e) {
            return e;
        }
        return found;
    }

    /** The index of the last group at or before {@code index} (which need not be a group's), or -1. */
    private long groupAtOrBefore(long index) {
        long last = s.lastIndex;
        if (last < 0 || index < 0) return -1;
        if (index >= last) return last;
        return s.days.atOrBefore(index);
    }
}
