package dev.routing.journal.store.internal;

import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.CheckpointJson;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The journal's checked reads: every excerpt read is checked (its header, its checksum, and its
 * place after the excerpt before it), so a changed byte, a cut or a reordering is damage named by
 * file, index and ordinal, never a wrong answer. Reads go no further than the store's last index.
 */
public final class Walk {
    private final Store s;

    Walk(Store store) {
        this.s = store;
    }

    /** One entry as stored, with its excerpt's ordinal, so that damage found later is named as {@link #read} names it. */
    @FunctionalInterface
    public interface OrdinalRawSink {
        /**
         * {@code kind} is 'F' (a fact), 'D' (a decision) or 'C' (a state checkpoint, whose body is not
         * copied: {@code bytes} is null). The bytes are the entry as stored, valid only during the call.
         */
        void accept(long index, long ordinal, char kind, int version, byte[] bytes, int offset, int length);
    }

    /**
     * What a read hands on, made from an entry where the walk found it: its group's index, its
     * position in the group (0 for the fact) and the group's seq ({@link Excerpt#NO_SEQ} for none).
     * The faces pass their record's constructor, so that this package names none of their types.
     */
    @FunctionalInterface
    public interface Found<R> {
        R at(long index, int position, Entry entry, long seq);
    }

    /** Reads entries of groups whose index lies in [fromIndex, toIndex), checking every excerpt. */
    public <R> void read(long fromIndex, long toIndex, Found<R> found, Consumer<? super R> sink) {
        CheckpointParts.Joiner parts = new CheckpointParts.Joiner();
        ExcerptReader reader = s.reader;
        walk(fromIndex, toIndex, (index, h) -> {
            byte[] buf = reader.buffer();
            switch (h.kind()) {
                case Excerpt.PART_START, Excerpt.PART -> parts.add(h, buf);
                case Excerpt.PART_END -> {
                    byte[] stored = parts.end(h, buf, () -> partsBefore(index));
                    sink.accept(found.at(index, 0, reader.decode(index, h, stored, 0, stored.length), Excerpt.NO_SEQ));
                }
                default -> {
                    parts.drop();
                    int[] position = {0};
                    long seq = h.seq(buf);
                    reader.entries(index, h, (kind, offset, length) ->
                            sink.accept(found.at(index, position[0]++, reader.decode(index, h, buf, offset, length), seq)));
                }
            }
        });
    }

    /** Walks every excerpt from {@code fromIndex} without decoding an entry; returns the entries, adds their bytes to {@code storedBytes[0]}. */
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
     * Checks every excerpt whose index lies in [first, toIndex) without decoding one, but those of
     * day files whose seal the open trusted ({@link Seals}).
     */
    public void checkUpTo(long toIndex) {
        s.seals.checkUpTo(toIndex, this);
    }

    /** Checks every excerpt whose index lies in [first, toIndex), sealed or not: to name damage a search ran into. */
    void checkWhole(long toIndex) {
        walk(-1, toIndex, (index, h) -> { });
    }

    /** Reads entries of groups whose index lies in [fromIndex, toIndex) without decoding them. */
    public void readRaw(long fromIndex, long toIndex, OrdinalRawSink sink) {
        ExcerptReader reader = s.reader;
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
    interface ExcerptSink {
        /** The excerpt at {@code index}, checked, with its bytes in the reader's buffer. */
        void accept(long index, Excerpt header);
    }

    /**
     * Hands each excerpt whose index lies in [fromIndex, toIndex), up to the journal's end, to
     * {@code each}, in order, after checking it: its header, its checksum, and its place after the
     * excerpt before it (ordinal one more, the index before it the one just read).
     */
    void walk(long fromIndex, long toIndex, ExcerptSink each) {
        long stop = Math.min(toIndex, s.lastIndex + 1);
        if (s.lastIndex < 0 || fromIndex >= stop) return;
        ExcerptTailer t = positioned(fromIndex);
        if (t == null) return;
        ExcerptReader reader = s.reader;
        Seals.Sealing sealing = s.seals.sealing();
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
                        if (sealing != null) sealing.stretchEnded(stop);
                        return;
                    }
                    String why = reader.check(dc, previous, previousIndex);
                    if (why != null) throw reader.damage("the excerpt " + why, index, previous == null ? -1 : previous.ordinal() + 1);
                    previous = reader.checked();
                    previousIndex = index;
                    if (sealing != null) sealing.accept(index, previous);
                    each.accept(index, previous);
                }
            }
        } catch (InternalError | RuntimeException e) {
            if (FreeSpace.mappedFault(e) == null) throw e;
            throw s.space.faulted(e, DayFiles.name(DayFiles.ROLL.toCycle(at)));
        }
        long last = s.lastIndex;
        if (previousIndex < last) {
            long after = previousIndex >= 0 ? previousIndex : fromIndex;
            throw reader.damage("the journal stops after index 0x" + Long.toHexString(after) + ", before its last index 0x"
                    + Long.toHexString(last) + ": the rest of " + DayFiles.name(DayFiles.ROLL.toCycle(after))
                    + " cannot be read (the file was cut or overwritten)", after,
                    previous == null ? -1 : previous.ordinal() + 1);
        }
    }

    /** The journal's tailer at the first excerpt at or after {@code fromIndex}, or null when there is none. */
    /**
     * The kept tailer at the first excerpt at or after {@code fromIndex}, which the journal holds (it
     * is at most the last index). Chronicle's tailer, left by a read that rolled back the excerpt it
     * stopped at, has refused to move to the excerpt after it, or moved and then read nothing: the
     * tail after a checkpoint a fold ended at read as the journal's end. Then a new tailer, which
     * finds it, takes its place.
     */
    private ExcerptTailer positioned(long fromIndex) {
        ExcerptTailer t = position(fromIndex);
        if (t != null && present(t)) return t;
        s.renewTailer();
        return position(fromIndex);
    }

    /** The kept tailer at the excerpt {@code index}, renewed once as {@link #positioned} says; null when the journal has none there. */
    private ExcerptTailer at(long index) {
        ExcerptTailer t = s.tailer();
        t.direction(TailerDirection.FORWARD);
        if (s.days.moveTo(t, index) && present(t)) return t;
        if (!s.days.hasDay(DayFiles.ROLL.toCycle(index))) return null;
        t = s.renewTailer();
        t.direction(TailerDirection.FORWARD);
        return s.days.moveTo(t, index) ? t : null;
    }

    /** Whether the tailer has an excerpt to read where it stands (read, then rolled back). */
    private static boolean present(ExcerptTailer t) {
        try (DocumentContext dc = t.readingDocument()) {
            boolean present = dc.isPresent();
            if (present) dc.rollbackOnClose();
            return present;
        }
    }

    private ExcerptTailer position(long fromIndex) {
        ExcerptTailer t = s.tailer();
        t.direction(TailerDirection.FORWARD);
        long first = s.queue.firstIndex();
        if (first == Long.MAX_VALUE || s.lastIndex < 0) return null;
        return s.days.position(t, first, fromIndex) ? t : null;
    }

    /** The number of entries in groups whose index lies in [fromIndex, toIndex). */
    public long countBetween(long fromIndex, long toIndex) {
        return entriesBefore(toIndex) - entriesBefore(fromIndex);
    }

    /** Entries in groups before the first group at or after {@code index}. */
    private long entriesBefore(long index) {
        if (index > s.lastIndex) return s.nextEntry;
        ExcerptTailer t = positioned(index);
        if (t == null) return s.nextEntry;
        try (DocumentContext dc = t.readingDocument()) {
            if (!dc.isPresent()) return s.nextEntry;
            dc.rollbackOnClose();
            return s.reader.peek(dc).firstEntry();
        }
    }

    /**
     * The entry at one index, checked: a group's first (its fact), or the checkpoint a checkpoint's
     * end completes. Null where there is none, and for a part of a large checkpoint: it is no entry.
     */
    public Entry entryAt(long index) {
        return firstAt(index, s.reader::decode);
    }

    /**
     * The state checkpoint at one index, checked, its state left as the JSON it is stored as; null
     * where there is none (no entry, or another entry: {@link #entryAt}).
     */
    public CheckpointJson checkpointAt(long index) {
        return firstAt(index, (at, h, bytes, offset, length) -> {
            try {
                return EntryCodec.decodeCheckpoint(h.schema(), bytes, offset, length);
            } catch (BadEntryException e) {
                throw s.reader.damage("the checkpoint cannot be read (" + e.getMessage() + ")", at, h.ordinal());
            }
        });
    }

    /** How {@link #firstAt} reads the entry it finds. */
    private interface Decoding<T> {
        T decode(long index, Excerpt h, byte[] bytes, int offset, int length);
    }

    private <T> T firstAt(long index, Decoding<T> decoding) {
        if (index < 0 || index > s.lastIndex) return null;
        ExcerptTailer t = at(index);
        if (t == null) return null;
        ExcerptReader reader = s.reader;
        try (DocumentContext dc = t.readingDocument()) {
            if (!dc.isPresent()) return null;
            String why = reader.check(dc, null, -1);
            if (why != null) throw reader.damage("the excerpt " + why, index, -1);
            Excerpt h = reader.checked();
            if (h.isPart()) return null;
            byte[] buf = reader.buffer();
            if (h.kind() == Excerpt.PART_END) {
                byte[] stored = new CheckpointParts.Joiner().end(h, buf, () -> partsBefore(index));
                return decoding.decode(index, h, stored, 0, stored.length);
            }
            List<T> first = new ArrayList<>(1);
            reader.entries(index, h, (kind, offset, length) -> {
                if (first.isEmpty()) first.add(decoding.decode(index, h, buf, offset, length));
            });
            return first.isEmpty() ? null : first.get(0);
        } catch (InternalError | RuntimeException e) {
            if (FreeSpace.mappedFault(e) == null) throw e;
            throw s.space.faulted(e, DayFiles.name(DayFiles.ROLL.toCycle(index)));
        }
    }

    /** The parts of the checkpoint that ends at {@code index}, read with a tailer (and a buffer) of their own. */
    private ByteArrayOutputStream partsBefore(long index) {
        ExcerptTailer t = s.queue.createTailer();
        try {
            return CheckpointParts.before(t, index, new ExcerptReader(s.dir, CheckpointParts.PART_BYTES + Excerpt.HEADER_BYTES, s.id));
        } finally {
            t.close();
        }
    }
}
