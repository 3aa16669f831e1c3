package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/**
 * A public turn's locus moved for its later rounds (RULES M1): a {@code channel_open}, or under
 * {@code latest-inbound} a newer addressed arrival. With {@code sticky}, it is explicit or hybrid
 * mode's sticky destination that moved, to an envelope's target ({@code skip_reply} included:
 * hybrid keeps what follows private until a destination is named). A private turn's never moves.
 */
@JsonTypeName("turn.locusMoved")
public record TurnLocusMoved(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) Long turn,
        @JsonProperty(required = true) String locus,
        String server,
        @JsonProperty(required = true) String why,
        Boolean sticky) implements Decision {

    public TurnLocusMoved {
        if (sticky == null) sticky = false;
    }
}
