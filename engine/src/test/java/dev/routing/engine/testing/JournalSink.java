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
    private final boolean batched;
    private Engine engine;

    public JournalSink(Path dir, RuleSet rules, int checkpointEvery) {
        this(dir, rules, checkpointEvery, false);
    }

    private JournalSink(Path dir, RuleSet rules, int checkpointEvery, boolean batched) {
        this.dir = dir;
        this.rules = rules;
        this.checkpointEvery = checkpointEvery;
        this.batched = batched;
        open(null);
    }

    /** One that syncs only at a restart and at close, as a batch host does: thousands of facts in a test's time. */
    public static JournalSink batched(Path dir, RuleSet rules, int checkpointEvery) {
        return new JournalSink(dir, rules, checkpointEvery, true);
    }

    private void open(Instant at) {
        engine = Engine.open(dir, rules, at, checkpointEvery);
        if (batched) engine.deferCommits(true);
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

    public Engine engine() {
        return engine;
    }

    @Override
    public void close() {
        engine.close();
    }
}
