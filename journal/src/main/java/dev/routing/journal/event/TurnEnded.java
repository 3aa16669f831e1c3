package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/** The logical turn is over. */
@JsonTypeName("turn.ended")
public record TurnEnded(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) Long turn) implements Fact {
}
