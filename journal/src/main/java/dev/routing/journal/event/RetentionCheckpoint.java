package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/** What a retention checkpoint keeps and lets go; its draft.letGo lines follow it. */
@JsonTypeName("retention.checkpoint")
public record RetentionCheckpoint(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) Long through,
        @JsonProperty(required = true) Integer kept,
        @JsonProperty(required = true) Integer letGo) implements Decision {
}
