package dev.routing.lab.world;

import dev.routing.engine.Core;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.projections.StateCodec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The engine's core in memory, fed as the engine feeds it ({@code engine.started} first, and with
 * {@code process.restarted} at a restart, the state restored from its checkpoint form), keeping
 * every fact in order: a stream a host could feed any engine, with no journal on disk.
 */
final class InMemory implements DrivenEngine {
    private final RuleSet rules;
    private final List<Fact> facts = new ArrayList<>();
    private Core core;

    InMemory(RuleSet rules) {
        this.rules = rules;
        this.core = new Core(rules);
    }

    @Override
    public List<Decision> accept(Fact fact) {
        if (facts.isEmpty()) fed(new EngineStarted(fact.at(), rules.label()));
        return fed(fact);
    }

    @Override
    public List<Decision> restart(Instant at) {
        core = new Core(StateCodec.fromTree(StateCodec.toTree(core.state())), rules);
        List<Decision> opening = new ArrayList<>(fed(new EngineStarted(at, rules.label())));
        opening.addAll(fed(new ProcessRestarted(at)));
        return opening;
    }

    private List<Decision> fed(Fact fact) {
        facts.add(fact);
        return core.accept(fact);
    }

    /** Every fact fed so far, in order. */
    List<Fact> facts() {
        return facts;
    }

    @Override
    public void checkpoint() {
        // a checkpoint restores a state; nothing here is restored but at a restart
    }

    @Override
    public long entries() {
        return core.state().entries;
    }

    @Override
    public void close() {
    }
}
