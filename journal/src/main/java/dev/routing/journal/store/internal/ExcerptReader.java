package dev.routing.journal.store.internal;

import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import dev.routing.journal.store.faults.JournalDamagedException;
import dev.routing.journal.store.faults.JournalFormatException;
import java.nio.file.Path;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Reads excerpts out of Chronicle into one buffer and checks each ({@link ExcerptCheck}); walks the
 * entries of a group, and decodes them. Searches peek at a header instead, without copying the
 * excerpt or checking it. What this build cannot read (journal format 1, a newer schema) is
 * refused with a {@link JournalFormatException}; anything else wrong is damage.
 */
final class ExcerptReader {
    /** Larger than any excerpt the journal writes: a group at its limit, or a checkpoint's part. */
    static final long LARGEST = Excerpt.GROUP_LIMIT + CheckpointParts.PART_BYTES;

    private final Path dir;
    private final ExcerptCheck checker;
    /** The bytes of the header (and a numbered group's seq) a peek read. */
    private final byte[] peeked = new byte[Excerpt.HEADER_BYTES + Excerpt.SEQ_BYTES];
    private byte[] buf;
    private Excerpt checked;

    /** A reader of the journal in {@code dir}, its excerpts checked under {@code id} (null for a journal made before ids). */
    ExcerptReader(Path dir, int capacity, JournalId id) {
        this.dir = dir;
        this.buf = new byte[capacity];
        this.checker = new ExcerptCheck(id);
    }

    /** As above, under the id {@code dir}'s tip holds. */
    ExcerptReader(Path dir, int capacity) {
        this(dir, capacity, Tip.readId(dir));
    }

    /** The journal's id, once its writer made one. */
    void bind(JournalId id) {
        checker.bind(id);
    }

    /** The excerpt {@link #check} read last, whole, header first. */
    byte[] buffer() {
        return buf;
    }

    /** The header {@link #check} last found good. */
    Excerpt checked() {
        return checked;
    }

    /**
     * Reads the excerpt in {@code dc} into {@link #buffer} and checks it; returns why it fails, or
     * null. {@code previous} is the excerpt read just before it (at {@code previousIndex}), or null.
     */
    String check(DocumentContext dc, Excerpt previous, long previousIndex) {
        int size = readInto(dc);
        if (Excerpt.isFormat1(buf, size)) {
            throw new JournalFormatException(dir, "the excerpt at index 0x" + Long.toHexString(dc.index())
                    + " is in journal format 1 (before checksums), which this build does not read");
        }
        if (size < 0) return "is larger than any excerpt the journal writes";
        String why = checker.check(buf, size, previous, previousIndex);
        if (why != null) return why;
        Excerpt h = checker.header();
        if (h.newerSchema()) {
            throw new JournalFormatException(dir, "the excerpt at index 0x" + Long.toHexString(dc.index())
                    + " holds entries of schema " + h.schema() + ", newer than this build's " + EntryCodec.SCHEMA_VERSION
                    + ": upgrade to read it");
        }
        checked = h;
        return null;
    }

    /** Copies the excerpt in {@code dc} into {@link #buf}; returns its size, or -1 when it is too large to be one. */
    private int readInto(DocumentContext dc) {
        Bytes<?> bytes = dc.wire().bytes();
        long remaining = bytes.readRemaining();
        if (remaining > LARGEST) return -1;
        int size = (int) remaining;
        if (buf.length < size) buf = new byte[Math.max(size, buf.length * 2)];
        bytes.read(buf, 0, size);
        return size;
    }

    /** The header of the excerpt in {@code dc}, read without copying its payload (for searches, which check nothing). */
    Excerpt peek(DocumentContext dc) {
        Excerpt h = peekBytes(dc, Excerpt.HEADER_BYTES) == Excerpt.HEADER_BYTES ? Excerpt.readHeader(peeked) : null;
        if (h == null) throw damage("the excerpt has no readable header", dc.index(), -1);
        return h;
    }

    /** The seq of the numbered group in {@code dc}, read without copying its entries (unchecked); NO_SEQ for any other excerpt. */
    long peekSeq(DocumentContext dc) {
        Excerpt h = peek(dc);
        if (h.kind() != Excerpt.NUMBERED) return Excerpt.NO_SEQ;
        if (dc.wire().bytes().readRemaining() < peeked.length) {
            throw damage("the numbered group is too short to hold its seq", dc.index(), -1);
        }
        peekBytes(dc, peeked.length);
        return h.seq(peeked);
    }

    /** Copies up to {@code n} bytes of the excerpt in {@code dc} into {@link #peeked}, leaving its read position; returns how many. */
    private int peekBytes(DocumentContext dc, int n) {
        Bytes<?> bytes = dc.wire().bytes();
        long start = bytes.readPosition();
        int copied = (int) Math.min(bytes.readRemaining(), n);
        bytes.read(peeked, 0, copied);
        bytes.readPosition(start);
        return copied;
    }

    /** Where one entry of a group lies in {@link #buffer}. */
    @FunctionalInterface
    interface EntrySink {
        void accept(byte kind, int offset, int length);
    }

    /** Hands each entry of the group in {@link #buffer} (checked, at {@code index}) to {@code sink}, in order. */
    void entries(long index, Excerpt h, EntrySink sink) {
        int p = h.entriesOffset();
        int limit = Excerpt.HEADER_BYTES + h.length();
        if (p > limit) throw damage("the numbered group is too short to hold its seq", index, h.ordinal());
        for (int i = 0; i < h.count(); i++) {
            if (p + Excerpt.ENTRY_PREFIX_BYTES > limit) throw damage("the group's entries overrun it", index, h.ordinal());
            byte kind = buf[p];
            int length = Excerpt.u32(buf, p + 1);
            p += Excerpt.ENTRY_PREFIX_BYTES;
            if (length < 0 || p + length > limit || (kind != Excerpt.FACT && kind != Excerpt.DECISION && kind != Excerpt.CHECKPOINT)) {
                throw damage("entry " + i + " of the group is malformed", index, h.ordinal());
            }
            sink.accept(kind, p, length);
            p += length;
        }
        if (p != limit) throw damage("the group holds bytes after its entries", index, h.ordinal());
    }

    /** Decodes one entry of the excerpt at {@code index}; an entry that cannot be read is damage. */
    Entry decode(long index, Excerpt h, byte[] bytes, int offset, int length) {
        try {
            return EntryCodec.decode(h.schema(), bytes, offset, length);
        } catch (BadEntryException e) {
            throw damage("an entry of the group cannot be read (" + e.getMessage() + ")", index, h.ordinal());
        }
    }

    JournalDamagedException damage(String what, long index, long ordinal) {
        return DayFiles.damage(dir, what, index, ordinal);
    }
}
