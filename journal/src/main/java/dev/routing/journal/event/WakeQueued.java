package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;
import java.util.List;

/** A request to run the agent. */
@JsonTypeName("wake.queued")
public record WakeQueued(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) String id,
        @JsonProperty(required = true) String agent,
        @JsonProperty(required = true) String cause,
        List<String> messages,
        String channel,
        Long armedBy,
        String retake,
        Long waitedOn,
        Boolean privateSurface) implements Fact {

    public WakeQueued {
        messages = Lists.orEmpty("messages", messages);
        if (privateSurface == null) privateSurface = false;
    }

    public boolean namesChannel() {
        return channel != null && !channel.isBlank();
    }
}
