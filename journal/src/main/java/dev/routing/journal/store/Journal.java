package dev.routing.journal.store;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.Wire;

/**
 * The append-only journal: a Chronicle Queue with one file per UTC day of the entries' own time.
 *
 * <p>Each excerpt is an envelope of four fields: {@code v} the schema version, {@code t} the
 * journal time (the entry's {@code at} in epoch millis, never less than the previous entry's, so
 * that a binary search over it is sound), {@code k} the entry kind, and {@code json} the entry.
 *
 * <p>One writer per directory, enforced by an OS file lock that dies with its process (and, inside
 * one JVM, by a registry of the journals it writes), so a second writer fails at once instead of
 * waiting on Chronicle's 15 s lock. Durable entries (J3) are
 * msync'ed before {@link #append} or {@link #appendAll} returns. Like Chronicle's own appenders
 * and tailers, a Journal belongs to the thread that opened it.
 */
public final class Journal implements AutoCloseable {
    private static final String LOCK_FILE = "writer.lock";
    private static final RollCycle ROLL = RollCycles.FAST_DAILY;
    private static final long DAY_MILLIS = 86_400_000L;
    /**
     * Chronicle refuses an excerpt over a quarter of its 64 MiB block, and a state holding
     * thousands of drafts can pass that; a checkpoint larger than this is written in parts.
     */
    static final int PART_BYTES = 4 << 20;

    /**
     * The journals this JVM writes. POSIX locks belong to the process, and closing any descriptor
     * of the lock file drops them all: a second writer in this JVM must be refused before it opens
     * the lock file, or its failed attempt would unlock the journal for every other process.
     */
    private static final Set<Path> WRITING = ConcurrentHashMap.newKeySet();

    private final Path dir;
    private final Path lockKey;
    private final SingleChronicleQueue queue;
    private final JournalClock clock;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private ExcerptAppender appender;
    private ExcerptTailer tailer;
    private final Bytes<byte[]> buffer = Bytes.allocateElasticOnHeap(512);
    private long journalTime;
    private boolean uncommittedDurable;
    private long bytesWritten;
    /** The UTC day of the appender's writes: a new day gets a new appender. */
    private long appenderDay = -1;
    private boolean closed;

    private Journal(Path dir, boolean writer) {
        this.dir = dir;
        FileChannel channel = null;
        FileLock held = null;
        Path key = null;
        if (writer) {
            try {
                Files.createDirectories(dir);
                key = dir.toRealPath();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open journal " + dir, e);
            }
            if (!WRITING.add(key)) throw new JournalLockedException(dir);
            try {
                channel = FileChannel.open(dir.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                held = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                held = null;
            } catch (IOException e) {
                WRITING.remove(key);
                closeQuietly(channel);
                throw new UncheckedIOException("cannot open journal " + dir, e);
            }
            if (held == null) {
                WRITING.remove(key);
                closeQuietly(channel);
                throw new JournalLockedException(dir);
            }
        }
        this.lockKey = key;
        this.lockChannel = channel;
        this.lock = held;
        this.clock = new JournalClock();
        try {
            this.queue = SingleChronicleQueueBuilder.binary(dir.toFile())
                    .rollCycle(ROLL)
                    .timeProvider(clock)
                    .syncMode(SyncMode.SYNC)
                    .build();
        } catch (RuntimeException | Error e) {
            releaseLock();
            throw e;
        }
        try {
            long last = queue.lastIndex();
            if (last >= 0) journalTime = readTime(last);
        } catch (RuntimeException | Error e) {
            queue.close();
            releaseLock();
            throw e;
        }
    }

    /** Opens (creating if need be) the journal in {@code dir} for writing. */
    public static Journal openWriter(Path dir) {
        return new Journal(dir, true);
    }

    /** Opens an existing journal for reading only; it may have a live writer. */
    public static Journal openReader(Path dir) {
        if (!exists(dir)) throw new IllegalArgumentException("no journal at " + dir);
        return new Journal(dir, false);
    }

    public static boolean exists(Path dir) {
        return Files.isRegularFile(dir.resolve("metadata.cq4t"));
    }

    public Path dir() {
        return dir;
    }

    /** Appends one entry and returns its index; a durable entry is on disk when this returns. */
    public long append(Entry entry) {
        long index = write(entry);
        commit();
        return index;
    }

    /** Appends entries in order with one sync at the end if any is durable (a group commit). */
    public long appendAll(List<? extends Entry> entries) {
        long index = -1;
        for (Entry entry : entries) index = write(entry);
        commit();
        return index;
    }

    /**
     * Appends without syncing: a durable entry waits for the next {@link #commit}. For a caller
     * that commits before it lets anything act on what it wrote (the engine's one sync per fact).
     */
    public long write(Entry entry) {
        long index = append0(entry);
        uncommittedDurable |= entry.durable();
        return index;
    }

    /** Syncs to disk every durable entry written since the last commit; nothing to do if none. */
    public void commit() {
        if (!uncommittedDurable) return;
        appender().sync();
        uncommittedDurable = false;
    }

    /** The JSON bytes this writer has appended since it opened: what a checkpoint's cost is weighed against. */
    public long bytesWritten() {
        return bytesWritten;
    }

    private long append0(Entry entry) {
        if (lock == null) throw new IllegalStateException("journal " + dir + " was opened for reading");
        byte[] json = EntryCodec.encode(entry);
        journalTime = Math.max(journalTime, entry.at().toEpochMilli());
        clock.millis = journalTime;
        bytesWritten += json.length;
        EntryKind kind = EntryKind.of(entry);
        if (kind != EntryKind.CHECKPOINT || json.length <= PART_BYTES) return excerpt(kind, json);
        int offset = 0;
        for (; json.length - offset > PART_BYTES; offset += PART_BYTES) {
            excerpt(offset == 0 ? EntryKind.CHECKPOINT_START : EntryKind.CHECKPOINT_PART,
                    Arrays.copyOfRange(json, offset, offset + PART_BYTES));
        }
        return excerpt(EntryKind.CHECKPOINT_END, Arrays.copyOfRange(json, offset, json.length));
    }

    private long excerpt(EntryKind kind, byte[] json) {
        ExcerptAppender out = appenderFor(journalTime / DAY_MILLIS);
        try (DocumentContext dc = out.writingDocument()) {
            Wire wire = dc.wire();
            wire.write("v").int32(EntryCodec.SCHEMA_VERSION);
            wire.write("t").int64(journalTime);
            wire.write("k").int8(kind.code);
            wire.write("json").bytes(json);
        }
        return out.lastIndexAppended();
    }

    /** What a writer killed in the middle of a large checkpoint leaves: parts and no checkpoint. */
    void writeOrphanParts(Instant at, int parts) {
        journalTime = Math.max(journalTime, at.toEpochMilli());
        clock.millis = journalTime;
        for (int i = 0; i < parts; i++) {
            excerpt(i == 0 ? EntryKind.CHECKPOINT_START : EntryKind.CHECKPOINT_PART, "{\"orphan\":".getBytes());
        }
    }

    private ExcerptAppender appender() {
        if (appender == null) appender = queue.createAppender();
        return appender;
    }

    /**
     * The appender for a write on {@code day}. Chronicle seals day files (and advances the cursor
     * its next appender starts from) only when an appender first writes, so a writer that kept one
     * appender for months left the next open to map and seal every day file since: 41 s on a
     * 3,450-day journal. A fresh appender each new day seals the one before, so an open walks no
     * history. What the old day holds is synced first: a sync reaches only the current day's file.
     */
    private ExcerptAppender appenderFor(long day) {
        if (appender != null && day != appenderDay) {
            commit();
            appender.close();
            appender = null;
        }
        appenderDay = day;
        return appender();
    }

    private ExcerptTailer tailer() {
        if (tailer == null) tailer = queue.createTailer();
        return tailer;
    }

    /** The last entry's index, or -1 for an empty journal. */
    public long lastIndex() {
        return queue.lastIndex();
    }

    public long firstIndex() {
        return queue.firstIndex();
    }

    /** The number of excerpts between two indexes, the first included and the second not (a large checkpoint's parts count). */
    public long countBetween(long fromIndex, long toIndex) {
        return queue.countExcerpts(fromIndex, toIndex);
    }

    /** Reads every entry from {@code fromIndex} (or from the start when it is below the first). */
    public void read(long fromIndex, Consumer<JournalRecord> sink) {
        read(fromIndex, Long.MAX_VALUE, sink);
    }

    /** Reads entries whose index lies in [fromIndex, toIndex). */
    public void read(long fromIndex, long toIndex, Consumer<JournalRecord> sink) {
        walk(fromIndex, toIndex, dc -> {
            Entry entry = decode(dc);
            if (entry != null) sink.accept(new JournalRecord(dc.index(), entry));
        });
    }

    /**
     * Walks the journal reading only each envelope's header: the floor any decoding replay is
     * measured against. Returns the number of entries and adds their JSON sizes to nothing else.
     */
    public long scanRaw(long fromIndex, long[] jsonBytes) {
        long[] countAndBytes = {0, 0};
        walk(fromIndex, Long.MAX_VALUE, dc -> {
            Wire wire = dc.wire();
            wire.read("v").int32();
            wire.read("t").int64();
            boolean part = EntryKind.isPart(wire.read("k").int8());
            countAndBytes[1] += wire.bytes().readRemaining();
            if (!part) countAndBytes[0]++;
        });
        if (jsonBytes != null && jsonBytes.length > 0) jsonBytes[0] = countAndBytes[1];
        return countAndBytes[0];
    }

    /** Hands each excerpt whose index lies in [fromIndex, toIndex) to {@code each}, in order. */
    private void walk(long fromIndex, long toIndex, Consumer<DocumentContext> each) {
        ExcerptTailer t = position(fromIndex);
        if (t == null) return;
        while (true) {
            try (DocumentContext dc = t.readingDocument()) {
                if (!dc.isPresent()) return;
                if (dc.index() >= toIndex) {
                    dc.rollbackOnClose();
                    return;
                }
                each.accept(dc);
            }
        }
    }

    /** One entry as stored, for a reader that decodes only what it needs (an audit skips checkpoints and notices). */
    @FunctionalInterface
    public interface RawSink {
        /**
         * {@code kind} is 'F' (a fact), 'D' (a decision) or 'C' (a state checkpoint, whose body is not
         * copied: {@code json} is null). The bytes are the entry's JSON, valid only during the call;
         * {@link EntryCodec#decode(int, byte[], int, int)} reads them under {@code version}.
         */
        void accept(long index, char kind, int version, byte[] json, int offset, int length);
    }

    /** Reads entries whose index lies in [fromIndex, toIndex) without decoding them. */
    public void readRaw(long fromIndex, long toIndex, RawSink sink) {
        walk(fromIndex, toIndex, dc -> {
            Wire wire = dc.wire();
            int version = wire.read("v").int32();
            wire.read("t").int64();
            byte kind = wire.read("k").int8();
            if (EntryKind.isPart(kind)) return;
            if (EntryKind.isCheckpoint(kind)) {
                sink.accept(dc.index(), 'C', version, null, 0, 0);
            } else {
                buffer.clear();
                wire.read("json").bytes(buffer);
                sink.accept(dc.index(), (char) kind, version, buffer.underlyingObject(), (int) buffer.readPosition(),
                        (int) buffer.readRemaining());
            }
        });
    }

    private ExcerptTailer position(long fromIndex) {
        ExcerptTailer t = tailer();
        t.direction(TailerDirection.FORWARD);
        long first = queue.firstIndex();
        if (first == Long.MAX_VALUE || queue.lastIndex() < 0) return null;
        if (fromIndex <= first) {
            t.toStart();
            return t;
        }
        long cycle = ROLL.toCycle(fromIndex);
        NavigableSet<Long> cycles = cycles();
        if (cycles.contains(cycle) && t.moveToIndex(fromIndex)) return t;
        // No entry has that index (past the end of its day, or a day with no file): start at the
        // next day that has one.
        for (Long next : cycles.tailSet(cycle, false)) {
            if (t.moveToIndex(ROLL.toIndex(next.intValue(), 0))) return t;
        }
        return null;
    }

    /**
     * The cycles (days) that have a file, oldest first. Navigation goes through this list and
     * never asks Chronicle about a day without a file: it would log an error and pause 200 ms.
     */
    private NavigableSet<Long> cycles() {
        // a copy: Chronicle's set is a range view that refuses keys outside the range
        return new TreeSet<>(queue.listCyclesBetween(queue.firstCycle(), queue.lastCycle()));
    }

    /**
     * The index of the first entry whose journal time is at or after {@code instant}, or
     * {@code lastIndex() + 1} when there is none. A binary search: first over the daily files
     * (a file's cycle is its day), then over the sequence numbers inside one.
     */
    public long indexAt(Instant instant) {
        long last = queue.lastIndex();
        if (last < 0) return 0;
        long target = epochMillis(instant);
        // An entry's day is its journal time's day, so days before the target's hold nothing at
        // or after it, and the first entry of any later day is.
        for (Long day : cycles().tailSet(Math.floorDiv(target, DAY_MILLIS), true)) {
            int cycle = day.intValue();
            long count = tailer().excerptsInCycle(cycle);
            long lo = 0;
            long hi = count;
            while (lo < hi) {
                long mid = (lo + hi) >>> 1;
                if (readTime(ROLL.toIndex(cycle, mid)) < target) lo = mid + 1;
                else hi = mid;
            }
            if (lo < count) return ROLL.toIndex(cycle, lo);
        }
        return last + 1;
    }

    /** Epoch millis, saturated: {@code Instant.MIN} and {@code Instant.MAX} mean before and after everything. */
    private static long epochMillis(Instant instant) {
        try {
            return instant.toEpochMilli();
        } catch (ArithmeticException e) {
            return instant.isBefore(Instant.EPOCH) ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    /**
     * The newest {@code state.checkpoint} at or before {@code beforeIndex}, read backwards from
     * there: checkpoints are written every few thousand entries, so this reads at most that many
     * headers. Returns null when there is none.
     */
    public JournalRecord newestCheckpoint(long beforeIndex) {
        long start = entryAtOrBefore(beforeIndex);
        if (start < 0) return null;
        ExcerptTailer t = queue.createTailer();
        try {
            t.direction(TailerDirection.BACKWARD);
            if (!t.moveToIndex(start)) return null;
            while (true) {
                try (DocumentContext dc = t.readingDocument()) {
                    if (!dc.isPresent()) return null;
                    Wire wire = dc.wire();
                    wire.read("v").int32();
                    wire.read("t").int64();
                    byte kind = wire.read("k").int8();
                    if (EntryKind.isCheckpoint(kind)) {
                        long index = dc.index();
                        dc.rollbackOnClose();
                        return new JournalRecord(index, entryAt(index));
                    }
                }
            }
        } finally {
            t.close();
        }
    }

    /** The index of the last entry at or before {@code index} (which need not be an entry's), or -1. */
    private long entryAtOrBefore(long index) {
        long last = queue.lastIndex();
        if (last < 0 || index < 0) return -1;
        if (index >= last) return last;
        long cycle = ROLL.toCycle(index);
        for (Long day : cycles().headSet(cycle, true).descendingSet()) {
            long count = tailer().excerptsInCycle(day.intValue());
            if (count == 0) continue;
            long sequence = day == cycle ? Math.min(ROLL.toSequenceNumber(index), count - 1) : count - 1;
            return ROLL.toIndex(day.intValue(), sequence);
        }
        return -1;
    }

    /** The journal time of the entry at {@code index}. */
    private long readTime(long index) {
        ExcerptTailer t = tailer();
        t.direction(TailerDirection.FORWARD);
        if (!t.moveToIndex(index)) throw new IllegalStateException("no entry at index " + Long.toHexString(index));
        try (DocumentContext dc = t.readingDocument()) {
            Wire wire = dc.wire();
            wire.read("v").int32();
            return wire.read("t").int64();
        }
    }

    /** The entry at one index, or null (also for a part of a large checkpoint: it is no entry). */
    public Entry entryAt(long index) {
        ExcerptTailer t = tailer();
        t.direction(TailerDirection.FORWARD);
        if (!t.moveToIndex(index)) return null;
        try (DocumentContext dc = t.readingDocument()) {
            return dc.isPresent() ? decode(dc) : null;
        }
    }

    /** The entry in {@code dc}, or null for a part of a large checkpoint. */
    private Entry decode(DocumentContext dc) {
        Wire wire = dc.wire();
        int version = wire.read("v").int32();
        wire.read("t").int64();
        byte kind = wire.read("k").int8();
        if (EntryKind.isPart(kind)) return null;
        buffer.clear();
        wire.read("json").bytes(buffer);
        byte[] json = buffer.underlyingObject();
        int offset = (int) buffer.readPosition();
        int length = (int) buffer.readRemaining();
        if (kind == EntryKind.CHECKPOINT_END.code) {
            byte[] parts = partsBefore(dc.index());
            byte[] whole = Arrays.copyOf(parts, parts.length + length);
            System.arraycopy(json, offset, whole, parts.length, length);
            return EntryCodec.decode(version, whole, 0, whole.length);
        }
        return EntryCodec.decode(version, json, offset, length);
    }

    /**
     * The parts written just before the checkpoint end at {@code index}, joined: back to the
     * nearest start part, so parts a killed writer left further back are never joined. Parts
     * share their end's time, so they lie in its day's file.
     */
    private byte[] partsBefore(long index) {
        List<byte[]> parts = new ArrayList<>();
        ExcerptTailer t = queue.createTailer();
        try {
            t.direction(TailerDirection.BACKWARD);
            boolean started = false;
            if (t.moveToIndex(index - 1)) {
                while (!started) {
                    try (DocumentContext dc = t.readingDocument()) {
                        if (!dc.isPresent()) break;
                        Wire wire = dc.wire();
                        wire.read("v").int32();
                        wire.read("t").int64();
                        byte kind = wire.read("k").int8();
                        if (!EntryKind.isPart(kind)) break;
                        parts.add(wire.read("json").bytes());
                        started = kind == EntryKind.CHECKPOINT_START.code;
                    }
                }
            }
            if (!started) throw new IllegalStateException("journal " + dir + ": the checkpoint at index "
                    + Long.toHexString(index) + " has lost its first part");
        } finally {
            t.close();
        }
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        for (int i = parts.size() - 1; i >= 0; i--) joined.writeBytes(parts.get(i));
        return joined.toByteArray();
    }

    /** Index arithmetic for tools that print or compare indexes. */
    public static int cycleOf(long index) {
        return ROLL.toCycle(index);
    }

    public static long sequenceOf(long index) {
        return ROLL.toSequenceNumber(index);
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        try {
            if (appender != null) appender.close();
            if (tailer != null) tailer.close();
            queue.close();
        } finally {
            releaseLock();
        }
    }

    private void releaseLock() {
        if (lock != null) {
            try {
                lock.release();
            } catch (IOException ignored) {
                // the lock dies with the channel below
            }
        }
        closeQuietly(lockChannel);
        if (lockKey != null) WRITING.remove(lockKey);
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) return;
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing was written through it
        }
    }

    /** Chronicle rolls files by this clock, so each file holds one day of the entries' own time. */
    private static final class JournalClock implements TimeProvider {
        volatile long millis;

        @Override
        public long currentTimeMillis() {
            return millis;
        }
    }
}
