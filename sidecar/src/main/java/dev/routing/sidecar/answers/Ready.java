package dev.routing.sidecar.answers;

import dev.routing.journal.event.Decision;
import java.util.List;

/**
 * The {@code sidecar.ready} line, the first on every start and every socket connection: the journal
 * (its absolute path), its last group's index ({@code -1}: none) and the last seq journaled (the
 * engine's {@code NO_SEQ}: none), the rules deciding, the build, and the decisions opening the journal
 * made, which no line asked for.
 */
public record Ready(String journal, long lastIndex, long lastSeq, String rules, String version, List<Decision> opening) {
}
