package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/** The turn became private at a start or a tool boundary; it never becomes public again (P4). */
@JsonTypeName("turn.madePrivate")
public record TurnMadePrivate(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) Long turn,
        @JsonProperty(required = true) String where,
        @JsonProperty(required = true) String why) implements Decision {
}
