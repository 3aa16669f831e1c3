package dev.routing.sidecar.answers;

import dev.routing.engine.Engine;
import dev.routing.journal.event.Decision;
import dev.routing.sidecar.lines.BadLineException;
import java.util.List;

/**
 * The sidecar's answer to one line of its host (docs/sidecar.md): the fact journaled with its
 * decisions, or the line refused with nothing of it journaled. {@link AnswerWriter} writes each as
 * its lines.
 */
public sealed interface Answer {
    /** A fact journaled: its decisions' lines, then {@code fact.accepted} with its group's index and its seq. */
    record Accepted(long index, long seq, List<Decision> decisions) implements Answer {
        public static Accepted of(Engine.Accepted accepted) {
            return new Accepted(accepted.index(), accepted.seq(), accepted.decisions());
        }
    }

    /** A line that is no fact the engine takes: {@code fact.rejected}, naming the line and field. */
    record Rejected(int line, String field, String error) implements Answer {
        public static Rejected of(BadLineException bad) {
            return new Rejected(bad.line(), bad.field(), bad.detail());
        }
    }
}
