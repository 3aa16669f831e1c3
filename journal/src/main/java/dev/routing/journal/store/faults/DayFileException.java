package dev.routing.journal.store.faults;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The writer could not begin the file of a new UTC day of journal time (Chronicle could not create
 * or size it): the journal's directory is read-only, its file system has no inode left, the
 * process's file-size limit is below a day file's size. Nothing of the excerpt was written; the
 * writer removed the file it had begun, if any, so nothing is left that would stop its next open.
 */
public final class DayFileException extends JournalUnwritableException {
    /** @param dayFileBytes the size Chronicle gives a day file when it begins one */
    public DayFileException(Path dir, String file, long usable, long dayFileBytes, Throwable cause) {
        super("the journal could not begin its day file " + file + " in " + dir + ": " + why(cause, usable, dayFileBytes), false,
                remedy(cause), cause);
    }

    /** The cause in words, from the system's own message in the chain (Chronicle wraps it, sometimes twice). */
    private static String why(Throwable cause, long usable, long dayFileBytes) {
        String system = system(cause);
        String lower = system.toLowerCase(Locale.ROOT);
        if (lower.contains("read-only file system")) return "its directory is on a read-only file system (" + system + ")";
        if (lower.contains("file too large")) {
            return "the process may not write a file that large (" + system + "): its file-size limit (RLIMIT_FSIZE, `ulimit -f`)"
                    + " is below a day file's " + (dayFileBytes >> 20) + " MiB";
        }
        if (lower.contains("no space left")) {
            return "its file system refused a new file although " + (usable >> 20) + " MiB are free (" + system + "): it has no"
                    + " inode left (`df -i`)";
        }
        if (lower.contains("permission denied")) return "this user may not create files in its directory (" + system + ")";
        return system;
    }

    private static String remedy(Throwable cause) {
        String lower = system(cause).toLowerCase(Locale.ROOT);
        if (lower.contains("read-only file system")) return "the directory is writable again";
        if (lower.contains("file too large")) return "the file-size limit allows a day file";
        if (lower.contains("no space left")) return "files are removed from its file system";
        if (lower.contains("permission denied")) return "this user may create files there";
        return "the cause is gone";
    }

    /** The innermost I/O error's message (the system's words), else the outermost message. */
    private static String system(Throwable cause) {
        String found = null;
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof IOException && t.getMessage() != null) found = t.getMessage();
        }
        if (found == null) found = cause.getMessage() != null ? cause.getMessage() : cause.toString();
        return found;
    }
}
