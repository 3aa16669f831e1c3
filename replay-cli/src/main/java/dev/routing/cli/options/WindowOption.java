package dev.routing.cli.options;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import picocli.CommandLine.Option;

/** {@code --from} and {@code --to}, for the commands that read a window of a journal (dump, audit). */
public final class WindowOption {
    @Option(names = "--from", paramLabel = "INSTANT", description = "the window's first instant, inclusive (default: the journal's start)")
    String from;

    @Option(names = "--to", paramLabel = "INSTANT", description = "the window's end, exclusive (default: the journal's end)")
    String to;

    /** A window of journal time; either end null where it is the journal's own. */
    public record Window(Instant from, Instant to) {
    }

    /**
     * The window given, refused when it ends before it starts: a slip (the two swapped), not a question
     * with an empty answer.
     */
    public Window window() {
        Instant start = instant("--from", from);
        Instant end = instant("--to", to);
        if (start != null && end != null && start.isAfter(end)) {
            throw new BadInputException("--from " + start + " is after --to " + end + ": the window ends before it starts (--from is"
                    + " inclusive, --to exclusive)");
        }
        return new Window(start, end);
    }

    /** An instant named on the command line (ISO-8601, UTC), or null for none. */
    public static Instant instant(String option, String value) {
        if (value == null) return null;
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new BadInputException(option + ": '" + value + "' is not an ISO-8601 UTC instant (e.g. 2026-11-02T09:00:00Z)");
        }
    }
}
