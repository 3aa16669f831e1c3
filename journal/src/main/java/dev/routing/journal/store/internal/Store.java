package dev.routing.journal.store.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;

/**
 * A journal as opened, what its reader and its writer share, not thread-safe: like Chronicle's
 * tailer, which it keeps one of, it belongs to the thread that opened it. It holds Chronicle's queue
 * on the day files, the days that have one ({@link TimeIndex}), the excerpt reader and its check,
 * and where the journal ends: the last excerpt's index, the next ordinal and entry, the journal
 * time. Its reads are {@link Walk} (every excerpt checked, forward) and {@link Searches} (headers
 * only).
 */
public final class Store {
    final Path dir;
    final FreeSpace space;
    final ExcerptReader reader;
    final TimeIndex days;
    /** What the open found that is not damage and that a user should know. */
    final List<String> notes = new ArrayList<>();
    /** The checked reads. */
    public final Walk walk;
    /** The searches by seq, time and checkpoint. */
    public final Searches searches;
    /** The day files the open trusts by their seals, and the writer's sealing. */
    final Seals seals = new Seals(this);
    /** The journal's id (journal.tip's), or null before its writer made one: every excerpt is checked under it. */
    JournalId id;
    SingleChronicleQueue queue;
    /** A reader's view of the day files beside metadata of its own, when the journal's is unwritten ({@link Metadata}). */
    Path view;
    private ExcerptTailer tailer;
    private ExcerptTailer counter;
    /** The last excerpt's index, -1 for none: where a reader's open found the end, where the writer last wrote. */
    long lastIndex = -1;
    long nextOrdinal;
    long nextEntry;
    long journalTime = Long.MIN_VALUE;
    private boolean closed;

    Store(Path dir, FreeSpace space) {
        this.dir = dir;
        this.space = space;
        this.reader = new ExcerptReader(dir, 4096, null);
        this.days = new TimeIndex(this::tailer, this::counter, reader);
        this.walk = new Walk(this);
        this.searches = new Searches(this, walk);
    }

    /** Opens an existing journal for reading only; it may have a live writer. */
    public static Store openReader(Path dir) {
        if (!exists(dir)) throw new IllegalArgumentException("no journal at " + dir);
        Store store = new Store(dir, new FreeSpace(dir, false));
        new ReaderOpening(store).run();
        return store;
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

    public List<String> notes() {
        return List.copyOf(notes);
    }

    public long lastIndex() {
        return lastIndex;
    }

    public long firstIndex() {
        return queue.firstIndex();
    }

    public long entryCount() {
        return nextEntry;
    }

    /** The day files holding the groups from {@code fromIndex} to {@code toIndex}, inclusive, oldest first. */
    public List<Path> dayFiles(long fromIndex, long toIndex) {
        int first = DayFiles.ROLL.toCycle(fromIndex);
        int last = DayFiles.ROLL.toCycle(toIndex);
        List<Path> files = new ArrayList<>();
        for (DayFiles.DayFile f : DayFiles.inspectEach(dir)) {
            if (f.cycle() >= first && f.cycle() <= last) files.add(f.path());
        }
        return files;
    }

    /** What {@code verify} finds: every day file compared with its seal, one line a file that does not match. */
    public List<String> sealProblems() {
        return seals.compareAll(walk);
    }

    /** A sealed day's marks, as {@link #markedDays} hands them over. */
    @FunctionalInterface
    public interface MarkedDaySink {
        void day(long start, long end, long[] checkpoints, long[] standing);
    }

    /**
     * Hands over, in order, each day file whose seal the open trusts and whose marks ({@link DayMarks})
     * read and are bound to that seal: the indexes it spans, [start, end), and where its state
     * checkpoints and its groups holding a standing fact lie. Why other days' marks were not read
     * goes in {@code problems}.
     */
    public void markedDays(MarkedDaySink sink, List<String> problems) {
        seals.marks(problems).forEach((cycle, m) -> sink.day(DayFiles.ROLL.toIndex(cycle, 0), DayFiles.ROLL.toIndex(cycle + 1, 0),
                m.checkpoints, m.standing));
    }

    /** What {@link #sealedDay} makes of a trusted seal. */
    @FunctionalInterface
    public interface SealedDayMaker<T> {
        T make(int cycle, long lastIndex, long excerpts, int chain);
    }

    /** The seal the open trusts for the day {@code cycle}, made into a {@code T}; null when it trusts none. */
    public <T> T sealedDay(int cycle, SealedDayMaker<T> make) {
        DaySeal seal = seals.trusted(cycle);
        return seal == null ? null : make.make(cycle, seal.lastIndex(), seal.excerpts(), seal.chain());
    }

    /** The journal's id's 16 bytes, or null before its writer made one (or in a journal made before ids). */
    public byte[] idBytes() {
        return id == null ? null : id.bytes();
    }

    /** The journal's id, from now on the one every excerpt is checked under. */
    void bind(JournalId id) {
        this.id = id;
        reader.bind(id);
    }

    /** Where the journal ends, as the check of its end found it. */
    void endAt(TailCheck.Tail tail) {
        lastIndex = tail.lastIndex();
        if (tail.last() != null) {
            nextOrdinal = tail.last().ordinal() + 1;
            nextEntry = tail.last().nextEntry();
            journalTime = tail.last().time();
        }
    }

    /** The journal's one tailer, made on first use: creating one per search cost milliseconds. */
    ExcerptTailer tailer() {
        if (tailer == null) tailer = queue.createTailer();
        return tailer;
    }

    /**
     * A tailer that only counts a day's excerpts ({@link TimeIndex}) and never moves otherwise.
     * Chronicle's count (StoreTailer.excerptsInCycle) threw a NullPointerException on the journal's
     * one tailer as the walks and searches had left it (still on the day asked about, its file let
     * go): a search before the checkpoint of an earlier span on the same reader, as repeated
     * restores to earlier points do, failed.
     */
    ExcerptTailer counter() {
        if (counter == null) counter = queue.createTailer();
        return counter;
    }

    /** A new tailer in place of the one kept: see {@link Walk}'s positioning. */
    ExcerptTailer renewTailer() {
        if (tailer != null) tailer.close();
        tailer = queue.createTailer();
        return tailer;
    }

    /**
     * Chronicle read-only: it changes no byte (a read-write queue writes its metadata as it opens).
     * The writer reads read-only too until its first write, so an open that finds damage, or a
     * restore that does, leaves the journal exactly as it was.
     */
    SingleChronicleQueue build() {
        return DayFiles.chronicle(view != null ? view : dir).readOnly(true).build();
    }

    /**
     * The queue's last index; a fault here is a day file cut short (or a full disk). -1 when Chronicle
     * cannot find its end (its header points at data a power failure lost, and its own assertion
     * trips): {@link TailCheck} reads on from the last excerpt the tip protects to find it.
     */
    long lastIndexChecked(List<DayFiles.DayFile> files) {
        try {
            return queue.lastIndex();
        } catch (InternalError | RuntimeException e) {
            if (FreeSpace.mappedFault(e) == null) throw e;
            throw space.faulted(e, files.isEmpty() ? null : files.get(files.size() - 1).name());
        } catch (AssertionError e) {
            return -1;
        }
    }

    /** Closes the tailer and the queue, as far as they close: what they hold is on disk, or cut at the next open. */
    void closeQueue() {
        try {
            if (tailer != null) tailer.close();
            if (counter != null) counter.close();
            if (queue != null) queue.close();
        } catch (RuntimeException | InternalError e) {
            // a queue that faulted closes as far as it can; what it holds is on disk or cut at the next open
        } finally {
            tailer = null;
            counter = null;
            queue = null;
            BackgroundResourceReleaser.releasePendingResources();
        }
    }

    void deleteView() {
        if (view != null) Metadata.deleteView(view);
    }

    /** Closes what a reader opened. */
    public void close() {
        if (closed) return;
        closed = true;
        try {
            closeQueue();
        } finally {
            deleteView();
        }
    }
}
