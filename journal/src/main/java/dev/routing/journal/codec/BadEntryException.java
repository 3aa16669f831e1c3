package dev.routing.journal.codec;

/** An entry that cannot be read: names the field at fault ({@code calls[0].tool}, {@code type}). */
public final class BadEntryException extends RuntimeException {
    private final String field;
    private final String reason;

    public BadEntryException(String field, String message, Throwable cause) {
        super(field == null ? message : "field '" + field + "': " + message, cause);
        this.field = field;
        this.reason = message;
    }

    /** The JSON path of the field at fault, or null when the entry is not JSON at all. */
    public String field() {
        return field;
    }

    /** The same fault, found inside the value of {@code parent} (a component name, or {@code [i]} of a list). */
    BadEntryException under(String parent) {
        String path = field == null ? parent : field.startsWith("[") ? parent + field : parent + "." + field;
        return new BadEntryException(path, reason, getCause() != null ? getCause() : this);
    }
}
