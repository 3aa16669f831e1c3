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

    /** Emits the decision; the rule says why on what this returns (see {@link Because}). */
    public Because emit(Decision decision) {
        return out.emit(decision);
    }

    /** Why a decision built now and emitted later is made. */
    public Because because(Decision built) {
        return out.because(built);
    }
}
