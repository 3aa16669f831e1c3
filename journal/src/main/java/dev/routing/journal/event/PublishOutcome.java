package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/** The settled reading of a connector's answer: delivered, failed or unknown (O1-O3). */
@JsonTypeName("publish.outcome")
public record PublishOutcome(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) Long attempt,
        @JsonProperty(required = true) String outcome,
        String why,
        String agent,
        String connectorText,
        @Verbatim JsonNode connectorData) implements Decision {

    public PublishOutcome {
        connectorData = VerbatimJson.of(connectorData, "connectorData");
    }

    @Override
    @JsonIgnore
    public boolean durable() {
        return true;
    }
}
