package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/** What the resident is told; {@code wake} asks the host to wake the agent, as a bounce does. */
@JsonTypeName("notice.issued")
public record NoticeIssued(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) String agent,
        @JsonProperty(required = true) String kind,
        Names names,
        @JsonProperty(required = true) String text,
        Boolean wake,
        Long turn) implements Decision {

    public NoticeIssued {
        if (names == null) names = Names.NONE;
        if (wake == null) wake = false;
    }
}
