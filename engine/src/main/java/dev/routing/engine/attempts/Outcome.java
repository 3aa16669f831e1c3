package dev.routing.engine.attempts;

/** What a publish attempt came to (RULES O1-O3), with the word the journal and the host read for it. */
public enum Outcome {
    /** The connector confirmed delivery (O1). */
    DELIVERED("delivered"),
    /** Provably nothing was posted (O2). */
    FAILED("failed"),
    /** It may or may not have been posted (O3). */
    UNKNOWN("unknown");

    /** The constants, once: {@code values()} copies them on every call, and this is read per decision. */
    private static final Outcome[] ALL = values();

    private final String wire;

    Outcome(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** The RULES id of the rule that reads a connector's answer as this outcome. */
    public String rule() {
        return switch (this) {
            case DELIVERED -> "O1";
            case FAILED -> "O2";
            case UNKNOWN -> "O3";
        };
    }

    /** The outcome a journaled word names; null for none (an attempt still out) or a word no outcome has. */
    public static Outcome of(String wire) {
        for (Outcome o : ALL) {
            if (o.wire.equals(wire)) return o;
        }
        return null;
    }
}
