package dev.routing.benchmarks;

import dev.routing.engine.Core;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.projections.EngineState;
import dev.routing.projections.Fold;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Decide and evolve over the simulated week, from an empty state: decide is the engine's core
 * (decide, then evolve by the fact and its decisions) over every fact; evolve is replay's fold over
 * every entry. Each invocation is the whole week; divide by the counts the setup prints for a
 * per-fact or per-entry cost.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", ChronicleFlags.E1, ChronicleFlags.E2, ChronicleFlags.E3, ChronicleFlags.E4,
    ChronicleFlags.E5, ChronicleFlags.O1, ChronicleFlags.O2, ChronicleFlags.O3, ChronicleFlags.O4, ChronicleFlags.Q1,
    ChronicleFlags.Q2, ChronicleFlags.Q3})
public class FoldBench {
    private List<Entry> week;
    private List<Fact> facts;
    private Core core;
    private Fold fold;

    @Setup(Level.Trial)
    public void week() {
        week = Traffic.week();
        facts = week.stream().filter(e -> e instanceof Fact).map(e -> (Fact) e).toList();
        System.out.printf("%n%,d entries, %,d facts%n", week.size(), facts.size());
    }

    @Setup(Level.Invocation)
    public void empty() {
        core = new Core(new EngineState(), RuleSet.CURRENT);
        fold = new Fold(new EngineState());
    }

    @Benchmark
    public Object decide() {
        for (Fact f : facts) core.accept(f);
        return core.state();
    }

    @Benchmark
    public Object evolve() {
        for (Entry e : week) fold.accept(e);
        return fold.state();
    }
}
