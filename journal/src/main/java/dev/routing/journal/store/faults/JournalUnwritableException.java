package dev.routing.journal.store.faults;

/**
 * The journal cannot take the next excerpt for a cause outside it: its disk is full
 * ({@link JournalFullException}), or a new day's file cannot be begun ({@link DayFileException}: a
 * read-only directory, no inode left, a file-size limit). Either way nothing acknowledged is lost,
 * and once the cause is gone ({@link #remedy()}) opening the journal again continues it.
 */
public class JournalUnwritableException extends RuntimeException {
    private final boolean inDoubt;
    private final String remedy;

    JournalUnwritableException(String message, boolean inDoubt, String remedy, Throwable cause) {
        super(message, cause);
        this.inDoubt = inDoubt;
        this.remedy = remedy;
    }

    /** Whether the excerpt being written may be on disk (torn or whole): the writer's next open keeps or cuts it. */
    public boolean inDoubt() {
        return inDoubt;
    }

    /** What must change before the journal is opened again, in words ("space is freed"). */
    public String remedy() {
        return remedy;
    }
}
