package dev.routing.journal.codec;

import java.time.Instant;

/**
 * A journaled {@code state.checkpoint} with its state as the JSON it is stored as
 * ({@link EntryCodec#decodeCheckpoint}): what a restore reads, so the state is parsed once, straight
 * into the engine's state, with no tree of all of it built between (that tree and its conversion
 * were half of a restore at 10 M messages).
 */
public record CheckpointJson(Instant at, Long through, Long entries, byte[] state, Long lastSeq) {
}
