package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;

/** An agent's prose routing mode: where its unaddressed plain speech goes (RULES M1-M5). */
public enum Mode {
    @JsonProperty("locus") LOCUS,
    @JsonProperty("hybrid") HYBRID,
    @JsonProperty("explicit") EXPLICIT,
    @JsonProperty("disabled") DISABLED,
    @JsonProperty("named") NAMED;

    /** Locus and hybrid mode route unprefixed speech by a locus; explicit, disabled and named do not. */
    public boolean usesLocus() {
        return this == LOCUS || this == HYBRID;
    }
}
