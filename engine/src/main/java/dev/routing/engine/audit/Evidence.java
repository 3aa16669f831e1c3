package dev.routing.engine.audit;

import java.time.Instant;

/**
 * One journal entry that made something what it is, in words: a message an operator sent, the start
 * that read it, the segment that was published. {@code index} is the entry's journal index (-1 when
 * it came from a checkpoint's state rather than from an entry the audit read); {@code rule} the RULES
 * id of the rule the engine's judgement applied there (a start or boundary that took in private
 * input), null for an entry that is only a fact.
 */
public record Evidence(Instant at, long index, String type, String words, String rule) {

    public Evidence(Instant at, long index, String type, String words) {
        this(at, index, type, words, null);
    }
}
