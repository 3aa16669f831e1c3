package dev.routing.engine.routes;

/** Why a turn's locus or sticky target moved ({@code turn.locus.moved}'s why), with its wire word. */
public enum LocusMoveReason {
    /** M1: under latest-inbound, a newer addressed arrival re-pinned the locus. */
    ADDRESSED_ARRIVAL("addressed-arrival"),
    /** M1: a public turn's channel_open moved the locus for later rounds. */
    CHANNEL_OPEN("channel-open"),
    /** M2, M3: an envelope named a destination, or skip_reply, or was malformed (hybrid holds the rest). */
    ENVELOPE("envelope"),
    /** M2: an envelope's delivery did not go out, so its sticky target is taken away. */
    UNDELIVERED("undelivered");

    private final String wire;

    LocusMoveReason(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
