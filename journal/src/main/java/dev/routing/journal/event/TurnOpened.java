package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;
import java.util.List;

/** A new logical turn, with the id the engine gave it and the locus frozen at its start. */
@JsonTypeName("turn.opened")
public record TurnOpened(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) Long turn,
        @JsonProperty(required = true) String agent,
        @JsonProperty(value = "private", required = true) Boolean isPrivate,
        @JsonInclude(JsonInclude.Include.ALWAYS) String why,
        @JsonInclude(JsonInclude.Include.ALWAYS) String locus,
        @JsonInclude(JsonInclude.Include.ALWAYS) String fallback,
        String server,
        String trigger,
        List<String> causes) implements Decision {

    public TurnOpened {
        causes = Lists.orEmpty("causes", causes);
    }

    public boolean heartbeat() {
        return causes.contains("heartbeat");
    }
}
