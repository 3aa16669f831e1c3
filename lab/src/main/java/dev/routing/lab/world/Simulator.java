package dev.routing.lab.world;

import dev.routing.journal.event.Fact;
import dev.routing.journal.store.Journal;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * A deterministic host: writes a simulated week through the engine into a new journal. The same
 * {@link Simulation} (seed included) writes the same entries, byte for byte.
 */
public final class Simulator {
    private Simulator() {}

    /**
     * @param dir a directory with no journal in it yet
     * @param progress told the number of entries written, now and then
     */
    public static Summary run(Simulation simulation, Path dir, LongConsumer progress) {
        if (Journal.exists(dir)) {
            throw new IllegalArgumentException(dir + " already holds a journal: simulate writes a new one");
        }
        return new World(simulation, new Journaled(dir, simulation.rules()), Long.MAX_VALUE, true, progress).run();
    }

    /**
     * The first {@code maxFacts} facts (or all, for a shorter simulation) the simulated host feeds,
     * decided by the engine's core in memory: a host's stream, with no journal on disk. Residents
     * have no heartbeats here, so a short stream is traffic, not its night. The same simulation gives
     * the same stream; {@code engine.started} opens it, as the engine writes it.
     */
    public static List<Fact> stream(Simulation simulation, int maxFacts) {
        InMemory core = new InMemory(simulation.rules());
        new World(simulation, core, maxFacts, false, n -> { }).run();
        List<Fact> facts = core.facts();
        return List.copyOf(facts.size() > maxFacts ? facts.subList(0, maxFacts) : facts);
    }
}
