package dev.routing.journal.store;

import java.util.zip.CRC32C;

/**
 * Whether an excerpt is one the journal can trust: a header of format 2, its checksum, and its
 * place right after the excerpt read before it (ordinal one more, and naming that excerpt's index
 * as the one before it). Every read of the journal goes through this one check.
 */
final class ExcerptCheck {
    private final CRC32C crc = new CRC32C();
    private Excerpt header;

    /** The header of the excerpt last checked and found good. */
    Excerpt header() {
        return header;
    }

    /**
     * Why the excerpt in {@code buf[0, size)} is not to be trusted, or null. {@code previous} is the
     * excerpt read just before it (at {@code previousIndex}), or null when there is none to compare.
     */
    String check(byte[] buf, int size, Excerpt previous, long previousIndex) {
        Excerpt h = Excerpt.read(buf, size);
        if (h == null) return "has no readable header";
        if (!h.intact(buf, crc)) return "fails its checksum (a byte of it changed, or it was never written whole)";
        if (previous != null && (h.ordinal() != previous.ordinal() + 1 || h.prevIndex() != previousIndex)) {
            if (h.ordinal() > previous.ordinal() + 1) {
                return "has ordinal " + h.ordinal() + " right after ordinal " + previous.ordinal() + ": "
                        + (h.ordinal() - previous.ordinal() - 1) + " excerpt(s) before it are missing";
            }
            return "has ordinal " + h.ordinal() + " after ordinal " + previous.ordinal() + " (index 0x"
                    + Long.toHexString(previousIndex) + "): it is out of order";
        }
        header = h;
        return null;
    }
}
