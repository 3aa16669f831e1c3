package dev.routing.engine.explain;

/**
 * Explain cannot answer: the question names nothing in the journal ({@code badInput}: an index with no
 * entry, a message or turn the journal never held), or re-deciding the journal does not give what it
 * recorded, so the engine's own reasons for the recorded decision are not this build's to give.
 */
public final class NotExplained extends RuntimeException {
    private final boolean badInput;

    NotExplained(String message, boolean badInput) {
        super(message);
        this.badInput = badInput;
    }

    public boolean badInput() {
        return badInput;
    }
}
