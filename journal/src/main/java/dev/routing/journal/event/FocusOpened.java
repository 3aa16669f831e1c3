package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/** An all-except hold opened: a focus, or a tune_out with scope all-except. */
@JsonTypeName("focus.opened")
public record FocusOpened(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) String agent,
        @JsonProperty(required = true) String channel,
        Long turn) implements Fact {
}
