package dev.routing.projections;

import dev.routing.journal.event.Answers;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import java.util.List;

/**
 * A fold over journal entries in journal order that keeps the engine's fold order: each fact's
 * bookkeeping folds after the decisions that answered it. Checkpoint entries are skipped: they
 * restore a fold, they do not change one.
 */
public final class Fold {
    private final EngineState state;
    private final Answers answers = new Answers(this::answered);

    public Fold(EngineState state) {
        this.state = state;
    }

    public Fold() {
        this(new EngineState());
    }

    public void accept(Entry entry) {
        answers.accept(entry, -1);
    }

    /** The state after every entry accepted so far. */
    public EngineState state() {
        answers.flush();
        return state;
    }

    private void answered(Fact fact, long index, List<Decision> decisions) {
        // Indexed: an iterator per fact was the fold's largest allocation.
        for (int i = 0; i < decisions.size(); i++) Evolve.evolve(state, decisions.get(i));
        if (fact != null) Evolve.evolve(state, fact);
    }
}
