package dev.routing.journal.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * Every projection's state as it stood after the entry at journal index {@code through}, written
 * into the journal itself so that a restore reads the newest checkpoint and the tail after it.
 * Neither a fact nor a decision: replay restores from it and does not fold it.
 *
 * <p>{@code lastSeq} is the host's seq of the last numbered group before it, so that finding the
 * last seq at an open reads no further back than the restore does; absent when no group before it
 * was numbered (a checkpoint written before seqs existed has none, and nothing before it was).
 */
@JsonTypeName("state.checkpoint")
public record StateCheckpoint(
        @JsonProperty(required = true) Instant at,
        @JsonProperty(required = true) Long through,
        @JsonProperty(required = true) Long entries,
        @JsonProperty(required = true) JsonNode state,
        Long lastSeq) implements Entry {

    public StateCheckpoint(Instant at, Long through, Long entries, JsonNode state) {
        this(at, through, entries, state, null);
    }
}
