package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/** A start that continues an open turn. */
@JsonTypeName("turn.continued")
public record TurnContinued(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) Long turn,
        String agent,
        @JsonProperty(value = "private", required = true) Boolean isPrivate,
        @JsonInclude(JsonInclude.Include.ALWAYS) String why) implements Decision {
}
