package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/**
 * Words kept, exactly, for the resident to resend. A {@code quiet} hold (a drafts round, M7) is
 * named by no notice mid-turn: the receipt or a later catch-up names it.
 */
@JsonTypeName("draft.held")
public record DraftHeld(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) String draft,
        @JsonProperty(required = true) String agent,
        @JsonProperty(required = true) String cause,
        @JsonProperty(required = true) String text,
        Boolean risk,
        Long turn,
        Boolean quiet) implements Decision {

    public DraftHeld {
        if (risk == null) risk = false;
        if (quiet == null) quiet = false;
    }

    @Override
    @JsonIgnore
    public boolean durable() {
        return true;
    }
}
