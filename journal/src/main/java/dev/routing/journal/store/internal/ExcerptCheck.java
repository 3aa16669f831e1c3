package dev.routing.journal.store.internal;

import java.util.zip.CRC32C;

/**
 * Whether an excerpt is one the journal can trust: a header of format 2 or 3, its checksum (under the
 * journal's id when it is bound to one: format 3), and its place right after the excerpt read before
 * it (ordinal one more, naming that excerpt's index as the one before it, and bound when that one
 * was). Every read of the journal goes through this one check.
 */
final class ExcerptCheck {
    private final CRC32C crc = new CRC32C();
    /** The journal's id (journal.tip's), or null for a journal made before ids. */
    private JournalId id;
    private Excerpt header;

    ExcerptCheck(JournalId id) {
        this.id = id;
    }

    /** The journal's id, once its writer made one (at its first open of a journal made before ids). */
    void bind(JournalId id) {
        this.id = id;
    }

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
        if (h.bound() && id == null) {
            return "is bound to a journal id, but " + Tip.FILE + " names none (it is another journal's, or the tip is one"
                    + " from before journal ids)";
        }
        if (!h.intact(buf, crc, id)) {
            return h.bound() ? "fails its checksum under this journal's id (a byte of it changed, it was never written whole,"
                    + " or it is another journal's)" : "fails its checksum (a byte of it changed, or it was never written whole)";
        }
        if (previous != null && previous.bound() && !h.bound()) {
            return "is bound to no journal id, after excerpts bound to this journal's (it is another journal's, from before"
                    + " journal ids)";
        }
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
