package dev.routing.engine.sealed;

import dev.routing.engine.Engine;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Sink;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/** A journaled engine that syncs at a restart and at close, as a batch host does: thousands of facts in a test's time. */
final class BatchedJournalSink implements Sink, AutoCloseable {
    private final Path dir;
    private final RuleSet rules;
    private final int checkpointEvery;
    private Engine engine;

    BatchedJournalSink(Path dir, RuleSet rules, int checkpointEvery) {
        this.dir = dir;
        this.rules = rules;
        this.checkpointEvery = checkpointEvery;
        open(null);
    }

    private void open(Instant at) {
        engine = Engine.open(dir, rules, at, checkpointEvery);
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

    Engine engine() {
        return engine;
    }

    @Override
    public void close() {
        engine.close();
    }
}
