package dev.routing.cli.options;

import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --journal DIR} of the commands that read a journal (state, verify, dump, audit, diff), and
 * opening a journal to read it the way every command does, with exit 2 for a journal that is not
 * there.
 */
public final class JournalOption {
    @Option(names = "--journal", paramLabel = "DIR", required = true, description = "the journal")
    Path journal;

    /** The folder named. */
    public Path dir() {
        return journal;
    }

    /** The journal, opened to read ({@link #reader(Path)}). */
    public Journal reader() {
        return reader(journal);
    }

    /** Opens the journal to read it, and says on stderr what its open found that is not damage (a torn tail left unread). */
    public static Journal reader(Path dir) {
        mustExist(dir);
        Journal journal = Journal.openReader(dir);
        tell(journal);
        return journal;
    }

    /** Refuses a {@code --journal} that names no journal, saying what is there instead (nothing, a file, a folder of other things). */
    public static void mustExist(Path dir) {
        if (dir == null) throw new BadInputException("--journal DIR is required");
        if (Files.isRegularFile(dir)) throw new BadInputException("no journal at " + dir + ": a file, not a folder (a journal is a folder)");
        if (!Journal.exists(dir)) throw new BadInputException("no journal at " + dir + (Files.isDirectory(dir) ? "" : ": no such folder"));
    }

    /** What an open of the journal cut or found, one line each on stderr. */
    public static void tell(Journal journal) {
        if (journal instanceof JournalWriter w && w.cut() != null) System.err.println("journal " + journal.dir() + ": " + w.cut());
        for (String note : journal.notes()) System.err.println("journal " + journal.dir() + ": note: " + note);
    }
}
