package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;
import java.util.List;

/** One model round: its plain speech exactly as written, and the tool calls beside it. */
@JsonTypeName("round.spoken")
public record RoundSpoken(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) Long turn,
        @JsonProperty(required = true) Integer round,
        @JsonProperty(required = true) String text,
        List<Call> calls,
        Boolean privateThink) implements Fact {

    public RoundSpoken {
        calls = Lists.orEmpty("calls", calls);
        if (privateThink == null) privateThink = false;
    }
}
