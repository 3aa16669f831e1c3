package dev.routing.projections;

import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;

/**
 * A fold over journal entries in journal order that keeps the engine's fold order: each fact's
 * bookkeeping folds after the decisions that follow it. Checkpoint entries are skipped: they
 * restore a fold, they do not change one.
 */
public final class Fold {
    private final EngineState state;
    private Fact pending;

    public Fold(EngineState state) {
        this.state = state;
    }

    public Fold() {
        this(new EngineState());
    }

    public void accept(Entry entry) {
        if (entry instanceof Decision d) {
            Evolve.evolve(state, d);
        } else if (entry instanceof Fact f) {
            flush();
            pending = f;
        } else {
            flush();
        }
    }

    /** The state after every entry accepted so far. */
    public EngineState state() {
        flush();
        return state;
    }

    private void flush() {
        if (pending != null) {
            Evolve.evolve(state, pending);
            pending = null;
        }
    }
}
