package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/** An all-except hold closed; {@code turn} is the turn that ended it, if any. */
@JsonTypeName("focus.closed")
public record FocusClosed(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) String agent,
        String channel,
        Long turn) implements Fact {
}
