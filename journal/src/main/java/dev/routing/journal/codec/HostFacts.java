package dev.routing.journal.codec;

import dev.routing.journal.event.Fact;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.WakeQueued;
import java.util.List;
import java.util.Map;

/**
 * The closed sets of values PROTOCOL fixes for what a host sends, checked where a host's line is
 * read. Not in the records themselves: a journal written before holds what was accepted then, and
 * must stay readable. A value outside its set is refused, naming the field, rather than guessed at:
 * an unknown cause read as an ordinary wake published what a heartbeat would have held.
 */
final class HostFacts {
    /** PROTOCOL: {@code cause} for {@code wake.queued} is one of these. */
    static final List<String> CAUSES = List.of("message", "gate-window", "heartbeat", "self-wake", "sleep", "script",
            "focus-end", "tune-out-cancel", "bounce", "continuation", "auto-continuation", "rewind-retry",
            "failure-retry", "resend-after-retries", "retake");
    /** PROTOCOL: a wake's {@code retake} is one of these. */
    static final List<String> RETAKES = List.of("nudge", "unstick", "inference-request");

    private HostFacts() {}

    /**
     * Each field of {@code type} whose value is one of a closed set, by name, for a description of the
     * wire (the JSON Schema): on a host's line, the sets checked below; anywhere, {@code writer}, which
     * {@link MessageReceived} checks itself (a journaled message reads back with one of the three).
     */
    static Map<String, List<String>> closedSets(Class<?> type, boolean hostLine) {
        if (type == WakeQueued.class && hostLine) return Map.of("cause", CAUSES, "retake", RETAKES);
        if (type == MessageReceived.class) return Map.of("writer", MessageReceived.WRITERS);
        return Map.of();
    }

    static Fact checked(Fact fact) {
        if (fact instanceof WakeQueued w) {
            if (!CAUSES.contains(w.cause())) throw FieldFaults.notOneOf("cause", CAUSES, quoted(w.cause()));
            if (w.retake() != null && !RETAKES.contains(w.retake())) throw FieldFaults.notOneOf("retake", RETAKES, quoted(w.retake()));
            // P9 turns on the retake mark: a retake that does not say which would be read as a plain wake
            if (w.cause().equals("retake") && w.retake() == null) {
                throw new BadEntryException("retake", "missing: a wake of cause retake says which, expected one of "
                        + Words.either(RETAKES) + ", e.g. \"" + RETAKES.get(0) + "\"", null);
            }
        }
        return fact;
    }

    private static String quoted(String text) {
        return com.fasterxml.jackson.databind.node.TextNode.valueOf(text).toString();
    }
}
