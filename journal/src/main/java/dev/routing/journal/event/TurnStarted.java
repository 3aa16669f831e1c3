package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;
import java.util.List;

/** A start: the engine answers with turn.opened, or turn.continued when it continues an open turn. */
@JsonTypeName("turn.started")
public record TurnStarted(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) String agent,
        List<String> wakes,
        List<String> reads,
        Long continues,
        Boolean silent) implements Fact {

    public TurnStarted {
        wakes = Lists.orEmpty("wakes", wakes);
        reads = Lists.orEmpty("reads", reads);
        if (silent == null) silent = false;
    }
}
