package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/** The resident dismissed a draft; {@code risk} says it may already have been posted. */
@JsonTypeName("draft.dismissed")
public record DraftDismissed(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) String draft,
        @JsonProperty(required = true) String agent,
        Boolean risk) implements Decision {

    public DraftDismissed {
        if (risk == null) risk = false;
    }

    @Override
    @JsonIgnore
    public boolean durable() {
        return true;
    }
}
