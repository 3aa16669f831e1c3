package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * The settled reading of a connector's answer: delivered, failed or unknown (O1-O3). An attempt that
 * read as unknown (no answer within 60 s, or the engine restarted while it was out) gets a second
 * outcome, delivered, when a late answer confirms delivery; nothing else follows an unknown one.
 */
@JsonTypeName("publish.outcome")
@JsonClassDescription("The settled reading of a connector's answer for an attempt: delivered, failed or unknown"
        + " (O1-O3). One attempt can get two: an attempt that read as unknown (no answer within 60 s of the request,"
        + " by the facts' clock, or the engine restarted while it was out) gets a second publish.outcome, delivered,"
        + " when a late publish.settled confirms delivery (delivered: true), for 7 days of fact time. A late failure"
        + " changes nothing. The last outcome of an attempt is its outcome.")
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
