package dev.routing.journal.store.faults;

import java.nio.file.Path;

/** A second writer tried to open a journal another live process (or this one) already writes. */
public final class JournalLockedException extends RuntimeException {
    public JournalLockedException(Path dir) {
        super("journal " + dir + " is already open for writing by another engine: one writer per journal");
    }
}
