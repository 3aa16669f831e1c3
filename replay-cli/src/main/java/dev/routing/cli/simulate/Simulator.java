package dev.routing.cli.simulate;

import dev.routing.journal.store.Journal;
import java.nio.file.Path;
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
        return new World(simulation, dir, progress).run();
    }
}
