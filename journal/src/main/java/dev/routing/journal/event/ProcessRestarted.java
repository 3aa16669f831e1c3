package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/** The host restarted: every open turn ends, aborted, and attempts still out read as unknown. */
@JsonTypeName("process.restarted")
public record ProcessRestarted(@JsonProperty(required = true) Instant at) implements Fact {
}
