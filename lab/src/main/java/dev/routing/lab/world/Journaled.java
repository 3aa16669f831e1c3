package dev.routing.lab.world;

import dev.routing.engine.Engine;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/** The engine on a journal, commits deferred (the simulated host acts on no answer before the journal holds it); a restart closes it and opens it again from the journal alone. */
final class Journaled implements DrivenEngine {
    private final Path dir;
    private final RuleSet rules;
    private Engine engine;

    Journaled(Path dir, RuleSet rules) {
        this.dir = dir;
        this.rules = rules;
        open(null);
    }

    private void open(Instant at) {
        engine = Engine.open(dir, rules, at);
        engine.deferCommits(true);
    }

    @Override
    public List<Decision> accept(Fact fact) {
        return engine.accept(fact);
    }

    @Override
    public List<Decision> restart(Instant at) {
        engine.close();
        open(at);
        return engine.openingDecisions();
    }

    @Override
    public void checkpoint() {
        engine.commit();
        engine.checkpoint();
    }

    @Override
    public long entries() {
        return engine.state().entries;
    }

    @Override
    public void close() {
        engine.close();
    }
}
