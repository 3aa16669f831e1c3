package dev.routing.journal.store.internal;

import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Finds numbered groups by the host's seq, reading headers (and seqs) only: numbered groups carry
 * increasing seqs, so a search stops at the first seq past the one it looks for. The headers are
 * not checked: read the group to trust it.
 */
final class SeqSearch {
    private SeqSearch() {}

    /**
     * The seq of the last numbered group after {@code afterIndex}, read back from {@code last} with
     * {@code t} ({@link BackwardSearch}); {@link Excerpt#NO_SEQ} when there is none.
     */
    static long last(ExcerptTailer t, long last, long afterIndex, TimeIndex days, ExcerptReader reader) {
        long index = BackwardSearch.newest(t, days, last, afterIndex, dc -> reader.peekSeq(dc) != Excerpt.NO_SEQ);
        if (index < 0 || !days.moveTo(t, index)) return Excerpt.NO_SEQ;
        try (DocumentContext dc = t.readingDocument()) {
            return dc.isPresent() ? reader.peekSeq(dc) : Excerpt.NO_SEQ;
        }
    }

    /**
     * The index of the group numbered {@code seq} up to {@code last}, or -1 when none is: read with
     * {@code t} forward from {@code fromIndex} or, when it is -1, backwards from {@code last}.
     */
    static long indexOf(ExcerptTailer t, long last, long seq, long fromIndex, TimeIndex days, ExcerptReader reader) {
        boolean forward = fromIndex >= 0;
        t.direction(forward ? TailerDirection.FORWARD : TailerDirection.BACKWARD);
        if (forward ? !days.moveTo(t, fromIndex) : !days.moveTo(t, last)) return -1;
        while (true) {
            try (DocumentContext dc = t.readingDocument()) {
                if (!dc.isPresent() || dc.index() > last) {
                    if (dc.isPresent()) dc.rollbackOnClose();
                    return -1;
                }
                long at = reader.peekSeq(dc);
                if (at == seq) return dc.index();
                if (at != Excerpt.NO_SEQ && (forward ? at > seq : at < seq)) return -1;
            }
        }
    }
}
