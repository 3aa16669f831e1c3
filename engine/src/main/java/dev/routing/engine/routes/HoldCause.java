package dev.routing.engine.routes;

/** Why words were held as a draft (RULES D1's causes), with the wire word {@code draft.held} carries. */
public enum HoldCause {
    /** M6: speech going where a send may have posted. */
    EXPLICIT_SEND("explicit-send"),
    /** M1, M1a, M7: plain speech with nowhere to go. */
    NO_DESTINATION("no-destination"),
    /** M3, D1: words not delivered. */
    BOUNCED("bounced");

    /** The constants, once: {@code values()} copies them on every call, and this is read per decision. */
    private static final HoldCause[] ALL = values();

    private final String wire;

    HoldCause(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** The cause a journaled word names, or null for a word no cause has (one an older build wrote). */
    public static HoldCause of(String wire) {
        for (HoldCause c : ALL) {
            if (c.wire.equals(wire)) return c;
        }
        return null;
    }
}
