package dev.routing.journal.store;

import dev.routing.journal.codec.CheckpointJson;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import dev.routing.journal.store.faults.JournalDamagedException;
import dev.routing.journal.store.internal.DayFiles;
import dev.routing.journal.store.internal.Excerpt;
import dev.routing.journal.store.internal.Store;
import dev.routing.journal.store.internal.Walk;
import dev.routing.journal.store.internal.Writer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The append-only journal as every caller reads it, not thread-safe: a journal belongs to the thread
 * that opened it, as Chronicle's tailers do. A Chronicle Queue with one file per UTC day of the
 * entries' own time. Open it with {@link #openReader} (read-only; many at once, beside a live
 * writer) or {@link #openWriter} (one per journal: {@link JournalWriter}). Its machinery lives in
 * {@code store.internal}, its faults in {@code store.faults}.
 *
 * <p>Each excerpt is a {@link Group} (a fact and its decisions, the opening of a reopened journal,
 * or a state checkpoint) behind a binary header that carries the excerpt's ordinal over the whole
 * journal and a CRC32C, so every read checks every excerpt and a changed byte, a cut, a missing day
 * file or a reordering is a {@link JournalDamagedException} naming the file, index and ordinal,
 * never a wrong answer. Chronicle commits an excerpt whole or not at all, so a group is on disk all
 * or nothing. Entries of one group share the group's index ({@code cycle << 32 | sequence});
 * {@link JournalRecord#position()} tells them apart. A checkpoint too large for one excerpt is
 * written in parts.
 *
 * <p>At open the end of the journal is checked against {@code journal.tip}, the last excerpt the
 * writer acknowledged: a journal that ends before it was cut; an excerpt after it that fails its
 * check is a torn tail (never acknowledged), which a reader leaves unread and the writer cuts
 * before it appends. A reader reads only to the last excerpt it found at its open.
 *
 * <p>On disk, in the journal's directory (all numbers little-endian):
 *
 * <pre>
 * 20261102F.cq4        one day file per UTC day of journal time (Chronicle's FAST_DAILY cycle), grown
 *                      64 MiB at a time from 80 MiB; any other size is a file cut short. Chronicle's
 *                      framing: per excerpt a u32 (30 bits of length, a metadata bit, a not-complete
 *                      bit), 4-byte aligned; its store header and index first, then our excerpts
 * metadata.cq4t        Chronicle's write lock and cached listing of the day files: nothing the day
 *                      files and the tip do not also hold (an unwritten one is moved aside, or read
 *                      around)
 * journal.tip          4096 bytes, written in place and never replaced; the writer's OS lock is on it
 *     0  8 bytes  magic           "RJTIP002"
 *     8  16 bytes id              the journal's id, which every excerpt's checksum covers (zeros: none yet)
 *    24  u32      id crc          CRC32C of the id
 *    64  80 bytes slot 0          the valid slot with the higher seq counts: the writer alternates, so a
 *   144  80 bytes slot 1          kill mid-update leaves the other, one excerpt older
 *   a slot:
 *     0  i64      seq
 *     8  16 bytes boot            the boot it was written in (after a power failure: another)
 *    24  i64      acked ordinal   the last excerpt acknowledged, -1 for none
 *    32  i64      acked index
 *    40  u32      acked crc       that excerpt's checksum
 *    48  i64      synced ordinal  the last excerpt an msync covered, -1 for none
 *    56  i64      synced index
 *    64  i64      floor           the journal time no later excerpt goes below, epoch millis
 *    72  u32      slot crc        CRC32C of the slot's bytes [0, 72)
 * writer.lock          the lock file of builds before journal.tip held the lock: locked too
 * DAY.torn-ORDINAL     a day file as it was before its torn tail was cut (outside Chronicle's listing)
 * DAYF.seal            a rolled day file's seal (store.internal.DaySeal): its size, first and last
 *                      excerpt and the checksum of its excerpts' checksums, so an open need not read it
 * DAYF.marks           a sealed day's marks (store.internal.DayMarks), bound to its seal: where its state
 *                      checkpoints and its last standing fact of each kind and subject lie, so explain
 *                      need not walk it
 *
 * an excerpt (ours, inside Chronicle's framing):
 *  0  u8   format      3 (bound to the journal's id), 2 (before journal ids)
 *  1  u8   kind        'G' a group of entries, 'N' a group whose fact the host numbered, 'C' a state checkpoint,
 *                      'S' / 'P' / 'E' the start, a middle part, the end of a checkpoint too large for one excerpt
 *  2  u16  schema      the entries' encoding version (EntryCodec.SCHEMA_VERSION)
 *  4  u32  count       entries in the excerpt (0 for 'S' and 'P')
 *  8  i64  ordinal     0, 1, 2 … over the whole journal: a gap is a lost excerpt, a step back a reordering
 * 16  i64  firstEntry  entries in the journal before this excerpt's first
 * 24  i64  prevIndex   the Chronicle index of the excerpt before this one, -1 for the first
 * 32  i64  time        journal time, epoch millis, never less than the excerpt before
 * 40  u32  length      payload bytes after the header
 * 44  u32  crc         CRC32C of the journal's id (format 3), bytes [0, 44) and the payload
 * 48       payload     'G', 'C': per entry a kind byte ('F', 'D', 'C'), a u32 length and the entry's bytes;
 *                      'N': the host's seq (i64, 1 or more), then the entries as in 'G';
 *                      'S', 'P', 'E': the next slice of the checkpoint's bytes
 * </pre>
 */
public abstract sealed class Journal implements AutoCloseable permits JournalReader, JournalWriter {
    /**
     * The largest excerpt of entries, 8 MiB: half the largest Chronicle takes, so that a fact under
     * {@link #FACT_LIMIT} has room for every decision it can make ({@link Excerpt#GROUP_LIMIT}, where
     * the store refuses a larger one). A state checkpoint has no limit: it is written in parts.
     */
    public static final int GROUP_LIMIT = Excerpt.GROUP_LIMIT;
    /** The largest fact, encoded ({@link dev.routing.journal.event.Fact#MAX_BYTES}). Refused before it is decided. */
    public static final int FACT_LIMIT = dev.routing.journal.event.Fact.MAX_BYTES;

    final Store store;

    Journal(Store store) {
        this.store = store;
    }

    /** Opens (creating if need be) the journal in {@code dir} for writing, cutting a torn tail first. */
    public static JournalWriter openWriter(Path dir) {
        return new JournalWriter(Writer.open(dir));
    }

    /** Opens an existing journal for reading only; it may have a live writer. */
    public static JournalReader openReader(Path dir) {
        return new JournalReader(Store.openReader(dir));
    }

    /** Whether {@code dir} holds a journal: Chronicle's metadata, the tip or a day file (the metadata alone may be lost). */
    public static boolean exists(Path dir) {
        return Store.exists(dir);
    }

    /** Index arithmetic for tools that print or compare indexes: the day (Chronicle's cycle) of an index. */
    public static int cycleOf(long index) {
        return DayFiles.ROLL.toCycle(index);
    }

    /** The index of the first excerpt of {@code index}'s day: excerpts of a day are numbered from it without a gap. */
    public static long dayStartOf(long index) {
        return DayFiles.ROLL.toIndex(cycleOf(index), 0);
    }

    public final Path dir() {
        return store.dir();
    }

    /**
     * The journal's id (16 bytes, made once by its first writer), which a file kept beside it names so
     * that a file of another journal is told apart; null before the first write, or in a journal
     * made before ids.
     */
    public final byte[] id() {
        return store.idBytes();
    }

    /**
     * What the open found that is not damage and that a user should know: a torn tail a reader left
     * unread, acknowledged excerpts a power failure took before they were synced.
     */
    public final List<String> notes() {
        return store.notes();
    }

    /** The last group's index, or -1 for an empty journal. A reader's stays where its open found it. */
    public final long lastIndex() {
        return store.lastIndex();
    }

    public final long firstIndex() {
        return store.firstIndex();
    }

    /** The entries in the journal (facts, decisions and checkpoints), as far as a reader reads. */
    public final long entryCount() {
        return store.entryCount();
    }

    /** The number of entries in groups whose index lies in [fromIndex, toIndex). */
    public final long countBetween(long fromIndex, long toIndex) {
        return store.walk.countBetween(fromIndex, toIndex);
    }

    /** Reads every entry from {@code fromIndex} (or from the start when it is below the first). */
    public final void read(long fromIndex, Consumer<JournalRecord> sink) {
        read(fromIndex, Long.MAX_VALUE, sink);
    }

    /** Reads entries of groups whose index lies in [fromIndex, toIndex), checking every excerpt. */
    public final void read(long fromIndex, long toIndex, Consumer<JournalRecord> sink) {
        store.walk.read(fromIndex, toIndex, JournalRecord::new, sink);
    }

    /**
     * Walks the journal checking every excerpt without decoding an entry: the floor any decoding
     * replay is measured against. Returns the number of entries; adds their bytes to
     * {@code storedBytes[0]} when given.
     */
    public final long scanRaw(long fromIndex, long[] storedBytes) {
        return store.walk.scanRaw(fromIndex, storedBytes);
    }

    /**
     * Checks every excerpt whose index lies in [first, toIndex) without decoding one: a restore
     * from a checkpoint reads nothing before it, and a damaged stretch there must still be named,
     * not continued past (the writer would append to a journal it cannot salvage whole). A day file
     * whose seal matches it as it lies (its size, its first excerpt, the next file going on from its
     * last) is not read again: it was checked whole when it was sealed, and {@link #sealProblems()}
     * compares its excerpts with the seal.
     */
    public final void checkUpTo(long toIndex) {
        store.walk.checkUpTo(toIndex);
    }

    /**
     * Every day file but the last walked whole and compared with its seal, where it has one ({@code
     * verify}): one line for each that does not match, naming the file.
     */
    public final List<String> sealProblems() {
        return store.sealProblems();
    }

    /**
     * A day file's seal as an open trusts it: the day ({@link #cycleOf}, days since 1970-01-01), the
     * index of its last excerpt, how many it holds and the CRC32C chain over their checksums. What is
     * derived from a sealed day (its persisted audit) names these, so that it is read only beside the
     * bytes it was made from.
     */
    public record SealedDay(int day, long lastIndex, long excerpts, int chain) {
    }

    /**
     * The seal of {@code day} if this open trusts it (the day rolled, and its file matches its seal),
     * else null: a day still being written, with no seal, or one its file does not match.
     */
    public final SealedDay sealedDay(int day) {
        return store.sealedDay(day, SealedDay::new);
    }

    /**
     * A sealed day's marks: the indexes the day spans, [start, end), and where its state checkpoints
     * and its groups holding a standing fact ({@link dev.routing.journal.codec.EntryTypes#STANDING})
     * lie, ascending.
     */
    public record MarkedDay(long start, long end, long[] checkpoints, long[] standing) {
    }

    /** What {@link #markedDays} found: the days, in order, and why other sealed days' marks are not read. */
    public record MarkedDays(List<MarkedDay> days, List<String> problems) {
    }

    /**
     * The sealed days whose marks can be trusted (the day file matches its seal, and the marks are
     * bound to that seal): a reader that looks for checkpoints and standing facts before an index
     * reads those days' marked groups instead of walking them. A day not listed is walked.
     */
    public final MarkedDays markedDays() {
        List<MarkedDay> days = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        store.markedDays((start, end, checkpoints, standing) -> days.add(new MarkedDay(start, end, checkpoints, standing)), problems);
        return new MarkedDays(List.copyOf(days), List.copyOf(problems));
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
    public final void readRaw(long fromIndex, long toIndex, RawSink sink) {
        readRaw(fromIndex, toIndex, (index, ordinal, kind, version, bytes, offset, length) -> sink.accept(index, kind, version, bytes, offset, length));
    }

    /** As a RawSink, with the excerpt's ordinal, so that damage found later is named as {@link #read} names it. */
    final void readRaw(long fromIndex, long toIndex, Walk.OrdinalRawSink sink) {
        store.walk.readRaw(fromIndex, toIndex, sink);
    }

    /**
     * The host's seq of the last numbered group after {@code afterIndex}, or {@link Group#NO_SEQ}
     * when there is none. Reads headers backwards from the end, so it costs what lies after the
     * last numbered group, or after {@code afterIndex} (a checkpoint that records the seq before it).
     */
    public final long lastSeq(long afterIndex) {
        return store.searches.lastSeq(afterIndex);
    }

    /**
     * The index of the group the host numbered {@code seq}, or -1 when none is. Numbered groups carry
     * increasing seqs, so this reads headers forward from {@code fromIndex} (a numbered group below
     * {@code seq}, where a host resending one fact after another goes on from the last), or, when it
     * is -1, backwards from the end. The headers are not checked: read the group to trust it.
     */
    public final long indexOfSeq(long seq, long fromIndex) {
        return store.searches.indexOfSeq(seq, fromIndex);
    }

    /**
     * The index of the first group whose journal time is at or after {@code instant}, or
     * {@code lastIndex() + 1} when there is none.
     */
    public final long indexAt(Instant instant) {
        return store.searches.indexAt(instant);
    }

    /**
     * The newest {@code state.checkpoint} at or before {@code beforeIndex}, read backwards from
     * there: checkpoints are written every few thousand entries, so this reads at most that many
     * headers. Returns null when there is none.
     */
    public final JournalRecord newestCheckpoint(long beforeIndex) {
        return store.searches.newestCheckpoint(beforeIndex, JournalRecord::new);
    }

    /** A checkpoint as a restore reads it: where it is, and its state as the JSON it is stored as. */
    public record CheckpointAt(long index, CheckpointJson checkpoint) {
    }

    /**
     * The newest {@code state.checkpoint} at or before {@code beforeIndex} as {@link #checkpointAt}
     * reads it, or null when there is none: what a restore starts from.
     */
    public final CheckpointAt newestCheckpointJson(long beforeIndex) {
        return store.searches.newestCheckpointJson(beforeIndex, CheckpointAt::new);
    }

    /**
     * The entry at one index, checked: a group's first (its fact), or the checkpoint a checkpoint's
     * end completes. Null where there is none, and for a part of a large checkpoint: it is no entry.
     */
    public final Entry entryAt(long index) {
        return store.walk.entryAt(index);
    }

    /**
     * The state checkpoint at one index, checked, with its state as the JSON it is stored as: what a
     * restore parses straight into the state. Null where there is none (no entry, or another entry).
     */
    public final CheckpointJson checkpointAt(long index) {
        return store.walk.checkpointAt(index);
    }

    /**
     * The day files holding the groups from {@code fromIndex} to {@code toIndex}, inclusive, oldest
     * first: the files a reader of that range reads (a day with no entries has none). For a report
     * that names, or fingerprints, what it read.
     */
    public final List<Path> dayFiles(long fromIndex, long toIndex) {
        return store.dayFiles(fromIndex, toIndex);
    }

    @Override
    public abstract void close();
}
