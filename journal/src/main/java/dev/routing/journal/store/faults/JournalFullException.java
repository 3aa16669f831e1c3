package dev.routing.journal.store.faults;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The journal's disk has no room for the next excerpt. Thrown before anything of it is written
 * ({@link #inDoubt()} false) or, when the disk filled under a write (the mapped file's page could
 * not be allocated), after: then that one excerpt may be on disk torn, and the writer's next open
 * cuts it. Either way nothing acknowledged is lost, and once space is freed the journal continues.
 */
public final class JournalFullException extends JournalUnwritableException {
    /** @param reserved the space the journal keeps free for Chronicle's own files */
    public JournalFullException(Path dir, long usable, long needed, long reserved, boolean inDoubt, Throwable cause) {
        super("the journal's disk is full (" + size(usable) + " free at " + dir + (needed > 0 ? "; the next excerpt needs "
                + size(needed) : "") + " beside the " + size(reserved) + " the journal keeps free for Chronicle's"
                + " own files)"
                + (inDoubt ? ": the disk filled while the last excerpt was written; the writer's next open keeps it"
                        + " if it is whole and cuts it if not" : ""), inDoubt, "space is freed", cause);
    }

    private static String size(long bytes) {
        if (bytes >= 1 << 20) return String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
        if (bytes >= 1 << 10) return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
        return bytes + " bytes";
    }
}
