package dev.routing.journal.store;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.CRC32C;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
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
 * tells them apart. A checkpoint too large for one excerpt is written in parts ({@link CheckpointParts}).
 *
 * <p>The writer records the last excerpt it acknowledged in {@code journal.tip} ({@link Tip}). At
 * open, the end of the journal is checked against it ({@link TailCheck}): a journal that ends before
 * it was cut; an excerpt after it that fails its check is a torn tail (never acknowledged), which a
 * reader leaves unread and the writer cuts ({@link TailCut}) before it appends. The writer checks the
 * free space before each excerpt ({@link FreeSpace}), so a full disk is a {@link JournalFullException}
 * and not a fault in the mapped file; it syncs durable entries (J3) before {@link #commit} returns.
 *
 * <p>A reader opens Chronicle read-only (it changes no byte, and works on a read-only directory) and
 * reads only to the last excerpt it found at its open, so it sees one consistent journal beside a
 * live writer. One writer per journal: an OS lock on its tip ({@link WriterLock}). Every excerpt is
 * bound to the id the journal made at its creation ({@link JournalId}). Like Chronicle's own
 * appenders and tailers, a Journal belongs to the thread that opened it.
 */
public final class Journal implements AutoCloseable {
    private static final RollCycle ROLL = DayFiles.ROLL;
    /**
     * The largest excerpt of entries. Chronicle refuses an excerpt over a quarter of its 64 MiB block
     * (16 MiB); a group is kept to half that, so that a fact under {@link #FACT_LIMIT} has room for
     * every decision it can make. A state checkpoint has no limit: it is written in parts.
     */
    public static final int GROUP_LIMIT = 8 << 20;
    /** The largest fact, encoded ({@link dev.routing.journal.event.Fact#MAX_BYTES}). Refused before it is decided. */
    public static final int FACT_LIMIT = dev.routing.journal.event.Fact.MAX_BYTES;

    private final Path dir;
    private final boolean writer;
    /** The id a new journal takes (salvage's), or null for a fresh one. */
    private final JournalId wanted;
    /** The journal's id (journal.tip's): every excerpt is checked under it, and the writer binds what it writes to it. */
    private JournalId id;
    /** The writer's; null for a reader. */
    private final WriterLock lock;
    private final FreeSpace space;
    private final ExcerptReader reader;
    private final TimeIndex days;
    /** The writer's; null for a reader. */
    private final DayAppender appender;
    private final CRC32C crc = new CRC32C();
    /** Where a header is written for a payload that has no room for one before it (a checkpoint's part). */
    private final byte[] header = new byte[Excerpt.HEADER_BYTES];
    private SingleChronicleQueue queue;
    /** Whether {@link #queue} is open for writing (the writer's, after its first write). */
    private boolean writable;
    /** A reader's view of the day files beside metadata of its own, when the journal's is unwritten ({@link Metadata}). */
    private Path view;
    private ExcerptTailer tailer;
    private Tip tip;
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
    /** Why this writer may write no more (a fault in the mapped file), or null. */
    private String broken;
    private TailCut.Cut cut;
    private final List<String> notes = new ArrayList<>();
    private boolean closed;

    private Journal(Path dir, boolean writer, JournalId wanted) {
        this.dir = dir;
        this.writer = writer;
        this.wanted = wanted;
        this.lock = writer ? WriterLock.take(dir) : null;
        this.space = new FreeSpace(dir, writer);
        this.reader = new ExcerptReader(dir, 4096, null);
        this.days = new TimeIndex(this::tailer, reader);
        this.appender = writer ? new DayAppender(days, this::sync) : null;
        try {
            open();
        } catch (InternalError e) {
            RuntimeException answer = space.faulted(e, null);
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
        return new Journal(dir, true, null);
    }

    /**
     * As {@link #openWriter(Path)}, a new journal taking the id {@code id} (salvage's copy, whose
     * excerpts are bound to its source's), or a fresh one when null.
     */
    static Journal openWriter(Path dir, JournalId id) {
        return new Journal(dir, true, id);
    }

    /** Opens an existing journal for reading only; it may have a live writer. */
    public static Journal openReader(Path dir) {
        if (!exists(dir)) throw new IllegalArgumentException("no journal at " + dir);
        return new Journal(dir, false, null);
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
            space.refuseBelow(0);
            TailCut.clearWork(dir);
        }
        Tip.State tipState = Tip.read(dir);
        id = Tip.readId(dir);
        reader.bind(id);
        List<DayFiles.DayFile> files = writer ? DayFiles.inspect(dir) : DayFiles.inspectBesideAWriter(dir);
        DayFiles.refuseFormat1(dir, files);
        boolean any = files.stream().anyMatch(f -> f.first() != null);
        if (tipState == null && any) {
            throw Tip.missing(dir);
        }
        DayFiles.DayFile unbegun = unbegunLast(files, tipState);
        if (writer) {
            if (lock.tip() == null) throw Tip.missing(dir);
            tip = Tip.openWriter(dir, lock.tip(), tipState != null ? tipState : Tip.State.EMPTY);
            tipState = tip.state();
            if (unbegun != null) files = moveAsideUnbegun(files, unbegun);
            tipState = tip.state();
        } else if (unbegun != null) {
            files = files.subList(0, files.size() - 1);
            notes.add("the last day file " + unbegun.name() + " " + unbegun.unbegunWhy() + ": it was created and never"
                    + " begun (a day roll that failed, or a writer stopped while creating it). Nothing acknowledged is in it;"
                    + " it is not read, and the writer's next open moves it aside");
        }
        DayFiles.checkChain(dir, files);
        days.list(files);
        String metadata = any ? Metadata.problem(dir) : null;
        if (metadata != null) {
            if (writer) notes.add(Metadata.moveAside(dir, metadata));
            else view = Metadata.view(dir, files);
        } else if (!writer && unbegun != null) {
            // Chronicle would wait on the unbegun file without end: read through links to the others
            view = Metadata.view(dir, files);
        }
        if (writer && !Files.exists(dir.resolve(Metadata.FILE))) writable();
        else queue = build();
        if (writer) refreshStaleListing(files, tipState);
        long last = lastIndexChecked(files);
        if (last >= 0 && !days.hasDay(ROLL.toCycle(last))) {
            // a live writer began a day file after the files were listed: list them again
            files = DayFiles.inspectBesideAWriter(dir);
            DayFiles.checkChain(dir, files);
            days.list(files);
        }
        TailCheck ends = new TailCheck(this::tailer, days, reader, space);
        TailCheck.Tail tail = ends.check(tipState, last, queue);
        if (tail.tornIndex() >= 0) {
            if (writer) {
                // Chronicle's index may count fewer than are readable after a power failure (TailCheck)
                long excerpts = last >= tail.tornIndex() ? queue.countExcerpts(tail.tornIndex(), last + 1) : tail.lostUnsynced();
                closeQueue();
                tip.floor(ROLL.toCycle(tail.tornIndex()) * DayFiles.DAY_MILLIS);
                tipState = tip.state();
                space.refuseBelow(tail.tornPosition());
                cut = TailCut.cut(dir, files, tail.tornIndex(), tail.tornOrdinal(), Math.max(excerpts, 1), tail.lostUnsynced() > 0);
                files = DayFiles.inspect(dir);
                DayFiles.checkChain(dir, files);
                days.list(files);
                queue = build();
                refreshStaleListing(files, tipState);
                last = lastIndexChecked(files);
                tail = ends.check(tipState, last, queue);
                if (tail.tornIndex() >= 0) {
                    throw reader.damage("the torn tail is still there after it was cut", tail.tornIndex(), tail.tornOrdinal());
                }
            } else if (tail.lostUnsynced() == 0) {
                notes.add("the journal ends in a torn excerpt at index 0x" + Long.toHexString(tail.tornIndex()) + " (ordinal "
                        + tail.tornOrdinal() + ", " + DayFiles.name(ROLL.toCycle(tail.tornIndex())) + ") after the last"
                        + " acknowledged one: it was never acknowledged and is not read; the writer's next open cuts it");
            }
        }
        if (tail.lostUnsynced() > 0) {
            notes.add(tail.lostUnsynced() + " excerpt(s) acknowledged but not yet synced (ordinals " + (tail.lastOrdinal() + 1)
                    + " to " + tipState.ackedOrdinal() + ") were lost with the page cache in a power failure or system crash"
                    + (!writer && tail.tornIndex() >= 0 ? "; what is left of them is not read, and the writer's next open cuts it" : ""));
        }
        end = tail.lastIndex();
        if (tail.last() != null) {
            nextOrdinal = tail.last().ordinal() + 1;
            nextEntry = tail.last().nextEntry();
            prevIndex = tail.lastIndex();
            journalTime = tail.last().time();
        }
        if (writer && tail.last() != null) {
            int lastDay = ROLL.toCycle(tail.lastIndex());
            if (DayFiles.sealedAfter(dir.resolve(DayFiles.name(lastDay)), tail.lastEnd())) {
                // Chronicle closed the last excerpt's day file (a day roll that failed after it did): it
                // takes no more, so the next excerpt goes to the next day
                tip.floor((lastDay + 1L) * DayFiles.DAY_MILLIS);
                tipState = tip.state();
            }
        }
        if (tipState != null) journalTime = Math.max(journalTime, tipState.floorMillis());
        if (writer && tipState.ackedOrdinal() > tail.lastOrdinal()) {
            // what a power failure took was acknowledged: the tip must not claim it for the next open
            tip.write(tip.state().endingAt(tail.last(), tail.lastIndex()));
        }
        if (writer && !any) writable();
    }

    /**
     * Chronicle read-only: it changes no byte (a read-write queue writes its metadata as it opens).
     * The writer reads read-only too until its first write ({@link #writable}), so an open that
     * finds damage, or a restore that does, leaves the journal exactly as it was.
     */
    private SingleChronicleQueue build() {
        return DayFiles.chronicle(view != null ? view : dir).readOnly(true).build();
    }

    /** The writer's queue, opened for writing at its first write. */
    private void writable() {
        if (writable) return;
        if (id == null) {
            // a new journal, or one made before ids: it gets its id now, and every excerpt from here is bound to it
            id = tip.bind(wanted != null ? wanted : JournalId.random());
            reader.bind(id);
        }
        closeQueue();
        queue = appender.open(dir);
        writable = true;
    }

    /**
     * The last day file when it was created and never begun (empty, or without Chronicle's header: a
     * day roll that failed, or a writer that stopped while creating it), or null. It holds nothing
     * acknowledged; where it should hold the last acknowledged excerpt, that excerpt is gone: damage.
     */
    private DayFiles.DayFile unbegunLast(List<DayFiles.DayFile> files, Tip.State tipState) {
        if (files.isEmpty() || !files.get(files.size() - 1).unbegun()) return null;
        DayFiles.DayFile last = files.get(files.size() - 1);
        if (tipState != null && tipState.ackedIndex() >= 0 && ROLL.toCycle(tipState.ackedIndex()) >= last.cycle()) {
            throw last.problem() != null ? last.problem() : new JournalDamagedException(dir, "the day file holding the last"
                    + " acknowledged excerpt has no header", last.name(), tipState.ackedIndex(), tipState.ackedOrdinal());
        }
        return last;
    }

    /** The writer's way with an unbegun last day file ({@link #unbegunLast}): moved aside, the next excerpt in its day or later. */
    private List<DayFiles.DayFile> moveAsideUnbegun(List<DayFiles.DayFile> files, DayFiles.DayFile last) {
        tip.floor(last.cycle() * DayFiles.DAY_MILLIS);
        cut = TailCut.cut(dir, files, ROLL.toIndex(last.cycle(), 0), tip.state().ackedOrdinal() + 1, 0, false);
        return DayFiles.inspect(dir);
    }

    /**
     * Refreshes Chronicle's cached listing of the day files ({@link Metadata#refreshListing}) when it
     * is stale and the files are as a cut leaves them (nothing acknowledged was in the day that is
     * gone; a day file lost otherwise is damage, found by the checks, and left as it is).
     */
    private void refreshStaleListing(List<DayFiles.DayFile> files, Tip.State tipState) {
        if (writable || files.isEmpty()) return;
        int highest = files.get(files.size() - 1).cycle();
        if (tipState.ackedIndex() >= 0 && ROLL.toCycle(tipState.ackedIndex()) > highest) return;
        if (queue.lastCycle() <= highest && queue.firstCycle() >= files.get(0).cycle()) return;
        closeQueue();
        Metadata.refreshListing(dir, appender.clock());
        queue = build();
    }

    /**
     * The queue's last index; a fault here is a day file cut short (or a full disk). -1 when Chronicle
     * cannot find its end (its header points at data a power failure lost, and its own assertion
     * trips): {@link TailCheck} reads on from the last excerpt the tip protects to find it.
     */
    private long lastIndexChecked(List<DayFiles.DayFile> files) {
        try {
            return queue.lastIndex();
        } catch (InternalError e) {
            throw space.faulted(e, files.isEmpty() ? null : files.get(files.size() - 1).name());
        } catch (AssertionError e) {
            return -1;
        }
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
        appender.time(journalTime);
        long index;
        if (CheckpointParts.needed(group)) {
            index = CheckpointParts.write(group, this::excerpt);
            bytesWritten += CheckpointParts.length(group);
        } else {
            byte kind = group.isCheckpoint() ? Excerpt.CHECKPOINT : group.seq() != Group.NO_SEQ ? Excerpt.NUMBERED : Excerpt.GROUP;
            int payload = group.payloadLength();
            index = excerpt(kind, group.count(), group.buffer(), group.payloadOffset(), payload, true);
            bytesWritten += payload;
        }
        uncommittedDurable |= group.durable();
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
        space.ensure((long) Excerpt.HEADER_BYTES + length);
        writable(); // binds a journal made before ids, so that this excerpt is bound too
        int excerptCrc = Excerpt.writeHeader(head, at, id, kind, EntryCodec.SCHEMA_VERSION, count, nextOrdinal, nextEntry, prevIndex,
                journalTime, payload, offset, length, crc);
        long index = put(head, at, payload, offset, length);
        try {
            tip.acked(nextOrdinal, index, excerptCrc);
        } catch (InternalError e) {
            broken = "the disk filled under a write";
            throw new JournalFullException(dir, space.usable(), (long) Excerpt.HEADER_BYTES + length, true, e);
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
        space.ensure(size);
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

    /** Writes one excerpt in the day of the journal time ({@link DayAppender}); a fault of the disk under it is a full disk. */
    private long put(byte[] head, int at, byte[] payload, int offset, int length) {
        writable();
        try {
            long index = appender.append(journalTime, head, at, payload, offset, length);
            unsynced = true;
            return index;
        } catch (InternalError e) {
            broken = "the disk filled under a write";
            throw new JournalFullException(dir, space.usable(), (long) Excerpt.HEADER_BYTES + length, true, e);
        } catch (DayAppender.NotBegun e) {
            // Chronicle could not create or size a new day's file, and may have closed the day before: this
            // writer takes no more, and the next open goes on in the new day (it finds the old one closed)
            long usable = space.usable();
            if (usable < FreeSpace.RESERVE_BYTES) {
                broken = "the disk filled under a write";
                throw new JournalFullException(dir, usable, (long) Excerpt.HEADER_BYTES + length, false, e.getCause());
            }
            broken = "it could not begin the day file " + e.file;
            throw new DayFileException(dir, e.file, usable, e.getCause());
        } catch (RuntimeException e) {
            // Chronicle reports an I/O error (a day file it could not grow) as its own runtime exception
            long usable = space.usable();
            if (usable >= FreeSpace.RESERVE_BYTES) throw e;
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
            appender.sync();
        } catch (InternalError e) {
            broken = "the disk filled under a sync";
            throw new JournalFullException(dir, space.usable(), 0, true, e);
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

    /** The entries' bytes this writer has appended since it opened: what a checkpoint's cost is weighed against. */
    public long bytesWritten() {
        return bytesWritten;
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
            return reader.peek(dc).firstEntry();
        }
    }

    /** Reads every entry from {@code fromIndex} (or from the start when it is below the first). */
    public void read(long fromIndex, Consumer<JournalRecord> sink) {
        read(fromIndex, Long.MAX_VALUE, sink);
    }

    /** Reads entries of groups whose index lies in [fromIndex, toIndex), checking every excerpt. */
    public void read(long fromIndex, long toIndex, Consumer<JournalRecord> sink) {
        CheckpointParts.Joiner parts = new CheckpointParts.Joiner();
        walk(fromIndex, toIndex, (index, h) -> {
            byte[] buf = reader.buffer();
            switch (h.kind()) {
                case Excerpt.PART_START, Excerpt.PART -> parts.add(h, buf);
                case Excerpt.PART_END -> {
                    byte[] stored = parts.end(h, buf, () -> partsBefore(index));
                    sink.accept(new JournalRecord(index, 0, reader.decode(index, h, stored, 0, stored.length)));
                }
                default -> {
                    parts.drop();
                    int[] position = {0};
                    long seq = h.seq(buf);
                    reader.entries(index, h, (kind, offset, length) ->
                            sink.accept(new JournalRecord(index, position[0]++, reader.decode(index, h, buf, offset, length), seq)));
                }
            }
        });
    }

    /**
     * Walks the journal checking every excerpt without decoding an entry: the floor any decoding
     * replay is measured against. Returns the number of entries; adds their bytes to
     * {@code storedBytes[0]} when given.
     */
    public long scanRaw(long fromIndex, long[] storedBytes) {
        long[] countAndBytes = {0, 0};
        walk(fromIndex, Long.MAX_VALUE, (index, h) -> {
            countAndBytes[0] += h.count();
            countAndBytes[1] += h.length();
        });
        if (storedBytes != null && storedBytes.length > 0) storedBytes[0] = countAndBytes[1];
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
         * copied: {@code bytes} is null). The bytes are the entry as stored, valid only during the call;
         * {@link EntryCodec#decode(int, byte[], int, int)} reads them under {@code version}.
         */
        void accept(long index, char kind, int version, byte[] bytes, int offset, int length);
    }

    /** Reads entries of groups whose index lies in [fromIndex, toIndex) without decoding them. */
    public void readRaw(long fromIndex, long toIndex, RawSink sink) {
        readRaw(fromIndex, toIndex, (index, ordinal, kind, version, bytes, offset, length) -> sink.accept(index, kind, version, bytes, offset, length));
    }

    /** As a RawSink, with the excerpt's ordinal, so that damage found later is named as {@link #read} names it. */
    interface OrdinalRawSink {
        void accept(long index, long ordinal, char kind, int version, byte[] bytes, int offset, int length);
    }

    void readRaw(long fromIndex, long toIndex, OrdinalRawSink sink) {
        walk(fromIndex, toIndex, (index, h) -> {
            if (h.isPart()) return;
            if (h.isCheckpoint()) {
                sink.accept(index, h.ordinal(), 'C', h.schema(), null, 0, 0);
            } else {
                byte[] buf = reader.buffer();
                reader.entries(index, h, (kind, offset, length) -> sink.accept(index, h.ordinal(), (char) kind, h.schema(), buf, offset, length));
            }
        });
    }

    @FunctionalInterface
    private interface ExcerptSink {
        /** The excerpt at {@code index}, checked, with its bytes in the reader's buffer. */
        void accept(long index, Excerpt header);
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
                    String why = reader.check(dc, previous, previousIndex);
                    if (why != null) throw reader.damage("the excerpt " + why, index, previous == null ? -1 : previous.ordinal() + 1);
                    previous = reader.checked();
                    previousIndex = index;
                    each.accept(index, previous);
                }
            }
        } catch (InternalError e) {
            throw space.faulted(e, DayFiles.name(ROLL.toCycle(at)));
        }
        if (previousIndex < lastIndex()) {
            long after = previousIndex >= 0 ? previousIndex : fromIndex;
            throw reader.damage("the journal stops after index 0x" + Long.toHexString(after) + ", before its last index 0x"
                    + Long.toHexString(lastIndex()) + ": the rest of " + DayFiles.name(ROLL.toCycle(after))
                    + " cannot be read (the file was cut or overwritten)", after,
                    previous == null ? -1 : previous.ordinal() + 1);
        }
    }

    /** The journal's tailer at the first excerpt at or after {@code fromIndex}, or null when there is none. */
    private ExcerptTailer position(long fromIndex) {
        ExcerptTailer t = tailer();
        t.direction(TailerDirection.FORWARD);
        long first = queue.firstIndex();
        if (first == Long.MAX_VALUE || lastIndex() < 0) return null;
        return days.position(t, first, fromIndex) ? t : null;
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
            return SeqSearch.last(t, last, afterIndex, days, reader);
        } catch (InternalError e) {
            throw named(space.faulted(e, DayFiles.name(ROLL.toCycle(last))));
        } catch (JournalDamagedException e) {
            throw named(e);
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
        // the journal's one tailer: creating one per resent fact cost milliseconds
        ExcerptTailer t = tailer();
        try {
            return SeqSearch.indexOf(t, last, seq, fromIndex, days, reader);
        } catch (InternalError e) {
            throw named(space.faulted(e, DayFiles.name(ROLL.toCycle(last))));
        } catch (JournalDamagedException e) {
            throw named(e);
        }
    }

    /**
     * The index of the first group whose journal time is at or after {@code instant}, or
     * {@code lastIndex() + 1} when there is none ({@link TimeIndex}).
     */
    public long indexAt(Instant instant) {
        long last = lastIndex();
        if (last < 0) return 0;
        return days.indexAt(last, instant);
    }

    /**
     * The newest {@code state.checkpoint} at or before {@code beforeIndex}, read backwards from
     * there: checkpoints are written every few thousand entries, so this reads at most that many
     * headers. Returns null when there is none.
     */
    public JournalRecord newestCheckpoint(long beforeIndex) {
        long start = groupAtOrBefore(beforeIndex);
        if (start < 0) return null;
        ExcerptTailer t = queue.createTailer();
        try {
            t.direction(TailerDirection.BACKWARD);
            if (!t.moveToIndex(start)) return null;
            while (true) {
                long index;
                try (DocumentContext dc = t.readingDocument()) {
                    if (!dc.isPresent()) return null;
                    if (!reader.peek(dc).isCheckpoint()) continue;
                    index = dc.index();
                    dc.rollbackOnClose();
                }
                return new JournalRecord(index, 0, entryAt(index));
            }
        } catch (InternalError e) {
            throw named(space.faulted(e, DayFiles.name(ROLL.toCycle(start))));
        } catch (JournalDamagedException e) {
            throw named(e);
        } finally {
            t.close();
        }
    }

    /**
     * What a search that reads headers without checking them (backwards from the end, or skipping
     * ahead) found wrong, named as every reader names it. A flipped length in Chronicle's framing
     * faults the search where it stands, which can be a day after the damage, and looks like a file
     * cut short; the forward check from the start finds the excerpt itself, by file, index and
     * ordinal. Only when it finds nothing is the search's own answer given.
     */
    private RuntimeException named(RuntimeException found) {
        try {
            checkUpTo(lastIndex() + 1);
        } catch (JournalDamagedException | JournalFullException e) {
            return e;
        }
        return found;
    }

    /** The index of the last group at or before {@code index} (which need not be a group's), or -1. */
    private long groupAtOrBefore(long index) {
        long last = lastIndex();
        if (last < 0 || index < 0) return -1;
        if (index >= last) return last;
        return days.atOrBefore(index);
    }

    /**
     * The entry at one index, checked: a group's first (its fact), or the checkpoint a checkpoint's
     * end completes. Null where there is none, and for a part of a large checkpoint: it is no entry.
     */
    public Entry entryAt(long index) {
        if (index < 0 || index > lastIndex()) return null;
        ExcerptTailer t = tailer();
        t.direction(TailerDirection.FORWARD);
        if (!days.moveTo(t, index)) return null;
        try (DocumentContext dc = t.readingDocument()) {
            if (!dc.isPresent()) return null;
            String why = reader.check(dc, null, -1);
            if (why != null) throw reader.damage("the excerpt " + why, index, -1);
            Excerpt h = reader.checked();
            if (h.isPart()) return null;
            byte[] buf = reader.buffer();
            if (h.kind() == Excerpt.PART_END) {
                byte[] stored = new CheckpointParts.Joiner().end(h, buf, () -> partsBefore(index));
                return reader.decode(index, h, stored, 0, stored.length);
            }
            Entry[] first = {null};
            reader.entries(index, h, (kind, offset, length) -> {
                if (first[0] == null) first[0] = reader.decode(index, h, buf, offset, length);
            });
            return first[0];
        } catch (InternalError e) {
            throw space.faulted(e, DayFiles.name(ROLL.toCycle(index)));
        }
    }

    /** The parts of the checkpoint that ends at {@code index}, read with a tailer (and a buffer) of their own. */
    private ByteArrayOutputStream partsBefore(long index) {
        ExcerptTailer t = queue.createTailer();
        try {
            return CheckpointParts.before(t, index, new ExcerptReader(dir, CheckpointParts.PART_BYTES + Excerpt.HEADER_BYTES, id));
        } finally {
            t.close();
        }
    }

    /** Index arithmetic for tools that print or compare indexes. */
    public static int cycleOf(long index) {
        return ROLL.toCycle(index);
    }

    /**
     * The day files holding the groups from {@code fromIndex} to {@code toIndex}, inclusive, oldest
     * first: the files a reader of that range reads (a day with no entries has none). For a report
     * that names, or fingerprints, what it read.
     */
    public List<Path> dayFiles(long fromIndex, long toIndex) {
        int first = cycleOf(fromIndex);
        int last = cycleOf(toIndex);
        List<Path> files = new ArrayList<>();
        for (DayFiles.DayFile f : DayFiles.inspectEach(dir)) {
            if (f.cycle() >= first && f.cycle() <= last) files.add(f.path());
        }
        return files;
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
            tailer = null;
            queue = null;
            writable = false;
            BackgroundResourceReleaser.releasePendingResources();
        }
    }

    private void releaseLock() {
        if (lock != null) lock.release();
    }
}
