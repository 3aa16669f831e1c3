package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.time.Instant;

/**
 * The engine opened this journal, deciding under {@code rules} ({@code current} or
 * {@code 0.30.0}) from here on: written by the engine itself, first in a new journal and before
 * {@code process.restarted} in an existing one, so a replay knows which rules decided what.
 * {@code cut} says what the open cut from the journal's end first (a torn tail: excerpts never
 * acknowledged), in words; absent when it cut nothing.
 */
@JsonTypeName("engine.started")
public record EngineStarted(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) String rules,
        String cut) implements Fact {

    public EngineStarted(Instant at, String rules) {
        this(at, rules, null);
    }
}
