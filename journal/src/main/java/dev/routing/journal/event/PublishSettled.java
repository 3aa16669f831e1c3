package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/** What the connector answered for an attempt the engine requested. */
@JsonTypeName("publish.settled")
public record PublishSettled(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) Long attempt,
        Boolean delivered,
        String messageId,
        String error,
        String connectorText,
        @Verbatim JsonNode connectorData) implements Fact {

    public PublishSettled {
        connectorData = VerbatimJson.of(connectorData, "connectorData");
    }

    @Override
    @JsonIgnore
    public boolean durable() {
        return true;
    }
}
