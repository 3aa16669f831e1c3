package dev.routing.journal.store.internal;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.store.faults.DayFileException;
import dev.routing.journal.store.faults.JournalFullException;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * The machinery of the journal's one writer ({@code store.JournalWriter}), not
 * thread-safe: it belongs to the thread that opened it, as Chronicle's appender does. It holds the
 * lock that makes it the one ({@link WriterLock}), the tip it acknowledges each excerpt in
 * ({@link Tip}), the appender that writes them ({@link DayAppender}) and the free-space check before
 * each ({@link FreeSpace}); it reads through its {@link Store} like a reader, read-only until its
 * first write.
 */
public final class Writer implements AutoCloseable {
    private final Store s;
    final WriterLock lock;
    final DayAppender appender;
    /** The id a new journal takes (salvage's), or null for a fresh one. */
    private final JournalId wanted;
    private final CRC32C crc = new CRC32C();
    /** Where a header is written for a payload that has no room for one before it (a checkpoint's part). */
    private final byte[] header = new byte[Excerpt.HEADER_BYTES];
    Tip tip;
    /** Whether the store's queue is open for writing (after the first write). */
    private boolean writable;
    /** What the open cut (a torn tail), or null. */
    TailCut.Cut cut;
    private boolean uncommittedDurable;
    /** Whether an excerpt was written since the last sync. */
    private boolean unsynced;
    private long syncs;
    private long bytesWritten;
    /** Why this writer may write no more (a fault in the mapped file), or null. */
    private String broken;
    private boolean closed;

    private Writer(Path dir, JournalId wanted) {
        this.wanted = wanted;
        this.lock = WriterLock.take(dir);
        this.s = new Store(dir, new FreeSpace(dir, true));
        this.appender = new DayAppender(s.days, this::sync);
        new WriterOpening(s, this).run();
    }

    /** Opens (creating if need be) the journal in {@code dir} for writing, cutting a torn tail first. */
    public static Writer open(Path dir) {
        return new Writer(dir, null);
    }

    /** As {@link #open(Path)}, a new journal taking the id {@code id} (salvage's copy), or a fresh one when null. */
    static Writer open(Path dir, JournalId id) {
        return new Writer(dir, id);
    }

    /** What the writer reads through. */
    public Store store() {
        return s;
    }

    /** What the open cut (a torn tail), in words, or null when it cut nothing. */
    public String cut() {
        return cut == null ? null : cut.describe();
    }

    /** Why the newest day this writer sealed has no seal or no marks (a full disk), or null. */
    public String sealFailure() {
        return s.seals.failure();
    }

    /** The queue opened for writing, at the first write: a journal made before ids, or a new one, gets its id now. */
    void writable() {
        if (writable) return;
        if (s.id == null) {
            // a new journal, or one made before ids: it gets its id now, and every excerpt from here is bound to it
            s.bind(tip.bind(wanted != null ? wanted : JournalId.random()));
        }
        closeQueue();
        s.queue = appender.open(s.dir);
        writable = true;
    }

    boolean isWritable() {
        return writable;
    }

    /**
     * Writes a group's excerpt, {@code payload[offset, offset + length)} of {@code kind} holding
     * {@code count} entries, without syncing; a checkpoint too large for one excerpt goes in parts.
     * Returns its index, or -1 for a group of no entries.
     *
     * @throws IllegalArgumentException for a group over {@link Excerpt#GROUP_LIMIT} (nothing is written)
     * @throws JournalFullException when the disk has no room for it
     */
    public long write(byte kind, int count, byte[] payload, int offset, int length, boolean durable, long atMillis) {
        if (broken != null) throw new IllegalStateException("journal " + s.dir + " can take no more writes: " + broken);
        if (count == 0) return -1;
        int bytes = Excerpt.HEADER_BYTES + length;
        if (kind != Excerpt.CHECKPOINT && bytes > Excerpt.GROUP_LIMIT) {
            throw new IllegalArgumentException("a group of " + bytes + " bytes is over the journal's limit of " + Excerpt.GROUP_LIMIT);
        }
        s.journalTime = Math.max(s.journalTime, atMillis);
        appender.time(s.journalTime);
        long index;
        if (CheckpointParts.needed(kind, length)) {
            index = CheckpointParts.write(payload, offset, length, this::excerpt);
            bytesWritten += CheckpointParts.length(length);
        } else {
            index = excerpt(kind, count, payload, offset, length, true);
            bytesWritten += length;
        }
        uncommittedDurable |= durable;
        return index;
    }

    /**
     * The journal's excerpt primitive: writes {@code payload[offset, offset + length)} behind its
     * header as the next excerpt and returns its index. {@code inPlace} when the payload is a group's
     * own buffer: the header goes into the room the group left for it, just before the payload.
     */
    long excerpt(byte kind, int count, byte[] payload, int offset, int length, boolean inPlace) {
        byte[] head = inPlace ? payload : header;
        int at = inPlace ? offset - Excerpt.HEADER_BYTES : 0;
        s.space.ensure((long) Excerpt.HEADER_BYTES + length);
        writable(); // binds a journal made before ids, so that this excerpt is bound too
        int excerptCrc = Excerpt.writeHeader(head, at, s.id, kind, EntryCodec.SCHEMA_VERSION, count, s.nextOrdinal, s.nextEntry,
                s.lastIndex, s.journalTime, payload, offset, length, crc);
        long index = put(head, at, payload, offset, length);
        try {
            tip.acked(s.nextOrdinal, index, excerptCrc);
        } catch (InternalError e) {
            broken = "the disk filled under a write";
            throw FreeSpace.full(s.dir, s.space.usable(), (long) Excerpt.HEADER_BYTES + length, true, e);
        }
        long previous = s.lastIndex;
        s.lastIndex = index;
        s.nextOrdinal++;
        s.nextEntry += count;
        s.seals.wrote(index, s.nextOrdinal - 1, excerptCrc, DayMarks.ofPayload(kind, payload, offset, length, count), previous, s.walk);
        return index;
    }

    /**
     * Appends an excerpt read from another journal, bytes unchanged ({@code salvage}): it must be the
     * next one here, and land at the index it had there.
     */
    void copy(byte[] excerpt, int size, Excerpt h, long sourceIndex) {
        if (h.ordinal() != s.nextOrdinal || h.prevIndex() != s.lastIndex) {
            throw new IllegalStateException("excerpt " + h.ordinal() + " is not the next one for " + s.dir);
        }
        s.space.ensure(size);
        s.journalTime = h.time();
        long index = put(excerpt, 0, excerpt, Excerpt.HEADER_BYTES, size - Excerpt.HEADER_BYTES);
        if (index != sourceIndex) {
            throw new IllegalStateException("excerpt " + h.ordinal() + " would move from index 0x" + Long.toHexString(sourceIndex)
                    + " to 0x" + Long.toHexString(index));
        }
        tip.acked(h.ordinal(), index, h.crc());
        long previous = s.lastIndex;
        s.lastIndex = index;
        s.nextOrdinal++;
        s.nextEntry = h.nextEntry();
        s.seals.wrote(index, h.ordinal(), h.crc(), DayMarks.of(h.kind(), h.schema(), excerpt, h.entriesOffset(),
                Excerpt.HEADER_BYTES + h.length(), h.count()), previous, s.walk);
        uncommittedDurable = true;
        unsynced = true;
    }

    /** Writes one excerpt in the day of the journal time ({@link DayAppender}); a fault of the disk under it is a full disk. */
    private long put(byte[] head, int at, byte[] payload, int offset, int length) {
        writable();
        try {
            long index = appender.append(s.journalTime, head, at, payload, offset, length);
            unsynced = true;
            return index;
        } catch (InternalError e) {
            broken = "the disk filled under a write";
            throw FreeSpace.full(s.dir, s.space.usable(), (long) Excerpt.HEADER_BYTES + length, true, e);
        } catch (DayAppender.NotBegun e) {
            // Chronicle could not create or size a new day's file, and may have closed the day before: this
            // writer takes no more, and the next open goes on in the new day (it finds the old one closed)
            long usable = s.space.usable();
            if (usable < FreeSpace.RESERVE_BYTES) {
                broken = "the disk filled under a write";
                throw FreeSpace.full(s.dir, usable, (long) Excerpt.HEADER_BYTES + length, false, e.getCause());
            }
            broken = "it could not begin the day file " + e.file;
            throw new DayFileException(s.dir, e.file, usable, DayFiles.BLOCK + DayFiles.OVERLAP, e.getCause());
        } catch (RuntimeException e) {
            // Chronicle reports an I/O error (a day file it could not grow) as its own runtime exception
            long usable = s.space.usable();
            if (usable >= FreeSpace.RESERVE_BYTES) throw e;
            broken = "the disk filled under a write";
            throw FreeSpace.full(s.dir, usable, (long) Excerpt.HEADER_BYTES + length, true, e);
        }
    }

    /** Syncs to disk every durable entry written since the last commit; nothing to do if none. */
    public void commit() {
        if (uncommittedDurable) sync();
    }

    /** Syncs to disk every excerpt written since the last sync, durable or not. Nothing to do if none. */
    public void sync() {
        if (!unsynced) return;
        try {
            appender.sync();
        } catch (InternalError e) {
            broken = "the disk filled under a sync";
            throw FreeSpace.full(s.dir, s.space.usable(), 0, true, e);
        }
        tip.synced();
        uncommittedDurable = false;
        unsynced = false;
        syncs++;
    }

    public long syncs() {
        return syncs;
    }

    /** The ordinal the next excerpt gets. */
    long nextOrdinal() {
        return s.nextOrdinal;
    }

    public long bytesWritten() {
        return bytesWritten;
    }

    /** Closes the appender, then the store's queue. */
    void closeQueue() {
        try {
            appender.close();
        } catch (InternalError e) {
            // as the queue's: what it holds is on disk, or cut at the next open
        } finally {
            s.closeQueue();
            writable = false;
        }
    }

    /** Flushes the tip (unless a fault broke the writer), closes the queue and releases the lock. A writer has no view. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        try {
            if (tip != null && broken == null) tip.force();
            closeQueue();
        } finally {
            lock.release();
        }
    }
}
