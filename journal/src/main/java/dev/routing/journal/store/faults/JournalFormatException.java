package dev.routing.journal.store.faults;

import java.nio.file.Path;

/** A journal, or an excerpt in it, written in a format this build does not read. Not damage: another build reads it. */
public final class JournalFormatException extends RuntimeException {
    public JournalFormatException(Path dir, String message) {
        super("journal " + dir + ": " + message);
    }
}
