package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;
import java.util.List;

/** A publish attempt, journaled and synced before the host sends anything (J3). */
@JsonTypeName("publish.requested")
public record PublishRequested(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) Long attempt,
        @JsonProperty(required = true) String agent,
        @JsonProperty(required = true) String channel,
        String server,
        @JsonProperty(required = true) String text,
        List<String> drafts,
        @JsonProperty(required = true) String via,
        Long turn) implements Decision {

    public PublishRequested {
        drafts = Lists.orEmpty(drafts);
    }

    @Override
    @JsonIgnore
    public boolean durable() {
        return true;
    }
}
