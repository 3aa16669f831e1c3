package dev.routing.engine.audit;

import java.time.Instant;

/**
 * One journal entry that made something what it is, in words: a message an operator sent, the start
 * that read it, the segment that was published. {@code index} is the entry's journal index (-1 when
 * it came from a checkpoint's state rather than from an entry the audit read).
 */
public record Evidence(Instant at, long index, String type, String words) {
}
