package dev.routing.journal.store;

import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.zip.CRC32C;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The append-only journal: a Chronicle Queue with one file per UTC day of the entries' own time.
 *
 * <p>Each excerpt is a {@link Group} (a fact and its decisions, the opening of a reopened journal,
 * or a state checkpoint) behind a binary header ({@link Excerpt}) that carries the excerpt's ordinal
 * over the whole journal and a CRC32C, so every read checks every excerpt and a changed byte, a cut,
 * a missing day file or a reordering is a {@link JournalDamagedException} naming the file, index and
 * ordinal, never a wrong answer. Chronicle commits an excerpt whole or not at all, so a group is on
 * disk all or nothing. Entries of one group share the group's index; {@link JournalRecord#position()}
 * tells them apart.
 *
 * <p>The writer records the last excerpt it acknowledged in {@code journal.tip} ({@link Tip}). At
 * open, the end of the journal is checked against it: a journal that ends before it was cut; an
 * excerpt after it that fails its check is a torn tail (never acknowledged), which a reader leaves
 * unread and the writer cuts ({@link TailCut}) before it appends. The writer checks the free space
 * before each excerpt, so a full disk is a {@link JournalFullException} and not a fault in the
 * mapped file; it syncs durable entries (J3) before {@link #commit} returns.
 *
 * <p>A reader opens Chronicle read-only (it changes no byte, and works on a read-only directory) and
 * reads only to the last excerpt it found at its open, so it sees one consistent journal beside a
 * live writer. One writer per directory, enforced by an OS file lock that dies with its process (and,
 * inside one JVM, by a registry of the journals it writes). Like Chronicle's own appenders and
 * tailers, a Journal belongs to the thread that opened it.
 */
public final class Journal implements AutoCloseable {
    private static final String LOCK_FILE = "writer.lock";
    static final RollCycle ROLL = RollCycles.FAST_DAILY;
    private static final long DAY_MILLIS = 86_400_000L;
    /**
     * The largest excerpt of entries. Chronicle refuses an excerpt over a quarter of its 64 MiB block
     * (16 MiB); a group is kept to half that, so that a fact under {@link #FACT_LIMIT} has room for
     * every decision it can make. A state checkpoint has no limit: it is written in parts.
     */
    public static final int GROUP_LIMIT = 8 << 20;
    /** The largest fact, encoded ({@link dev.routing.journal.event.Fact#MAX_BYTES}). Refused before it is decided. */
    public static final int FACT_LIMIT = dev.routing.journal.event.Fact.MAX_BYTES;
    /** A state checkpoint larger than this is written in parts of this size. */
    static final int PART_BYTES = 4 << 20;
    /** Space left free on the journal's disk for what Chronicle writes beside the excerpts (a new day file, index pages). */
    static final long RESERVE_BYTES = 1 << 20;
    /** The free space is asked again at least this often (and before every excerpt when less than four times this is left). */
    private static final long RECHECK_BYTES = 16L << 20;

    /**
     * The journals this JVM writes. POSIX locks belong to the process, and closing any descriptor
     * of the lock file drops them all: a second writer in this JVM must be refused before it opens
     * the lock file, or its failed attempt would unlock the journal for every other process.
     */
    private static final Set<Path> WRITING = ConcurrentHashMap.newKeySet();

    private final Path dir;
    private final boolean writer;
    private final Path lockKey;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final JournalClock clock = new JournalClock();
    private final CRC32C crc = new CRC32C();
    private final ExcerptCheck checker = new ExcerptCheck();
    private SingleChronicleQueue queue;
    /** Whether {@link #queue} is open for writing (the writer's, after its first write). */
    private boolean writable;
    /** A reader's view of the day files beside metadata of its own, when the journal's is unwritten ({@link Metadata}). */
    private Path view;
    private ExcerptAppender appender;
    private ExcerptTailer tailer;
    private Tip tip;
    private FileStore store;
    /** A reader's end: the last index it found at its open, short of a torn tail. */
    private long end = -1;
    private long nextOrdinal;
    private long nextEntry;
    private long prevIndex = -1;
    private long journalTime = Long.MIN_VALUE;
    private boolean uncommittedDurable;
    /** Whether an excerpt was written since the last sync. */
    private boolean unsynced;
    private long syncs;
    private long bytesWritten;
    /** Bytes that may still be written before the free space is asked again. */
    private long budget;
    /** Why this writer may write no more (a fault in the mapped file), or null. */
    private String broken;
    /** The UTC day of the appender's writes: a new day gets a new appender. */
    private long appenderDay = -1;
    private TailCut.Cut cut;
    private final List<String> notes = new ArrayList<>();
    /**
     * The cycles (days) that have a file, oldest first, as this journal found them at its open (and,
     * for the writer, the days it wrote since). Navigation goes through this set and never asks
     * Chronicle about a day without a file: it would log an error and pause 200 ms, and its own
     * listing is a cache in metadata.cq4t, which a cut that moved a day file aside leaves stale until
     * the writer refreshes it.
     */
    private final NavigableSet<Long> days = new TreeSet<>();
    private byte[] readBuffer = new byte[4096];
    private final byte[] header = new byte[Excerpt.HEADER_BYTES + Excerpt.SEQ_BYTES];
    /** The header {@link #check} read last. */
    private Excerpt lastChecked;
    private boolean closed;

    private Journal(Path dir, boolean writer) {
        this.dir = dir;
        this.writer = writer;
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
        try {
            open();
        } catch (InternalError e) {
            RuntimeException answer = faulted(e, null);
            closeQueue();
            releaseLock();
            if (view != null) Metadata.deleteView(view);
            throw answer;
        } catch (RuntimeException | Error e) {
            closeQueue();
            releaseLock();
            if (view != null) Metadata.deleteView(view);
            throw e;
        }
    }

    /** Opens (creating if need be) the journal in {@code dir} for writing, cutting a torn tail first. */
    public static Journal openWriter(Path dir) {
        return new Journal(dir, true);
    }

    /** Opens an existing journal for reading only; it may have a live writer. */
    public static Journal openReader(Path dir) {
        if (!exists(dir)) throw new IllegalArgumentException("no journal at " + dir);
        return new Journal(dir, false);
    }

    /** Whether {@code dir} holds a journal: Chronicle's metadata, the tip or a day file (the metadata alone may be lost). */
    public static boolean exists(Path dir) {
        if (Files.isRegularFile(dir.resolve(Metadata.FILE)) || Files.isRegularFile(dir.resolve(Tip.FILE))) return true;
        try (var listing = Files.list(dir)) {
            return listing.anyMatch(p -> p.getFileName().toString().endsWith(".cq4"));
        } catch (IOException e) {
            return false;
        }
    }

    public Path dir() {
        return dir;
    }

    /** What the writer's open cut (a torn tail), in words, or null when it cut nothing. */
    public String cut() {
        return cut == null ? null : cut.describe();
    }

    /**
     * What the open found that is not damage and that a user should know: a torn tail a reader left
     * unread, acknowledged excerpts a power failure took before they were synced.
     */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    // ---- opening ------------------------------------------------------------------------------

    private void open() {
        if (writer) {
            store = fileStore();
            refuseWhenFull(0);
            TailCut.clearWork(dir);
        }
        Tip.State tipState = Tip.read(dir);
        List<DayFiles.DayFile> files = writer ? DayFiles.inspect(dir) : inspectBesideAWriter();
        checkFormat(files);
        boolean any = files.stream().anyMatch(f -> f.first() != null);
        if (tipState == null && any) {
            throw new JournalDamagedException(dir, Tip.FILE + " is missing, so a cut at the journal's end could not be"
                    + " told from its end", Tip.FILE, -1, -1);
        }
        if (writer) {
            tip = Tip.openWriter(dir, tipState != null ? tipState : Tip.State.EMPTY);
            tipState = tip.state();
            files = moveAsideHeaderlessLast(files, tipState);
            tipState = tip.state();
        }
        checkChain(files);
        days(files);
        String metadata = any ? Metadata.problem(dir) : null;
        if (metadata != null) {
            if (writer) notes.add(Metadata.moveAside(dir, metadata));
            else view = Metadata.view(dir, files);
        }
        if (writer && !Files.exists(dir.resolve(Metadata.FILE))) writable();
        else queue = build();
        if (writer) refreshStaleListing(files, tipState);
        long last = lastIndexChecked(files);
        if (last >= 0 && !days.contains((long) ROLL.toCycle(last))) {
            // a live writer began a day file after the files were listed: list them again
            files = inspectBesideAWriter();
            checkChain(files);
            days(files);
        }
        Tail tail = checkTail(tipState, last);
        if (tail.tornIndex >= 0) {
            if (writer) {
                long excerpts = queue.countExcerpts(tail.tornIndex, last + 1);
                closeQueue();
                tip.floor(ROLL.toCycle(tail.tornIndex) * DAY_MILLIS);
                tipState = tip.state();
                refuseWhenFull(tail.tornPosition);
                cut = TailCut.cut(dir, files, ROLL, tail.tornIndex, tail.tornOrdinal, Math.max(excerpts, 1));
                files = DayFiles.inspect(dir);
                checkChain(files);
                days(files);
                queue = build();
                refreshStaleListing(files, tipState);
                last = lastIndexChecked(files);
                tail = checkTail(tipState, last);
                if (tail.tornIndex >= 0) throw damage("the torn tail is still there after it was cut", tail.tornIndex, tail.tornOrdinal);
            } else {
                notes.add("the journal ends in a torn excerpt at index 0x" + Long.toHexString(tail.tornIndex) + " (ordinal "
                        + tail.tornOrdinal + ", " + DayFiles.name(ROLL.toCycle(tail.tornIndex)) + ") after the last"
                        + " acknowledged one: it was never acknowledged and is not read; the writer's next open cuts it");
            }
        }
        if (tail.lostUnsynced > 0) {
            notes.add(tail.lostUnsynced + " excerpt(s) acknowledged but not yet synced (ordinals " + (tail.lastOrdinal + 1)
                    + " to " + tipState.ackedOrdinal() + ") were lost with the page cache in a power failure or system crash");
        }
        end = tail.lastIndex;
        if (tail.last != null) {
            nextOrdinal = tail.last.ordinal() + 1;
            nextEntry = tail.last.nextEntry();
            prevIndex = tail.lastIndex;
            journalTime = tail.last.time();
        }
        if (tipState != null) journalTime = Math.max(journalTime, tipState.floorMillis());
        if (writer && tipState.ackedOrdinal() > tail.lastOrdinal) {
            // what a power failure took was acknowledged: the tip must not claim it for the next open
            tip.write(tip.state().endingAt(tail.last, tail.lastIndex));
        }
        if (writer && !any) writable();
    }

    /**
     * The day files a reader finds. A live writer creating a new day file leaves it without a header
     * for a moment; one still without it a second later was being created when its writer stopped.
     */
    private List<DayFiles.DayFile> inspectBesideAWriter() {
        List<DayFiles.DayFile> files = DayFiles.inspect(dir);
        for (int tries = 0; tries < 20 && !files.isEmpty() && files.get(files.size() - 1).headerless(); tries++) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            files = DayFiles.inspect(dir);
        }
        if (!files.isEmpty() && files.get(files.size() - 1).headerless()) {
            DayFiles.DayFile last = files.get(files.size() - 1);
            throw new JournalDamagedException(dir, "the last day file has no header: it was being created when its writer"
                    + " stopped (was the disk full?). Nothing acknowledged is in it, but a reader cannot read past it; the"
                    + " writer's next open moves it aside", last.name(), -1, -1);
        }
        return files;
    }

    /**
     * Chronicle read-only: it changes no byte (a read-write queue writes its metadata as it opens).
     * The writer reads read-only too until its first write ({@link #writable}), so an open that
     * finds damage, or a restore that does, leaves the journal exactly as it was.
     */
    private SingleChronicleQueue build() {
        Path chronicle = view != null ? view : dir;
        return SingleChronicleQueueBuilder.binary(chronicle.toFile()).rollCycle(ROLL).blockSize(DayFiles.BLOCK).readOnly(true).build();
    }

    /** The writer's queue, opened for writing at its first write. */
    private void writable() {
        if (writable) return;
        closeQueue();
        queue = SingleChronicleQueueBuilder.binary(dir.toFile()).rollCycle(ROLL).blockSize(DayFiles.BLOCK)
                .timeProvider(clock).syncMode(SyncMode.SYNC).build();
        writable = true;
    }

    private void checkFormat(List<DayFiles.DayFile> files) {
        for (DayFiles.DayFile f : files) {
            if (f.format1()) {
                throw new JournalFormatException(dir, "written in journal format 1 (before checksums; " + f.name()
                        + "), which this build does not read: it reads format 2 only. No release wrote format 1, so no"
                        + " converter exists; replay the journal's facts into a new journal with `run`");
            }
        }
    }

    /** A last day file with not even Chronicle's header (created when the writer died or the disk filled) holds nothing acknowledged. */
    private List<DayFiles.DayFile> moveAsideHeaderlessLast(List<DayFiles.DayFile> files, Tip.State tipState) {
        if (files.isEmpty() || !files.get(files.size() - 1).headerless()) return files;
        DayFiles.DayFile last = files.get(files.size() - 1);
        if (tipState != null && tipState.ackedIndex() >= 0 && ROLL.toCycle(tipState.ackedIndex()) >= last.cycle()) {
            throw new JournalDamagedException(dir, "the day file holding the last acknowledged excerpt has no header",
                    last.name(), tipState.ackedIndex(), tipState.ackedOrdinal());
        }
        tip.floor(last.cycle() * DAY_MILLIS);
        cut = TailCut.cut(dir, files, ROLL, ROLL.toIndex(last.cycle(), 0), tipState.ackedOrdinal() + 1, 0);
        return DayFiles.inspect(dir);
    }

    private void checkChain(List<DayFiles.DayFile> files) {
        int broken = DayFiles.firstBreak(dir, files);
        if (broken >= 0) throw DayFiles.problem(dir, files, broken);
    }

    /**
     * Chronicle caches the range of day files in metadata.cq4t and does not look again in read-only
     * mode: after a cut moved the last day file aside, the cache still names it, and Chronicle fails
     * on the missing file. The writer refreshes it, when the files are as a cut leaves them (nothing
     * acknowledged was in the day that is gone; a day file lost otherwise is damage, found by the
     * checks, and left as it is).
     */
    private void refreshStaleListing(List<DayFiles.DayFile> files, Tip.State tipState) {
        if (writable || files.isEmpty()) return;
        int highest = files.get(files.size() - 1).cycle();
        if (tipState.ackedIndex() >= 0 && ROLL.toCycle(tipState.ackedIndex()) > highest) return;
        if (queue.lastCycle() <= highest && queue.firstCycle() >= files.get(0).cycle()) return;
        closeQueue();
        try (SingleChronicleQueue q = SingleChronicleQueueBuilder.binary(dir.toFile()).rollCycle(ROLL).blockSize(DayFiles.BLOCK)
                .timeProvider(clock).build()) {
            q.refreshDirectoryListing();
        }
        queue = build();
    }

    /** The queue's last index; a fault here is a day file cut short (or a full disk). */
    private long lastIndexChecked(List<DayFiles.DayFile> files) {
        try {
            return queue.lastIndex();
        } catch (InternalError e) {
            throw faulted(e, files.isEmpty() ? null : files.get(files.size() - 1).name());
        }
    }

    /** What the check of the journal's end found. */
    private record Tail(Excerpt last, long lastIndex, long lastOrdinal, long tornIndex, long tornOrdinal, long tornPosition,
            long lostUnsynced) {
    }

    /**
     * Checks the journal's end against the tip: from the last excerpt the journal must hold (the
     * last acknowledged, or after a power failure the last synced) to Chronicle's last index, every
     * excerpt is read and checked. The first that fails after the protected one starts a torn tail.
     */
    private Tail checkTail(Tip.State tipState, long last) {
        long protectedIndex = tipState == null ? -1 : tipState.protectedIndex();
        long protectedOrdinal = tipState == null ? -1 : tipState.protectedOrdinal();
        if (last < 0) {
            if (protectedOrdinal >= 0) {
                throw damage("the journal holds no excerpt, but its writer acknowledged through ordinal " + protectedOrdinal,
                        protectedIndex, protectedOrdinal);
            }
            return new Tail(null, -1, -1, -1, -1, 0, 0);
        }
        long from = protectedIndex >= 0 ? protectedIndex : queue.firstIndex();
        if (protectedIndex > last) {
            throw damage("the journal ends at index 0x" + Long.toHexString(last) + ", before the last excerpt its writer"
                    + " acknowledged: excerpts up to ordinal " + protectedOrdinal + " are missing (the end of the journal was cut or"
                    + " its last day file lost)",
                    protectedIndex, protectedOrdinal);
        }
        ExcerptTailer t = tailer();
        t.direction(TailerDirection.FORWARD);
        if (!moveTo(t, from)) {
            throw damage("the last excerpt its writer acknowledged is missing", protectedIndex, protectedOrdinal);
        }
        Excerpt previous = null;
        long previousIndex = -1;
        Excerpt lastGood = null;
        long lastGoodIndex = -1;
        long torn = -1;
        long tornOrdinal = -1;
        long tornPosition = 0;
        while (true) {
            try (DocumentContext dc = t.readingDocument()) {
                if (!dc.isPresent()) break;
                long index = dc.index();
                if (index > last) {
                    dc.rollbackOnClose();
                    break;
                }
                long position = dc.wire().bytes().readPosition();
                String why = check(dc, previous, previousIndex);
                if (why == null && index == protectedIndex) {
                    boolean acked = !tipState.fromAnotherBoot();
                    if (lastChecked.ordinal() != protectedOrdinal || (acked && lastChecked.crc() != tipState.ackedCrc())) {
                        why = "is not the one its writer " + (acked ? "acknowledged" : "synced") + " there (ordinal "
                                + protectedOrdinal + ")";
                    }
                }
                if (why != null) {
                    long ordinal = previous == null ? Math.max(protectedOrdinal, 0) : previous.ordinal() + 1;
                    if (index <= protectedIndex) throw damage("the excerpt " + why, index, ordinal);
                    torn = index;
                    tornOrdinal = ordinal;
                    tornPosition = position;
                    break;
                }
                previous = lastChecked;
                previousIndex = index;
                lastGood = previous;
                lastGoodIndex = index;
            } catch (InternalError e) {
                if (previousIndex >= protectedIndex && previousIndex >= 0) {
                    torn = previousIndex + 1;
                    tornOrdinal = previous.ordinal() + 1;
                    break;
                }
                throw faulted(e, DayFiles.name(ROLL.toCycle(Math.max(from, previousIndex))));
            }
        }
        if (torn < 0 && lastGoodIndex < last) {
            // Chronicle counts an excerpt it cannot reach: the rest of the file is unreadable
            if (lastGoodIndex >= protectedIndex && lastGoodIndex >= 0) {
                torn = lastGoodIndex + 1;
                tornOrdinal = lastGood.ordinal() + 1;
            } else {
                throw damage("the journal stops at index 0x" + Long.toHexString(Math.max(lastGoodIndex, from))
                        + " before its last acknowledged excerpt", protectedIndex, protectedOrdinal);
            }
        }
        if (lastGood == null || lastGood.ordinal() < protectedOrdinal) {
            throw damage("the journal ends before the last excerpt its writer acknowledged (ordinal " + protectedOrdinal + ")",
                    protectedIndex, protectedOrdinal);
        }
        long lost = tipState != null && tipState.fromAnotherBoot() ? Math.max(0, tipState.ackedOrdinal() - lastGood.ordinal()) : 0;
        return new Tail(lastGood, lastGoodIndex, lastGood.ordinal(), torn, tornOrdinal, tornPosition, lost);
    }


    // ---- writing ------------------------------------------------------------------------------

    /** Appends one entry as a group of its own and returns its index; a durable entry is on disk when this returns. */
    public long append(Entry entry) {
        return append(Group.of(List.of(entry)));
    }

    /** Appends the entries as one group, all or nothing, with one sync if any is durable; returns the group's index. */
    public long append(List<? extends Entry> entries) {
        return append(Group.of(entries));
    }

    public long append(Group group) {
        long index = write(group);
        commit();
        return index;
    }

    /** Writes one entry as a group of its own, without syncing. */
    public long write(Entry entry) {
        return write(Group.of(List.of(entry)));
    }

    /**
     * Writes the group as one excerpt without syncing: a durable entry waits for the next
     * {@link #commit}, for a caller that commits before it lets anything act on what it wrote (the
     * engine's one sync per fact). Returns the group's index, or -1 for an empty group.
     *
     * @throws IllegalArgumentException for a group over {@link #GROUP_LIMIT} (nothing is written)
     * @throws JournalFullException when the disk has no room for it
     */
    public long write(Group group) {
        if (!writer) throw new IllegalStateException("journal " + dir + " was opened for reading");
        if (broken != null) throw new IllegalStateException("journal " + dir + " can take no more writes: " + broken);
        if (group.isEmpty()) return -1;
        if (!group.isCheckpoint() && group.bytes() > GROUP_LIMIT) {
            throw new IllegalArgumentException("a group of " + group.bytes() + " bytes is over the journal's limit of "
                    + GROUP_LIMIT);
        }
        journalTime = Math.max(journalTime, group.atMillis());
        clock.millis = journalTime;
        byte[] buf = group.buffer();
        int payload = group.payloadLength();
        long index;
        int jsonStart = Group.ENTRIES + Excerpt.ENTRY_PREFIX_BYTES;
        if (group.isCheckpoint() && group.bytes() - Excerpt.HEADER_BYTES - Excerpt.ENTRY_PREFIX_BYTES > PART_BYTES) {
            int length = group.bytes() - Excerpt.HEADER_BYTES - Excerpt.ENTRY_PREFIX_BYTES;
            int offset = 0;
            for (; length - offset > PART_BYTES; offset += PART_BYTES) {
                excerpt(offset == 0 ? Excerpt.PART_START : Excerpt.PART, 0, buf, jsonStart + offset, PART_BYTES, false);
            }
            index = excerpt(Excerpt.PART_END, 1, buf, jsonStart + offset, length - offset, false);
            bytesWritten += length;
        } else {
            byte kind = group.isCheckpoint() ? Excerpt.CHECKPOINT : group.seq() != Group.NO_SEQ ? Excerpt.NUMBERED : Excerpt.GROUP;
            index = excerpt(kind, group.count(), buf, group.payloadOffset(), payload, true);
            bytesWritten += payload;
        }
        uncommittedDurable |= group.durable();
        return index;
    }

    /**
     * Writes one excerpt: {@code payload[offset, offset + length)} behind its header. {@code inPlace}
     * when the payload is a group's own buffer: the header goes into the room the group left for it,
     * just before the payload.
     */
    long excerpt(byte kind, int count, byte[] payload, int offset, int length, boolean inPlace) {
        byte[] head = inPlace ? payload : header;
        int at = inPlace ? offset - Excerpt.HEADER_BYTES : 0;
        ensureSpace((long) Excerpt.HEADER_BYTES + length);
        Excerpt.writeHeader(head, at, kind, EntryCodec.SCHEMA_VERSION, count, nextOrdinal, nextEntry, prevIndex, journalTime,
                payload, offset, length, crc);
        long index = put(head, at, payload, offset, length);
        try {
            tip.acked(nextOrdinal, index, Excerpt.u32(head, at + 44));
        } catch (InternalError e) {
            broken = "the disk filled under a write";
            throw new JournalFullException(dir, usableSpace(), (long) Excerpt.HEADER_BYTES + length, true, e);
        }
        prevIndex = index;
        nextOrdinal++;
        nextEntry += count;
        return index;
    }

    /**
     * Appends an excerpt read from another journal, bytes unchanged ({@code salvage}): it must be the
     * next one here, and land at the index it had there.
     */
    void copy(byte[] excerpt, int size, Excerpt h, long sourceIndex) {
        if (h.ordinal() != nextOrdinal || h.prevIndex() != prevIndex) {
            throw new IllegalStateException("excerpt " + h.ordinal() + " is not the next one for " + dir);
        }
        ensureSpace(size);
        journalTime = h.time();
        long index = put(excerpt, 0, excerpt, Excerpt.HEADER_BYTES, size - Excerpt.HEADER_BYTES);
        if (index != sourceIndex) {
            throw new IllegalStateException("excerpt " + h.ordinal() + " would move from index 0x" + Long.toHexString(sourceIndex)
                    + " to 0x" + Long.toHexString(index));
        }
        tip.acked(h.ordinal(), index, h.crc());
        prevIndex = index;
        nextOrdinal++;
        nextEntry = h.nextEntry();
        uncommittedDurable = true;
        unsynced = true;
    }

    /**
     * Writes the header at {@code head[at, at + HEADER_BYTES)} and the payload as one Chronicle excerpt
     * in the day of the journal time; returns its index.
     */
    private long put(byte[] head, int at, byte[] payload, int offset, int length) {
        writable();
        clock.millis = journalTime;
        try {
            ExcerptAppender out = appenderFor(journalTime / DAY_MILLIS);
            DocumentContext dc = out.writingDocument();
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
            unsynced = true;
            return out.lastIndexAppended();
        } catch (InternalError e) {
            broken = "the disk filled under a write";
            throw new JournalFullException(dir, usableSpace(), (long) Excerpt.HEADER_BYTES + length, true, e);
        } catch (RuntimeException e) {
            // Chronicle reports an I/O error (a day file it could not create or grow) as its own runtime exception
            long usable = usableSpace();
            if (usable >= RESERVE_BYTES) throw e;
            broken = "the disk filled under a write";
            throw new JournalFullException(dir, usable, (long) Excerpt.HEADER_BYTES + length, true, e);
        }
    }

    /** Syncs to disk every durable entry written since the last commit; nothing to do if none. */
    public void commit() {
        if (uncommittedDurable) sync();
    }

    /**
     * Syncs to disk every excerpt written since the last sync, durable or not: for a host that
     * acknowledges only what is on disk (the sidecar). Nothing to do if none.
     */
    public void sync() {
        if (!unsynced) return;
        try {
            appender().sync();
        } catch (InternalError e) {
            broken = "the disk filled under a sync";
            throw new JournalFullException(dir, usableSpace(), 0, true, e);
        }
        tip.synced();
        uncommittedDurable = false;
        unsynced = false;
        syncs++;
    }

    /** The msyncs this writer made since it opened. */
    public long syncs() {
        return syncs;
    }

    /** The ordinal the next excerpt gets. */
    long nextOrdinal() {
        return nextOrdinal;
    }

    /** The JSON bytes this writer has appended since it opened: what a checkpoint's cost is weighed against. */
    public long bytesWritten() {
        return bytesWritten;
    }

    /**
     * Refuses the excerpt when the disk would be left with less than {@link #RESERVE_BYTES}: the
     * mapped file gets its pages when they are first written, and a page the disk cannot give is a
     * fault (SIGBUS) in the middle of the write.
     */
    private void ensureSpace(long bytes) {
        long cost = bytes + 64;
        if (budget >= cost) {
            budget -= cost;
            return;
        }
        long usable = usableSpace();
        long room = usable - RESERVE_BYTES;
        if (room < cost) throw new JournalFullException(dir, usable, bytes, false, null);
        // Far from full, the free space is asked again after every RECHECK_BYTES written; near full,
        // before every excerpt, so that another process filling the disk is seen before a write faults.
        budget = room > 4 * RECHECK_BYTES ? RECHECK_BYTES - cost : 0;
    }

    private void refuseWhenFull(long bytes) {
        long usable = usableSpace();
        if (usable < RESERVE_BYTES + bytes) throw new JournalFullException(dir, usable, bytes, false, null);
    }

    private long usableSpace() {
        try {
            if (store == null) store = fileStore();
            return store.getUsableSpace();
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }

    private FileStore fileStore() {
        try {
            return Files.getFileStore(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find the disk of journal " + dir, e);
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
     * history. What the old day holds is synced first, durable or not: a sync reaches only the current
     * day's file, so a host that acknowledges only what is synced would otherwise acknowledge the old
     * day's last groups unsynced.
     */
    private ExcerptAppender appenderFor(long day) {
        if (appender != null && day != appenderDay) {
            sync();
            appender.close();
            appender = null;
        }
        appenderDay = day;
        days.add(day);
        return appender();
    }

    // ---- reading ------------------------------------------------------------------------------

    private ExcerptTailer tailer() {
        if (tailer == null) tailer = queue.createTailer();
        return tailer;
    }

    /** The last group's index, or -1 for an empty journal. A reader's stays where its open found it. */
    public long lastIndex() {
        return writer ? prevIndex : end;
    }

    public long firstIndex() {
        return queue.firstIndex();
    }

    /** The entries in the journal (facts, decisions and checkpoints), as far as a reader reads. */
    public long entryCount() {
        return nextEntry;
    }

    /** The number of entries in groups whose index lies in [fromIndex, toIndex). */
    public long countBetween(long fromIndex, long toIndex) {
        return entriesBefore(toIndex) - entriesBefore(fromIndex);
    }

    /** Entries in groups before the first group at or after {@code index}. */
    private long entriesBefore(long index) {
        if (index > lastIndex()) return nextEntry;
        ExcerptTailer t = position(index);
        if (t == null) return nextEntry;
        try (DocumentContext dc = t.readingDocument()) {
            if (!dc.isPresent()) return nextEntry;
            dc.rollbackOnClose();
            return peekHeader(dc).firstEntry();
        }
    }

    /** Reads every entry from {@code fromIndex} (or from the start when it is below the first). */
    public void read(long fromIndex, Consumer<JournalRecord> sink) {
        read(fromIndex, Long.MAX_VALUE, sink);
    }

    /** Reads entries of groups whose index lies in [fromIndex, toIndex), checking every excerpt. */
    public void read(long fromIndex, long toIndex, Consumer<JournalRecord> sink) {
        ByteArrayOutputStream[] parts = {null};
        walk(fromIndex, toIndex, (index, h) -> {
            switch (h.kind()) {
                case Excerpt.PART_START -> {
                    parts[0] = new ByteArrayOutputStream();
                    parts[0].write(readBuffer, Excerpt.HEADER_BYTES, h.length());
                }
                case Excerpt.PART -> {
                    if (parts[0] != null) parts[0].write(readBuffer, Excerpt.HEADER_BYTES, h.length());
                }
                case Excerpt.PART_END -> {
                    ByteArrayOutputStream joined = parts[0] != null ? parts[0] : partsBefore(index);
                    joined.write(readBuffer, Excerpt.HEADER_BYTES, h.length());
                    parts[0] = null;
                    byte[] json = joined.toByteArray();
                    sink.accept(new JournalRecord(index, 0, decode(index, h, json, 0, json.length)));
                }
                default -> {
                    parts[0] = null; // parts with no end (a writer killed in a checkpoint) are never joined
                    int[] position = {0};
                    long seq = h.seq(readBuffer);
                    entries(index, h, (kind, offset, length) ->
                            sink.accept(new JournalRecord(index, position[0]++, decode(index, h, readBuffer, offset, length), seq)));
                }
            }
        });
    }

    /**
     * Walks the journal checking every excerpt without decoding an entry: the floor any decoding
     * replay is measured against. Returns the number of entries; adds their bytes to
     * {@code jsonBytes[0]} when given.
     */
    public long scanRaw(long fromIndex, long[] jsonBytes) {
        long[] countAndBytes = {0, 0};
        walk(fromIndex, Long.MAX_VALUE, (index, h) -> {
            countAndBytes[0] += h.count();
            countAndBytes[1] += h.length();
        });
        if (jsonBytes != null && jsonBytes.length > 0) jsonBytes[0] = countAndBytes[1];
        return countAndBytes[0];
    }

    /**
     * Checks every excerpt whose index lies in [first, toIndex) without decoding one: a restore
     * from a checkpoint reads nothing before it, and a damaged stretch there must still be named,
     * not continued past (the writer would append to a journal it cannot salvage whole).
     */
    public void checkUpTo(long toIndex) {
        walk(-1, toIndex, (index, h) -> { });
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

    /** Reads entries of groups whose index lies in [fromIndex, toIndex) without decoding them. */
    public void readRaw(long fromIndex, long toIndex, RawSink sink) {
        walk(fromIndex, toIndex, (index, h) -> {
            if (h.isPart()) return;
            if (h.isCheckpoint()) {
                sink.accept(index, 'C', h.schema(), null, 0, 0);
            } else {
                entries(index, h, (kind, offset, length) -> sink.accept(index, (char) kind, h.schema(), readBuffer, offset, length));
            }
        });
    }

    @FunctionalInterface
    private interface ExcerptSink {
        /** The excerpt at {@code index}, checked, with its bytes in {@link #readBuffer}. */
        void accept(long index, Excerpt header);
    }

    @FunctionalInterface
    private interface EntrySink {
        void accept(byte kind, int offset, int length);
    }

    /** The entries of the group in {@link #readBuffer}. */
    private void entries(long index, Excerpt h, EntrySink sink) {
        int p = h.entriesOffset();
        int limit = Excerpt.HEADER_BYTES + h.length();
        if (p > limit) throw damage("the numbered group is too short to hold its seq", index, h.ordinal());
        for (int i = 0; i < h.count(); i++) {
            if (p + Excerpt.ENTRY_PREFIX_BYTES > limit) throw damage("the group's entries overrun it", index, h.ordinal());
            byte kind = readBuffer[p];
            int length = Excerpt.u32(readBuffer, p + 1);
            p += Excerpt.ENTRY_PREFIX_BYTES;
            if (length < 0 || p + length > limit || (kind != Excerpt.FACT && kind != Excerpt.DECISION && kind != Excerpt.CHECKPOINT)) {
                throw damage("entry " + i + " of the group is malformed", index, h.ordinal());
            }
            sink.accept(kind, p, length);
            p += length;
        }
        if (p != limit) throw damage("the group holds bytes after its entries", index, h.ordinal());
    }

    private Entry decode(long index, Excerpt h, byte[] json, int offset, int length) {
        try {
            return EntryCodec.decode(h.schema(), json, offset, length);
        } catch (BadEntryException e) {
            throw damage("an entry of the group cannot be read (" + e.getMessage() + ")", index, h.ordinal());
        }
    }

    /**
     * Hands each excerpt whose index lies in [fromIndex, toIndex), up to this journal's end, to
     * {@code each}, in order, after checking it: its header, its checksum, and its place after the
     * excerpt before it (ordinal one more, the index before it the one just read).
     */
    private void walk(long fromIndex, long toIndex, ExcerptSink each) {
        long stop = Math.min(toIndex, lastIndex() + 1);
        ExcerptTailer t = position(fromIndex);
        if (t == null || fromIndex >= stop) return;
        Excerpt previous = null;
        long previousIndex = -1;
        long at = Math.max(fromIndex, 0);
        try {
            while (true) {
                try (DocumentContext dc = t.readingDocument()) {
                    if (!dc.isPresent()) break;
                    long index = dc.index();
                    at = index;
                    if (index >= stop) {
                        dc.rollbackOnClose();
                        return;
                    }
                    String why = check(dc, previous, previousIndex);
                    if (why != null) throw damage("the excerpt " + why, index, previous == null ? -1 : previous.ordinal() + 1);
                    previous = lastChecked;
                    previousIndex = index;
                    each.accept(index, previous);
                }
            }
        } catch (InternalError e) {
            throw faulted(e, DayFiles.name(ROLL.toCycle(at)));
        }
        if (previousIndex < lastIndex()) {
            long after = previousIndex >= 0 ? previousIndex : fromIndex;
            throw damage("the journal stops after index 0x" + Long.toHexString(after) + ", before its last index 0x"
                    + Long.toHexString(lastIndex()) + ": the rest of " + DayFiles.name(ROLL.toCycle(after))
                    + " cannot be read (the file was cut or overwritten)", after,
                    previous == null ? -1 : previous.ordinal() + 1);
        }
    }

    /**
     * Reads the excerpt in {@code dc} into {@link #readBuffer} and checks it ({@link ExcerptCheck});
     * returns why it fails, or null. {@code previous} is the excerpt read just before it, or null.
     */
    private String check(DocumentContext dc, Excerpt previous, long previousIndex) {
        int size = readInto(dc);
        if (size > 0 && readBuffer[0] == Excerpt.FORMAT_1_FIRST_BYTE) {
            throw new JournalFormatException(dir, "the excerpt at index 0x" + Long.toHexString(dc.index())
                    + " is in journal format 1 (before checksums), which this build does not read");
        }
        if (size < 0) return "is larger than any excerpt the journal writes";
        String why = checker.check(readBuffer, size, previous, previousIndex);
        if (why != null) return why;
        Excerpt h = checker.header();
        if (h.schema() > EntryCodec.SCHEMA_VERSION) {
            throw new JournalFormatException(dir, "the excerpt at index 0x" + Long.toHexString(dc.index())
                    + " holds entries of schema " + h.schema() + ", newer than this build's " + EntryCodec.SCHEMA_VERSION
                    + ": upgrade to read it");
        }
        lastChecked = h;
        return null;
    }

    /** Copies the excerpt in {@code dc} into {@link #readBuffer}; returns its size, or -1 when it is too large to be one. */
    private int readInto(DocumentContext dc) {
        Bytes<?> bytes = dc.wire().bytes();
        long remaining = bytes.readRemaining();
        if (remaining > GROUP_LIMIT + PART_BYTES) return -1;
        int size = (int) remaining;
        if (readBuffer.length < size) readBuffer = new byte[Math.max(size, readBuffer.length * 2)];
        bytes.read(readBuffer, 0, size);
        return size;
    }

    /** The header of the excerpt in {@code dc}, read without copying its payload (for searches, which check nothing). */
    private Excerpt peekHeader(DocumentContext dc) {
        Bytes<?> bytes = dc.wire().bytes();
        long start = bytes.readPosition();
        int n = (int) Math.min(bytes.readRemaining(), Excerpt.HEADER_BYTES);
        bytes.read(header, 0, n);
        bytes.readPosition(start);
        Excerpt h = n == Excerpt.HEADER_BYTES ? Excerpt.readHeader(header) : null;
        if (h == null) throw damage("the excerpt has no readable header", dc.index(), -1);
        return h;
    }

    /** The seq of the numbered group in {@code dc}, read without copying its entries (unchecked); NO_SEQ for any other excerpt. */
    private long peekSeq(DocumentContext dc) {
        if (peekHeader(dc).kind() != Excerpt.NUMBERED) return Group.NO_SEQ;
        Bytes<?> bytes = dc.wire().bytes();
        long start = bytes.readPosition();
        if (bytes.readRemaining() < header.length) throw damage("the numbered group is too short to hold its seq", dc.index(), -1);
        bytes.read(header, 0, header.length);
        bytes.readPosition(start);
        return Excerpt.i64(header, Excerpt.HEADER_BYTES);
    }

    /**
     * The host's seq of the last numbered group after {@code afterIndex}, or {@link Group#NO_SEQ}
     * when there is none. Reads headers backwards from the end, so it costs what lies after the
     * last numbered group, or after {@code afterIndex} (a checkpoint that records the seq before it).
     */
    public long lastSeq(long afterIndex) {
        long last = lastIndex();
        if (last < 0 || last <= afterIndex) return Group.NO_SEQ;
        // the journal's one tailer: creating one per resent fact cost milliseconds
        ExcerptTailer t = tailer();
        try {
            t.direction(TailerDirection.BACKWARD);
            if (!moveTo(t, last)) return Group.NO_SEQ;
            while (true) {
                try (DocumentContext dc = t.readingDocument()) {
                    if (!dc.isPresent()) return Group.NO_SEQ;
                    if (dc.index() <= afterIndex) {
                        dc.rollbackOnClose();
                        return Group.NO_SEQ;
                    }
                    long seq = peekSeq(dc);
                    if (seq != Group.NO_SEQ) return seq;
                }
            }
        } catch (InternalError e) {
            throw faulted(e, DayFiles.name(ROLL.toCycle(last)));
        }
    }

    /**
     * The index of the group the host numbered {@code seq}, or -1 when none is. Numbered groups carry
     * increasing seqs, so this reads headers forward from {@code fromIndex} (a numbered group below
     * {@code seq}, where a host resending one fact after another goes on from the last), or, when it
     * is -1, backwards from the end. The headers are not checked: read the group to trust it.
     */
    public long indexOfSeq(long seq, long fromIndex) {
        long last = lastIndex();
        if (last < 0 || seq <= Group.NO_SEQ) return -1;
        boolean forward = fromIndex >= 0;
        // the journal's one tailer: creating one per resent fact cost milliseconds
        ExcerptTailer t = tailer();
        try {
            t.direction(forward ? TailerDirection.FORWARD : TailerDirection.BACKWARD);
            if (forward ? !moveTo(t, fromIndex) : !moveTo(t, last)) return -1;
            while (true) {
                try (DocumentContext dc = t.readingDocument()) {
                    if (!dc.isPresent() || dc.index() > last) {
                        if (dc.isPresent()) dc.rollbackOnClose();
                        return -1;
                    }
                    long at = peekSeq(dc);
                    if (at == seq) return dc.index();
                    if (at != Group.NO_SEQ && (forward ? at > seq : at < seq)) return -1;
                }
            }
        } catch (InternalError e) {
            throw faulted(e, DayFiles.name(ROLL.toCycle(last)));
        }
    }

    private ExcerptTailer position(long fromIndex) {
        ExcerptTailer t = tailer();
        t.direction(TailerDirection.FORWARD);
        long first = queue.firstIndex();
        if (first == Long.MAX_VALUE || lastIndex() < 0) return null;
        if (fromIndex <= first) {
            t.toStart();
            return t;
        }
        long cycle = ROLL.toCycle(fromIndex);
                if (days.contains(cycle) && t.moveToIndex(fromIndex)) return t;
        // No excerpt has that index (past the end of its day, or a day with no file): start at the
        // next day that has one.
        for (Long next : days.tailSet(cycle, false)) {
            if (t.moveToIndex(ROLL.toIndex(next.intValue(), 0))) return t;
        }
        return null;
    }

    private boolean moveTo(ExcerptTailer t, long index) {
        return days.contains((long) ROLL.toCycle(index)) && t.moveToIndex(index);
    }

    /** Remembers the day files as inspected: a reader's stay as they were at its open. */
    private void days(List<DayFiles.DayFile> files) {
        days.clear();
        for (DayFiles.DayFile f : files) days.add((long) f.cycle());
    }

    /**
     * The index of the first group whose journal time is at or after {@code instant}, or
     * {@code lastIndex() + 1} when there is none. A binary search: first over the daily files
     * (a file's cycle is its day), then over the sequence numbers inside one.
     */
    public long indexAt(Instant instant) {
        long last = lastIndex();
        if (last < 0) return 0;
        long target = epochMillis(instant);
        // An excerpt's day is its journal time's day, so days before the target's hold nothing at
        // or after it, and the first excerpt of any later day is.
        for (Long day : days.tailSet(Math.floorDiv(target, DAY_MILLIS), true)) {
            int cycle = day.intValue();
            if (ROLL.toIndex(cycle, 0) > last) break;
            long count = Math.min(tailer().excerptsInCycle(cycle),
                    cycle == ROLL.toCycle(last) ? ROLL.toSequenceNumber(last) + 1 : Long.MAX_VALUE);
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
                long index;
                try (DocumentContext dc = t.readingDocument()) {
                    if (!dc.isPresent()) return null;
                    if (!peekHeader(dc).isCheckpoint()) continue;
                    index = dc.index();
                    dc.rollbackOnClose();
                }
                return new JournalRecord(index, 0, entryAt(index));
            }
        } catch (InternalError e) {
            throw faulted(e, DayFiles.name(ROLL.toCycle(start)));
        } finally {
            t.close();
        }
    }

    /** The index of the last group at or before {@code index} (which need not be a group's), or -1. */
    private long entryAtOrBefore(long index) {
        long last = lastIndex();
        if (last < 0 || index < 0) return -1;
        if (index >= last) return last;
        long cycle = ROLL.toCycle(index);
        for (Long day : days.headSet(cycle, true).descendingSet()) {
            long count = tailer().excerptsInCycle(day.intValue());
            if (count == 0) continue;
            long sequence = day == cycle ? Math.min(ROLL.toSequenceNumber(index), count - 1) : count - 1;
            return ROLL.toIndex(day.intValue(), sequence);
        }
        return -1;
    }

    /** The journal time of the excerpt at {@code index}. */
    private long readTime(long index) {
        ExcerptTailer t = tailer();
        t.direction(TailerDirection.FORWARD);
        if (!t.moveToIndex(index)) throw new IllegalStateException("no excerpt at index " + Long.toHexString(index));
        try (DocumentContext dc = t.readingDocument()) {
            return peekHeader(dc).time();
        }
    }

    /**
     * The entry at one index, checked: a group's first (its fact), or the checkpoint a checkpoint's
     * end completes. Null where there is none, and for a part of a large checkpoint: it is no entry.
     */
    public Entry entryAt(long index) {
        if (index < 0 || index > lastIndex()) return null;
        ExcerptTailer t = tailer();
        t.direction(TailerDirection.FORWARD);
        if (!moveTo(t, index)) return null;
        try (DocumentContext dc = t.readingDocument()) {
            if (!dc.isPresent()) return null;
            String why = check(dc, null, -1);
            if (why != null) throw damage("the excerpt " + why, index, -1);
            Excerpt h = lastChecked;
            if (h.isPart()) return null;
            if (h.kind() == Excerpt.PART_END) {
                ByteArrayOutputStream joined = partsBefore(index);
                joined.write(readBuffer, Excerpt.HEADER_BYTES, h.length());
                byte[] json = joined.toByteArray();
                return decode(index, h, json, 0, json.length);
            }
            Entry[] first = {null};
            entries(index, h, (kind, offset, length) -> {
                if (first[0] == null) first[0] = decode(index, h, readBuffer, offset, length);
            });
            return first[0];
        } catch (InternalError e) {
            throw faulted(e, DayFiles.name(ROLL.toCycle(index)));
        }
    }

    /**
     * The parts written just before the checkpoint end at {@code index}, joined and checked: back to
     * the nearest start part, so parts a killed writer left further back are never joined. Parts
     * share their end's time, so they lie in its day's file.
     */
    private ByteArrayOutputStream partsBefore(long index) {
        List<byte[]> parts = new ArrayList<>();
        ExcerptTailer t = queue.createTailer();
        byte[] saved = readBuffer;
        readBuffer = new byte[PART_BYTES + Excerpt.HEADER_BYTES];
        try {
            t.direction(TailerDirection.BACKWARD);
            boolean started = false;
            if (t.moveToIndex(index - 1)) {
                while (!started) {
                    try (DocumentContext dc = t.readingDocument()) {
                        if (!dc.isPresent()) break;
                        String why = check(dc, null, -1);
                        if (why != null) throw damage("the checkpoint part " + why, dc.index(), -1);
                        Excerpt h = lastChecked;
                        if (!h.isPart()) break;
                        parts.add(java.util.Arrays.copyOfRange(readBuffer, Excerpt.HEADER_BYTES, Excerpt.HEADER_BYTES + h.length()));
                        started = h.kind() == Excerpt.PART_START;
                    }
                }
            }
            if (!started) throw damage("the checkpoint has lost its first part", index, -1);
        } finally {
            readBuffer = saved;
            t.close();
        }
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        for (int i = parts.size() - 1; i >= 0; i--) joined.writeBytes(parts.get(i));
        return joined;
    }

    /** Index arithmetic for tools that print or compare indexes. */
    public static int cycleOf(long index) {
        return ROLL.toCycle(index);
    }

    private JournalDamagedException damage(String what, long index, long ordinal) {
        return new JournalDamagedException(dir, what, index < 0 ? null : DayFiles.name(ROLL.toCycle(index)), index, ordinal);
    }

    /**
     * A fault in a mapped day file (SIGBUS, raised as an InternalError): the file is shorter than
     * Chronicle's index says (it was cut), or its disk could not give a page.
     */
    private RuntimeException faulted(InternalError e, String file) {
        long usable = usableSpace();
        if (usable < RESERVE_BYTES) return new JournalFullException(dir, usable, 0, writer, e);
        return new JournalDamagedException(dir, "reading the day file faulted: it is shorter than its index says"
                + " (it was cut)", file, -1, -1);
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        try {
            if (tip != null && broken == null) tip.force();
            closeQueue();
        } finally {
            releaseLock();
            if (view != null) Metadata.deleteView(view);
        }
    }

    private void closeQueue() {
        try {
            if (appender != null) appender.close();
            if (tailer != null) tailer.close();
            if (queue != null) queue.close();
        } catch (RuntimeException | InternalError e) {
            // a queue that faulted closes as far as it can; what it holds is on disk or cut at the next open
        } finally {
            appender = null;
            tailer = null;
            queue = null;
            writable = false;
            BackgroundResourceReleaser.releasePendingResources();
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
