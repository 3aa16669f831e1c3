package dev.routing.engine.testing;

import dev.routing.engine.Engine;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/** A journaled engine on Chronicle: a restart closes it and opens it again from the journal alone. */
public final class JournalSink implements Sink, AutoCloseable {
    private final Path dir;
    private final RuleSet rules;
    private final int checkpointEvery;
    private Engine engine;

    public JournalSink(Path dir, RuleSet rules, int checkpointEvery) {
        this.dir = dir;
        this.rules = rules;
        this.checkpointEvery = checkpointEvery;
        this.engine = Engine.open(dir, rules, null, checkpointEvery);
    }

    @Override
    public List<Decision> accept(Fact fact) {
        return engine.accept(fact);
    }

    @Override
    public List<Decision> restart(Instant at) {
        engine.close();
        engine = Engine.open(dir, rules, at, checkpointEvery);
        return engine.openingDecisions();
    }

    public Engine engine() {
        return engine;
    }

    @Override
    public void close() {
        engine.close();
    }
}
