package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Which fallback a turn with no channel of its own may take (RULES P17). */
public enum LocusPolicy {
    @JsonProperty("delivery") DELIVERY,
    @JsonProperty("latest-inbound") LATEST_INBOUND
}
