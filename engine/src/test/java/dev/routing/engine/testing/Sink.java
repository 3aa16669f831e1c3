package dev.routing.engine.testing;

import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import java.time.Instant;
import java.util.List;

/** Where a random host sends its facts: a journaled engine, or the core in memory. */
public interface Sink {
    List<Decision> accept(Fact fact);

    /** The host restarted: the engine closes and opens again from what it kept. */
    List<Decision> restart(Instant at);
}
