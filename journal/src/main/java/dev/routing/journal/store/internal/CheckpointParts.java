package dev.routing.journal.store.internal;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * A state checkpoint too large for one excerpt, written as parts: a start ({@link Excerpt#PART_START}),
 * middle parts ({@link Excerpt#PART}), each {@link #PART_BYTES} of the checkpoint's bytes, and an end
 * ({@link Excerpt#PART_END}) with the rest, whose index is the checkpoint's. Parts share their end's
 * journal time, so they lie in its day's file. A writer killed part way leaves parts with no end:
 * they are never joined, and no read returns them.
 */
final class CheckpointParts {
    /** A state checkpoint larger than this is written in parts of this size. */
    static final int PART_BYTES = 4 << 20;

    /** Writes one excerpt of {@code payload[offset, offset + length)} and returns its index (the journal's excerpt primitive). */
    @FunctionalInterface
    interface ExcerptWriter {
        long excerpt(byte kind, int count, byte[] payload, int offset, int length, boolean inPlace);
    }

    private CheckpointParts() {}

    /** The checkpoint's own bytes in a checkpoint group's payload of {@code length} bytes: what parts would hold. */
    static int length(int length) {
        return length - Excerpt.ENTRY_PREFIX_BYTES;
    }

    /** Whether a group's payload of {@code kind} and {@code length} bytes is a checkpoint too large for one excerpt. */
    static boolean needed(byte kind, int length) {
        return kind == Excerpt.CHECKPOINT && length(length) > PART_BYTES;
    }

    /** Writes the checkpoint in a checkpoint group's payload ({@code buf[offset, offset + length)}) as parts through {@code out}; returns the index of its end. */
    static long write(byte[] buf, int offset, int length, ExcerptWriter out) {
        int start = offset + Excerpt.ENTRY_PREFIX_BYTES;
        int bytes = length(length);
        int at = 0;
        for (; bytes - at > PART_BYTES; at += PART_BYTES) {
            out.excerpt(at == 0 ? Excerpt.PART_START : Excerpt.PART, 0, buf, start + at, PART_BYTES, false);
        }
        return out.excerpt(Excerpt.PART_END, 1, buf, start + at, bytes - at, false);
    }

    /**
     * The parts written just before the checkpoint end at {@code endIndex}, joined and checked, read
     * backwards with {@code t}: back to the nearest start part, so parts a killed writer left further
     * back are never joined.
     */
    static ByteArrayOutputStream before(ExcerptTailer t, long endIndex, ExcerptReader reader) {
        List<byte[]> parts = new ArrayList<>();
        t.direction(TailerDirection.BACKWARD);
        boolean started = false;
        if (t.moveToIndex(endIndex - 1)) {
            while (!started) {
                try (DocumentContext dc = t.readingDocument()) {
                    if (!dc.isPresent()) break;
                    String why = reader.check(dc, null, -1);
                    if (why != null) throw reader.damage("the checkpoint part " + why, dc.index(), -1);
                    Excerpt h = reader.checked();
                    if (!h.isPart()) break;
                    parts.add(Arrays.copyOfRange(reader.buffer(), Excerpt.HEADER_BYTES, Excerpt.HEADER_BYTES + h.length()));
                    started = h.kind() == Excerpt.PART_START;
                }
            }
        }
        if (!started) throw reader.damage("the checkpoint has lost its first part", endIndex, -1);
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        for (int i = parts.size() - 1; i >= 0; i--) joined.writeBytes(parts.get(i));
        return joined;
    }

    /** Joins the parts a forward read meets, in order. */
    static final class Joiner {
        private ByteArrayOutputStream joined;

        /** A start or middle part, checked, whose excerpt is in {@code excerpt}. */
        void add(Excerpt h, byte[] excerpt) {
            if (h.kind() == Excerpt.PART_START) joined = new ByteArrayOutputStream();
            if (joined != null) joined.write(excerpt, Excerpt.HEADER_BYTES, h.length());
        }

        /**
         * The whole checkpoint an end completes; {@code before} reads the parts back from the end when
         * the read began after its start.
         */
        byte[] end(Excerpt h, byte[] excerpt, Supplier<ByteArrayOutputStream> before) {
            ByteArrayOutputStream all = joined != null ? joined : before.get();
            all.write(excerpt, Excerpt.HEADER_BYTES, h.length());
            joined = null;
            return all.toByteArray();
        }

        /** Any other excerpt: parts with no end before it (a writer killed in a checkpoint) are never joined. */
        void drop() {
            joined = null;
        }
    }
}
