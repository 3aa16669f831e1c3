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
import java.util.List;

/**
 * {@code decide(state, fact)}: the rules. It sees the state as it stood when the fact arrived,
 * reads no clock, file or random source (the fact's {@code at} is the time; ids come from the
 * state), and folds each decision into the state as it emits it (see {@link Emitter}).
 */
public final class Decider {
    private final RuleSet rules;

    public Decider(RuleSet rules) {
        this.rules = rules;
    }

    public RuleSet rules() {
        return rules;
    }

    public List<Decision> decide(EngineState state, Fact fact) {
        return decide(state, fact, null);
    }

    /**
     * The same decide, on the same path, recording in {@code trace} why each decision was made (the
     * rule and the entries it rests on, as each rule says it when it emits); null records nothing.
     * Tracing changes no decision.
     */
    public List<Decision> decide(EngineState state, Fact fact, Trace trace) {
        Emitter out = new Emitter(state, DraftsTool.READ_CHARS, trace);
        Context ctx = new Context(state, rules, fact.at(), out);
        if (!(fact instanceof ProcessRestarted)) Outcomes.expire(ctx);
        if (fact instanceof TurnStarted t) Starts.decide(ctx, t);
        else if (fact instanceof ToolBoundary b) Boundaries.decide(ctx, b);
        else if (fact instanceof RoundSpoken r) Rounds.decide(ctx, r);
        else if (fact instanceof TurnEnded e) Ends.decide(ctx, e);
        else if (fact instanceof PublishSettled s) Outcomes.settle(ctx, s);
        else if (fact instanceof ScriptCalled c) ScriptCalls.decide(ctx, c);
        else if (fact instanceof ProcessRestarted) Outcomes.restart(ctx);
        RetentionRule.decide(ctx);
        return out.decisions();
    }
}
