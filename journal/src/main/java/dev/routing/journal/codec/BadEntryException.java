package dev.routing.journal.codec;

/** An entry that cannot be read: names the field at fault ({@code calls[0].tool}, {@code type}). */
public final class BadEntryException extends RuntimeException {
    private final String field;

    public BadEntryException(String field, String message, Throwable cause) {
        super(field == null ? message : "field '" + field + "': " + message, cause);
        this.field = field;
    }

    /** The JSON path of the field at fault, or null when the entry is not JSON at all. */
    public String field() {
        return field;
    }
}
