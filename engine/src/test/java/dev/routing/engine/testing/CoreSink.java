package dev.routing.engine.testing;

import dev.routing.engine.Core;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.context.Trace;
import dev.routing.engine.context.Why;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.projections.StateCodec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The core in memory, fed exactly as {@code Engine} feeds it (an {@code engine.started} before
 * the first fact and at each restart), recording every entry in journal order. A restart restores
 * the state from its checkpoint form, as opening a journal does.
 */
public final class CoreSink implements Sink {
    private Core core;
    private final List<Entry> entries = new ArrayList<>();
    private boolean started;
    /** Why each decision was made, as the rules said it (only when traced). */
    private final java.util.IdentityHashMap<Decision, Why> whys;

    public CoreSink(RuleSet rules) {
        this(rules, false);
    }

    /** {@code traced}: every decide runs with a trace, and {@link #why} says what each decision's rule said. */
    public CoreSink(RuleSet rules, boolean traced) {
        this.core = new Core(rules);
        this.whys = traced ? new java.util.IdentityHashMap<>() : null;
    }

    /** What the rule that made the decision said (null when untraced). */
    public Why why(Decision d) {
        return whys == null ? null : whys.get(d);
    }

    @Override
    public List<Decision> accept(Fact fact) {
        if (!started) {
            started = true;
            record(new EngineStarted(fact.at(), core.rules().label()));
        }
        return record(fact);
    }

    @Override
    public List<Decision> restart(Instant at) {
        core = new Core(StateCodec.fromTree(StateCodec.toTree(core.state())), core.rules());
        List<Decision> decisions = new ArrayList<>(record(new EngineStarted(at, core.rules().label())));
        decisions.addAll(record(new ProcessRestarted(at)));
        return decisions;
    }

    private List<Decision> record(Fact fact) {
        entries.add(fact);
        Trace trace = whys == null ? null : new Trace();
        List<Decision> decisions = core.accept(fact, trace);
        if (trace != null) {
            List<Why> said = trace.whys();
            for (int i = 0; i < decisions.size(); i++) whys.put(decisions.get(i), said.get(i));
        }
        entries.addAll(decisions);
        return decisions;
    }

    public Core core() {
        return core;
    }

    /** Every entry, facts and decisions, in the order a journal would hold them. */
    public List<Entry> entries() {
        return entries;
    }
}
