package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/** A channel a server exposes. */
@JsonTypeName("channel.registered")
public record ChannelRegistered(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) String channel,
        @JsonProperty(required = true) String server,
        String label,
        Boolean inboundOnly) implements Fact {

    public ChannelRegistered {
        if (inboundOnly == null) inboundOnly = false;
    }
}
