package dev.routing.lab.world;

import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import java.time.Instant;
import java.util.List;

/**
 * The engine the simulated host drives: one journaling its facts ({@link Journaled}), or the engine's
 * core in memory ({@link InMemory}), which decides the same facts the same way and keeps every fact it
 * was fed, as a host's stream.
 */
interface DrivenEngine extends AutoCloseable {
    List<Decision> accept(Fact fact);

    /** A process restart: what opening again decided ({@code engine.started} and {@code process.restarted} journaled first). */
    List<Decision> restart(Instant at);

    /** The host's nightly checkpoint. */
    void checkpoint();

    /** Entries (facts and decisions) folded so far. */
    long entries();

    @Override
    void close();
}
