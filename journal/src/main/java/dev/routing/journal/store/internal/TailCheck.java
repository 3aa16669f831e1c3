package dev.routing.journal.store.internal;

import dev.routing.journal.store.faults.JournalDamagedException;
import java.util.function.Supplier;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The check of the journal's end against the tip, at every open: from the last excerpt the journal
 * must hold (the last acknowledged, or after a power failure the last synced) to Chronicle's last
 * index, every excerpt is read and checked. A journal that ends before it was cut; the first excerpt
 * after it that fails its check starts a torn tail (never acknowledged), which a reader leaves unread
 * and the writer cuts ({@link TailCut}).
 */
final class TailCheck {
    private static final RollCycle ROLL = DayFiles.ROLL;

    /** What the check of the journal's end found: its last good excerpt, and where a torn tail starts (-1 for none). */
    record Tail(Excerpt last, long lastIndex, long lastOrdinal, long tornIndex, long tornOrdinal, long tornPosition,
            long lostUnsynced, long lastEnd) {
    }

    private final Supplier<ExcerptTailer> tailer;
    private final TimeIndex days;
    private final ExcerptReader reader;
    private final FreeSpace space;

    /** Reads with the journal's one tailer, made on first use. */
    TailCheck(Supplier<ExcerptTailer> tailer, TimeIndex days, ExcerptReader reader, FreeSpace space) {
        this.tailer = tailer;
        this.days = days;
        this.reader = reader;
        this.space = space;
    }

    /** Checks the end of {@code queue}, whose last index is {@code last}, against {@code tipState} (null when there is no tip). */
    Tail check(Tip.State tipState, long last, SingleChronicleQueue queue) {
        long protectedIndex = tipState == null ? -1 : tipState.protectedIndex();
        long protectedOrdinal = tipState == null ? -1 : tipState.protectedOrdinal();
        if (last < 0 && protectedOrdinal < 0) return new Tail(null, -1, -1, -1, -1, 0, 0, -1);
        long from = protectedIndex >= 0 ? protectedIndex : queue.firstIndex();
        // Chronicle's last index comes from its store header and index, which a power failure can keep
        // while it loses the data pages they point into: then it is no measure of what is there, and
        // the end is found by reading on from the excerpt that must be there.
        boolean lastUntrusted = protectedIndex > last;
        if (lastUntrusted) last = Long.MAX_VALUE;
        ExcerptTailer t = tailer.get();
        t.direction(TailerDirection.FORWARD);
        if (!days.moveTo(t, from)) {
            if (lastUntrusted) {
                long end = readableEnd(t);
                if (end < 0) {
                    throw reader.damage("the journal holds no excerpt, but its writer acknowledged through ordinal " + protectedOrdinal,
                            protectedIndex, protectedOrdinal);
                }
                throw missing(end, protectedIndex, protectedOrdinal);
            }
            throw reader.damage("the last excerpt its writer acknowledged is missing", protectedIndex, protectedOrdinal);
        }
        Excerpt previous = null;
        long previousIndex = -1;
        Excerpt lastGood = null;
        long lastGoodIndex = -1;
        long torn = -1;
        long tornOrdinal = -1;
        long tornPosition = 0;
        long lastEnd = -1;
        while (true) {
            try (DocumentContext dc = t.readingDocument()) {
                if (!dc.isPresent()) break;
                long index = dc.index();
                if (index > last) {
                    dc.rollbackOnClose();
                    break;
                }
                long position = dc.wire().bytes().readPosition();
                String why = reader.check(dc, previous, previousIndex);
                if (why == null && index == protectedIndex) {
                    boolean acked = !tipState.fromAnotherBoot();
                    Excerpt h = reader.checked();
                    if (h.ordinal() != protectedOrdinal || (acked && h.crc() != tipState.ackedCrc())) {
                        why = "is not the one its writer " + (acked ? "acknowledged" : "synced") + " there (ordinal "
                                + protectedOrdinal + ")";
                    }
                }
                if (why != null) {
                    long ordinal = previous == null ? Math.max(protectedOrdinal, 0) : previous.ordinal() + 1;
                    if (index <= protectedIndex) throw reader.damage("the excerpt " + why, index, ordinal);
                    torn = index;
                    tornOrdinal = ordinal;
                    tornPosition = position;
                    break;
                }
                previous = reader.checked();
                previousIndex = index;
                lastGood = previous;
                lastGoodIndex = index;
                lastEnd = dc.wire().bytes().readLimit();
            } catch (InternalError e) {
                if (previousIndex >= protectedIndex && previousIndex >= 0) {
                    torn = previousIndex + 1;
                    tornOrdinal = previous.ordinal() + 1;
                    break;
                }
                throw space.faulted(e, DayFiles.name(ROLL.toCycle(Math.max(from, previousIndex))));
            }
        }
        if (lastUntrusted && (lastGood == null || lastGood.ordinal() < protectedOrdinal)) {
            throw missing(lastGoodIndex, protectedIndex, protectedOrdinal);
        }
        if (lastUntrusted && torn < 0) {
            // what Chronicle's index counts past the last readable excerpt is gone: the writer cuts it
            torn = lastGoodIndex + 1;
            tornOrdinal = lastGood.ordinal() + 1;
        } else if (torn < 0 && lastGoodIndex < last) {
            // Chronicle counts an excerpt it cannot reach: the rest of the file is unreadable
            if (lastGoodIndex >= protectedIndex && lastGoodIndex >= 0) {
                torn = lastGoodIndex + 1;
                tornOrdinal = lastGood.ordinal() + 1;
            } else {
                throw reader.damage("the journal stops at index 0x" + Long.toHexString(Math.max(lastGoodIndex, from))
                        + " before its last acknowledged excerpt", protectedIndex, protectedOrdinal);
            }
        }
        if (lastGood == null || lastGood.ordinal() < protectedOrdinal) {
            throw reader.damage("the journal ends before the last excerpt its writer acknowledged (ordinal " + protectedOrdinal + ")",
                    protectedIndex, protectedOrdinal);
        }
        long lost = tipState != null && tipState.fromAnotherBoot() ? Math.max(0, tipState.ackedOrdinal() - lastGood.ordinal()) : 0;
        return new Tail(lastGood, lastGoodIndex, lastGood.ordinal(), torn, tornOrdinal, tornPosition, lost, lastEnd);
    }

    /** The index of the last excerpt Chronicle reads from the start, or -1: only to name damage, never on the way to data. */
    private static long readableEnd(ExcerptTailer t) {
        t.toStart();
        long end = -1;
        while (true) {
            try (DocumentContext dc = t.readingDocument()) {
                if (!dc.isPresent()) return end;
                end = dc.index();
            }
        }
    }

    private JournalDamagedException missing(long last, long protectedIndex, long protectedOrdinal) {
        return reader.damage("the journal ends at index 0x" + Long.toHexString(last) + ", before the last excerpt its writer"
                + " acknowledged: excerpts up to ordinal " + protectedOrdinal + " are missing (the end of the journal was cut or"
                + " its last day file lost)", protectedIndex, protectedOrdinal);
    }
}
