package dev.routing.engine.routes;

/** Why a segment of plain speech was kept private ({@code Route.keptPrivate}'s why), with its wire word. */
public enum KeptPrivate {
    /** P4, P12: the turn took in private input. */
    PRIVATE_TURN("private-turn"),
    /** M5: a named agent's plain speech reaches no one. */
    NAMED("named"),
    /** M4: proseRouting is disabled. */
    DISABLED("disabled"),
    /** M2, M3, M6: skip_reply keeps what follows private. */
    SKIP_REPLY("skip-reply"),
    /** M6: a same-round private think. */
    PRIVATE_THINK("private-think"),
    /** M7: a drafts call in a turn a send silenced. */
    DRAFTS_ROUND("drafts-round"),
    /** A silent tick's turn. */
    SILENT("silent"),
    /** D5: a bare {{unsent}} that named nothing sendable: nothing was sent or held. */
    NOTHING_TO_SEND("nothing-to-send"),
    /** P4, fail closed: a round of a turn that is not open, and was not private. */
    TURN_NOT_OPEN("turn-not-open");

    /** The constants, once: {@code values()} copies them on every call, and this is read per decision. */
    private static final KeptPrivate[] ALL = values();

    private final String wire;

    KeptPrivate(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** The reason a journaled word names, or null for a word no reason has (one an older build wrote). */
    public static KeptPrivate of(String wire) {
        for (KeptPrivate k : ALL) {
            if (k.wire.equals(wire)) return k;
        }
        return null;
    }
}
