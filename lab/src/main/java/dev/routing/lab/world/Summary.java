package dev.routing.lab.world;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What a simulation wrote: entries (facts and decisions, as the engine folded them), facts, turns,
 * restarts, the instants of the first and last fact, the turns the woven-in incident opened (empty
 * without {@code --incident}), and how many facts of each type and wakes of each cause it fed.
 */
public record Summary(long entries, long facts, long turns, int restarts, Instant first, Instant last,
        List<Long> incidentTurns, Map<String, Integer> factTypes, Map<String, Integer> wakeCauses) {
}
