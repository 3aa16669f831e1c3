package dev.routing.engine.context;

import dev.routing.journal.event.Decision;
import dev.routing.projections.EngineState;
import java.time.Instant;

/** What one call of {@code decide} works with: the state, the rules, the fact's time, the emitter. */
public record Context(EngineState state, RuleSet rules, Instant at, Emitter out) {

    public void emit(Decision decision) {
        out.emit(decision);
    }
}
