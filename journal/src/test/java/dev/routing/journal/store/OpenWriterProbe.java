package dev.routing.journal.store;

import dev.routing.journal.store.faults.JournalLockedException;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Tries to open a writer on a journal from another process. Prints {@code locked <message>} and
 * exits 3 when the journal is locked; otherwise appends one message with the given id, prints
 * {@code appended <index>} and exits 0.
 */
public final class OpenWriterProbe {
    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        String id = args[1];
        Instant at = Instant.parse(args[2]);
        try (JournalWriter journal = Journal.openWriter(dir)) {
            long index = journal.append(Entries.message(at, id));
            System.out.println("appended " + index);
            System.out.flush();
        } catch (JournalLockedException e) {
            System.out.println("locked " + e.getMessage());
            System.out.flush();
            System.exit(3);
        }
        System.exit(0);
    }
}
