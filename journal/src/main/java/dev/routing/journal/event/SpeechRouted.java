package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/**
 * Where one segment of a round's plain speech goes; {@code envelope} is the target the segment's
 * envelope named ({@code #work}, {@code skip_reply}), absent for unprefixed speech.
 */
@JsonTypeName("speech.routed")
public record SpeechRouted(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) Long turn,
        @JsonProperty(required = true) Integer round,
        @JsonProperty(required = true) Integer segment,
        @JsonProperty(required = true) String text,
        @JsonProperty(required = true) Route route,
        String agent,
        String envelope) implements Decision {
}
