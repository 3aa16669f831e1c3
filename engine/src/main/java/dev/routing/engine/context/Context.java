package dev.routing.engine.context;

import dev.routing.journal.event.Decision;
import dev.routing.projections.EngineState;
import dev.routing.projections.retention.Retention;
import java.time.Instant;

/** What one call of {@code decide} works with: the state, the rules, the fact's time, the emitter. */
public record Context(EngineState state, RuleSet rules, Instant at, Emitter out) {

    /** The UTC day of the engine's clock with this fact: what retention keeps is judged by it, as the fold's is. */
    public long today() {
        return Retention.today(state.clockMillis, at);
    }

    public void emit(Decision decision) {
        out.emit(decision);
    }
}
