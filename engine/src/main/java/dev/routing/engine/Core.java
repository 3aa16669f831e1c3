package dev.routing.engine;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.context.Trace;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.projections.EngineState;
import dev.routing.projections.Evolve;
import java.util.List;

/**
 * The business core without a journal: decide, then fold the fact. {@link Engine} wraps it with
 * the journal; property tests and counterfactual re-decisions run it in memory.
 */
public final class Core {
    private final EngineState state;
    private Decider decider;

    public Core(EngineState state, RuleSet rules) {
        this.state = state;
        this.decider = new Decider(rules);
    }

    public Core(RuleSet rules) {
        this(new EngineState(), rules);
    }

    /** Decides the fact (the decisions are folded as they are made), then folds the fact itself. */
    public List<Decision> accept(Fact fact) {
        return accept(fact, null);
    }

    /** The same, recording in {@code trace} why each decision was made (null records nothing). */
    public List<Decision> accept(Fact fact, Trace trace) {
        List<Decision> decisions = decider.decide(state, fact, trace);
        Evolve.evolve(state, fact);
        return decisions;
    }

    /** Switches rules, as an engine.started under other rules does. */
    public void rules(RuleSet rules) {
        if (rules != decider.rules()) decider = new Decider(rules);
    }

    public RuleSet rules() {
        return decider.rules();
    }

    public EngineState state() {
        return state;
    }
}
