package dev.routing.cli;

import dev.routing.journal.codec.BadEntryException;

/** Input the CLI cannot take: exit 2, with the line and field in the message. */
public final class BadInputException extends RuntimeException {
    /** The input line at fault (1 for the first), 0 when the fault is in no line (an option). */
    private final int line;
    /** The JSON path of the field at fault, or null when the whole line is (bytes, JSON, an option). */
    private final String field;
    private final String detail;

    public BadInputException(String message) {
        this(0, null, message);
    }

    public BadInputException(int line, String field, String detail) {
        super((line > 0 ? "line " + line + ": " : "") + (field != null ? "field '" + field + "': " : "") + detail);
        this.line = line;
        this.field = field;
        this.detail = detail;
    }

    /** A line whose fact the codec or the engine refused. */
    static BadInputException of(int line, BadEntryException e) {
        String prefix = "field '" + e.field() + "': ";
        String detail = e.field() != null && e.getMessage().startsWith(prefix) ? e.getMessage().substring(prefix.length()) : e.getMessage();
        return new BadInputException(line, e.field(), detail);
    }

    public int line() {
        return line;
    }

    public String field() {
        return field;
    }

    /** What is wrong, without the line and field. */
    public String detail() {
        return detail;
    }
}
