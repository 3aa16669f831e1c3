package dev.routing.journal.event;

/**
 * A field whose value a record refuses (a {@code writer} that is not one of the three known); the
 * codec reports it as a bad entry naming the field.
 */
public final class BadValue extends IllegalArgumentException {
    private final String field;

    public BadValue(String field, String message) {
        super(message);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
