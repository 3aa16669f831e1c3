package dev.routing.engine;

import dev.routing.engine.context.Context;
import dev.routing.engine.context.Emitter;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.context.Trace;
import dev.routing.engine.drafts.DraftsTool;
import dev.routing.engine.prose.Rounds;
import dev.routing.engine.publish.Outcomes;
import dev.routing.engine.publish.ScriptCalls;
import dev.routing.engine.retention.RetentionRule;
import dev.routing.engine.turns.Boundaries;
import dev.routing.engine.turns.Ends;
import dev.routing.engine.turns.Starts;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.event.PublishSettled;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.ScriptCalled;
import dev.routing.journal.event.ToolBoundary;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnStarted;
import dev.routing.projections.EngineState;
import dev.routing.projections.Evolve;
import java.util.List;

/**
 * The business core without a journal, as fmodel's Decider: the state (a new journal's is
 * {@code new EngineState()}), {@code decide(state, fact)} (the rules) and {@code evolve} (the fold),
 * one fact at a time. {@link Engine} wraps it with the journal; property tests and counterfactual
 * re-decisions run it in memory.
 *
 * <p>Deciding sees the state as it stood when the fact arrived, reads no clock, file or random
 * source (the fact's {@code at} is the time; ids come from the state), and folds each decision into
 * the state as it emits it (see {@link Emitter}); the fact itself is folded after its decisions.
 */
public final class Core {
    private final EngineState state;
    private RuleSet rules;

    public Core(EngineState state, RuleSet rules) {
        this.state = state;
        this.rules = rules;
    }

    public Core(RuleSet rules) {
        this(new EngineState(), rules);
    }

    /** Decides the fact (the decisions are folded as they are made), then folds the fact itself. */
    public List<Decision> accept(Fact fact) {
        return accept(fact, null);
    }

    /**
     * The same, on the same path, recording in {@code trace} why each decision was made (the rule
     * and the entries it rests on, as each rule says it when it emits); null records nothing. Tracing
     * changes no decision.
     */
    public List<Decision> accept(Fact fact, Trace trace) {
        Emitter out = new Emitter(state, DraftsTool.READ_CHARS, trace);
        Context ctx = new Context(state, rules, fact.at(), out);
        // Every fact's time passes O3's deadlines but a restart's, which ends each attempt still out itself (J3).
        if (!(fact instanceof ProcessRestarted)) Outcomes.expire(ctx);
        if (fact instanceof TurnStarted t) Starts.decide(ctx, t);
        else if (fact instanceof ToolBoundary b) Boundaries.decide(ctx, b);
        else if (fact instanceof RoundSpoken r) Rounds.decide(ctx, r);
        else if (fact instanceof TurnEnded e) Ends.decide(ctx, e);
        else if (fact instanceof PublishSettled s) Outcomes.settle(ctx, s);
        else if (fact instanceof ScriptCalled c) ScriptCalls.decide(ctx, c);
        else if (fact instanceof ProcessRestarted) Outcomes.restart(ctx);
        RetentionRule.decide(ctx);
        Evolve.evolve(state, fact);
        return out.decisions();
    }

    /** Switches rules, as an engine.started under other rules does. */
    public void rules(RuleSet rules) {
        this.rules = rules;
    }

    public RuleSet rules() {
        return rules;
    }

    public EngineState state() {
        return state;
    }
}
