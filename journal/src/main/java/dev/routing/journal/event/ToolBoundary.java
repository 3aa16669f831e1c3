package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;
import java.util.List;

/** A tool-result boundary inside a turn, with the messages it injects into the live turn. */
@JsonTypeName("tool.boundary")
public record ToolBoundary(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) Long turn,
        List<String> injected,
        Boolean endsTurn) implements Fact {

    public ToolBoundary {
        injected = Lists.orEmpty("injected", injected);
        if (endsTurn == null) endsTurn = false;
    }
}
