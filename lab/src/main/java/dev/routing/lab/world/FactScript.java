package dev.routing.lab.world;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Fact;
import dev.routing.journal.store.Journal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A simulation's facts as a script's lines, for a host that drives {@code run}: fed in order to a
 * new journal they get the decisions they got in the simulation (the engine is deterministic and
 * draws its ids from its state). {@code engine.started} is left out: the engine writes it itself.
 */
public final class FactScript {
    private FactScript() {}

    /** Simulates into {@code dir} (which must hold no journal yet) and returns the facts, one JSON line each. */
    public static List<String> of(Simulation simulation, Path dir) {
        Simulator.run(simulation, dir, n -> { });
        List<String> lines = new ArrayList<>();
        try (Journal journal = Journal.openReader(dir)) {
            journal.read(-1, r -> {
                if (r.entry() instanceof Fact f && !(f instanceof EngineStarted)) lines.add(EntryCodec.toJson(f));
            });
        }
        return lines;
    }
}
