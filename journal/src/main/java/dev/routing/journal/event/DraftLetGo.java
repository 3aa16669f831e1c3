package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/** Retention let the draft go (T1-T4). */
@JsonTypeName("draft.letGo")
public record DraftLetGo(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) String draft,
        @JsonProperty(required = true) String agent) implements Decision {
}
