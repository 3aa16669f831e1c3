package dev.routing.journal.store;

import dev.routing.journal.store.internal.SalvageCopy;
import java.nio.file.Path;

/**
 * Copies every whole, checked excerpt of a damaged journal that comes before its damage, in order
 * and byte for byte, into a new journal: what a reader could trust of it, as a journal that
 * verifies and that the engine can continue. The copy lands at the same indexes (same days, same
 * sequence numbers), so every index the old journal's entries name still means the same. The
 * damaged journal is only read.
 */
public final class Salvage {
    /** What was copied, and why the copy stopped where it did (null when it copied the whole journal). */
    public record Report(long excerpts, long entries, long lastIndex, String stoppedAt) {
    }

    private Salvage() {}

    public static Report copy(Path from, Path to) {
        return SalvageCopy.copy(from, to, Report::new);
    }
}
