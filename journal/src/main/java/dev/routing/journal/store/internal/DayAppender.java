package dev.routing.journal.store.internal;

import java.nio.file.Path;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The writer's Chronicle appender, a fresh one for each UTC day of journal time. Chronicle rolls
 * files by this appender's clock, set to the journal time, so each day file holds one day of the
 * entries' own time.
 *
 * <p>Chronicle seals day files (and advances the cursor its next appender starts from) only when
 * an appender first writes, so a writer that kept one appender for months left the next open to map
 * and seal every day file since: 41 s on a 3,450-day journal. A fresh appender each new day seals
 * the one before, so an open walks no history. What the old day holds is synced first, durable or
 * not: a sync reaches only the current day's file, so a host that acknowledges only what is synced
 * would otherwise acknowledge the old day's last groups unsynced.
 */
final class DayAppender {
    /** The key of Chronicle's write lock in its table store, and its value when free (TableStoreWriteLock's). */
    private static final String CHRONICLE_WRITE_LOCK = "chronicle.write.lock";
    private static final long UNLOCKED = Long.MIN_VALUE;

    private final Clock clock = new Clock();
    private final TimeIndex days;
    private final Runnable syncOldDay;
    private Path dir;
    private SingleChronicleQueue queue;
    private ExcerptAppender appender;
    /** The UTC day of the appender's writes. */
    private long day = -1;

    /** {@code days} learns each day written; {@code syncOldDay} syncs what was written before a new day's first write. */
    DayAppender(TimeIndex days, Runnable syncOldDay) {
        this.days = days;
        this.syncOldDay = syncOldDay;
    }

    /** The clock Chronicle rolls the journal's files by: the journal time of the write under way. */
    TimeProvider clock() {
        return clock;
    }

    /** Sets the journal time before anything opens or writes the queue. */
    void time(long millis) {
        clock.millis = millis;
    }

    /**
     * Opens the queue in {@code dir} for writing, syncing each excerpt's pages on {@link #sync}; returns
     * it. Chronicle's own write lock (in metadata.cq4t) is taken over: the journal's writer lock is held,
     * so whoever Chronicle's names is dead, or this process after a write that failed under it.
     */
    SingleChronicleQueue open(Path dir) {
        this.dir = dir;
        queue = DayFiles.chronicle(dir).timeProvider(clock).syncMode(SyncMode.SYNC).build();
        releaseChronicleLock();
        return queue;
    }

    /**
     * Frees Chronicle's write lock. A write that fails while Chronicle rolls to a new day leaves it
     * held, and the next writer would find it "locked by" a process that is gone, or by itself.
     */
    private void releaseChronicleLock() {
        try {
            if (queue.tableStoreGet(CHRONICLE_WRITE_LOCK) != UNLOCKED) queue.tableStorePut(CHRONICLE_WRITE_LOCK, UNLOCKED);
        } catch (RuntimeException | InternalError e) {
            // metadata that cannot be written now is unlocked by the next open
        }
    }

    /**
     * Writes the header at {@code head[at, at + HEADER_BYTES)} and the payload as one Chronicle excerpt
     * in the day of {@code journalTime}; returns its index. Chronicle's faults (InternalError, its own
     * runtime exceptions for I/O) pass through.
     */
    long append(long journalTime, byte[] head, int at, byte[] payload, int offset, int length) {
        clock.millis = journalTime;
        long day = journalTime / DayFiles.DAY_MILLIS;
        ExcerptAppender out;
        DocumentContext dc;
        try {
            out = forDay(day);
            dc = out.writingDocument();
        } catch (Exception e) {
            // Chronicle could not open, create or size a day's file: its I/O errors are its runtime
            // exceptions, or the IOException itself, rethrown unchecked
            releaseChronicleLock();
            close();
            this.day = -1;
            throw new NotBegun(DayFiles.name((int) day), DayFiles.removeUnbegun(dir.resolve(DayFiles.name((int) day))), e);
        }
        try {
            Bytes<?> bytes = dc.wire().bytes();
            if (head == payload && offset == at + Excerpt.HEADER_BYTES) {
                bytes.write(head, at, Excerpt.HEADER_BYTES + length);
            } else {
                bytes.write(head, at, Excerpt.HEADER_BYTES);
                bytes.write(payload, offset, length);
            }
        } catch (RuntimeException | Error e) {
            dc.rollbackOnClose();
            throw e;
        } finally {
            dc.close();
        }
        return out.lastIndexAppended();
    }

    /** Syncs the current day's file (msync). */
    void sync() {
        appender().sync();
    }

    /** Closes the appender; the queue is closed by its owner. */
    void close() {
        try {
            if (appender != null) appender.close();
        } catch (RuntimeException e) {
            // an appender whose file could not be opened closes as far as it can
        } finally {
            appender = null;
        }
    }

    private ExcerptAppender forDay(long day) {
        if (appender != null && day != this.day) {
            syncOldDay.run();
            appender.close();
            appender = null;
        }
        this.day = day;
        days.add(day);
        return appender();
    }

    private ExcerptAppender appender() {
        if (appender == null) appender = queue.createAppender();
        return appender;
    }

    /** Chronicle could not begin the file of a day (named): {@code removed} when the empty file it left was removed. */
    static final class NotBegun extends RuntimeException {
        final String file;
        final boolean removed;

        NotBegun(String file, boolean removed, Exception cause) {
            super(cause.getMessage(), cause);
            this.file = file;
            this.removed = removed;
        }
    }

    private static final class Clock implements TimeProvider {
        volatile long millis;

        @Override
        public long currentTimeMillis() {
            return millis;
        }
    }
}
