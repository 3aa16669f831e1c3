package dev.routing.cli;

import dev.routing.engine.context.RuleSet;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/** Opening a journal and reading instants the way every command does, with exit 2 for bad input. */
public final class JournalOption {
    private JournalOption() {}

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

    public static Instant instant(String option, String value) {
        if (value == null) return null;
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new BadInputException(option + ": '" + value + "' is not an ISO-8601 UTC instant (e.g. 2026-11-02T09:00:00Z)");
        }
    }

    /** Refuses a window that ends before it starts: a slip (the two swapped), not a question with an empty answer. */
    public static void window(Instant from, Instant to) {
        if (from != null && to != null && from.isAfter(to)) {
            throw new BadInputException("--from " + from + " is after --to " + to + ": the window ends before it starts (--from is"
                    + " inclusive, --to exclusive)");
        }
    }

    /** A rule set named on the command line: {@code current} or {@code 0.30.0}. */
    public static RuleSet rules(String option, String value) {
        try {
            return RuleSet.parse(value);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(option + ": " + e.getMessage());
        }
    }
}
