package dev.routing.sidecar.lines;

import dev.routing.journal.codec.BadEntryException;

/**
 * A line of facts that cannot be taken, naming the line and the field at fault: the sidecar answers
 * it with {@code fact.rejected} and reads on; a script's run stops there (exit 2). Nothing of the line
 * is journaled.
 */
public final class BadLineException extends RuntimeException {
    /** The line at fault, 1 for the first (0: no line, as for what the line reader could not reach). */
    private final int line;
    /** The JSON path of the field at fault, or null when the whole line is (bytes, JSON, its size). */
    private final String field;
    private final String detail;

    public BadLineException(int line, String field, String detail) {
        super((line > 0 ? "line " + line + ": " : "") + (field != null ? "field '" + field + "': " : "") + detail);
        this.line = line;
        this.field = field;
        this.detail = detail;
    }

    /** A line whose fact the codec or the engine refused. */
    public static BadLineException of(int line, BadEntryException e) {
        String prefix = "field '" + e.field() + "': ";
        String detail = e.field() != null && e.getMessage().startsWith(prefix) ? e.getMessage().substring(prefix.length()) : e.getMessage();
        return new BadLineException(line, e.field(), detail);
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
