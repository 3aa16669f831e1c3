package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/**
 * The engine's answer to a routing-relevant tool call; {@code result} is what the tool returns
 * to the resident (the drafts tool's listing, a refusal's words).
 */
@JsonTypeName("tool.decided")
public record ToolDecided(
        @JsonProperty(required = true) Instant at,
        Long turn,
        Integer round,
        Integer call,
        @JsonProperty(required = true) String tool,
        @JsonProperty(required = true) Boolean allowed,
        String channel,
        String refusal,
        String agent,
        String result,
        Boolean send,
        String place) implements Decision {

    /** M6: the call counts as an explicit send; {@code place} is where it may have posted, null when unreadable. */
    public boolean countsAsSend() {
        return Boolean.TRUE.equals(send);
    }
}
