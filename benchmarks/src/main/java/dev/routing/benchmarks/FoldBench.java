package dev.routing.benchmarks;

import dev.routing.engine.Core;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.projections.EngineState;
import dev.routing.projections.Fold;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Decide and evolve over the simulated week, in steady state, per fact and per entry: decide is the
 * engine's core (decide, then evolve by the fact and its decisions) on the week's next fact; evolve
 * is replay's fold of its next entry. At the week's end a fresh state starts it again (one
 * allocation per 30,000 facts), so the average is over the week's mix of facts and of state sizes.
 *
 * <p>Each call is one fact, timed over seconds: a single shot of the whole week (this benchmark's
 * first form) still met C2 compiling the rules after five warm-up weeks, and read 3 µs a fact where
 * the warm core takes about a third of that.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 10, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", ChronicleFlags.E1, ChronicleFlags.E2, ChronicleFlags.E3, ChronicleFlags.E4,
    ChronicleFlags.E5, ChronicleFlags.O1, ChronicleFlags.O2, ChronicleFlags.O3, ChronicleFlags.O4, ChronicleFlags.Q1,
    ChronicleFlags.Q2, ChronicleFlags.Q3})
public class FoldBench {
    private Entry[] week;
    private Fact[] facts;
    private Core core;
    private Fold fold;
    private int nextFact;
    private int nextEntry;

    @Setup
    public void week() {
        List<Entry> entries = Traffic.week();
        week = entries.toArray(Entry[]::new);
        facts = entries.stream().filter(e -> e instanceof Fact).toArray(Fact[]::new);
        System.out.printf(Locale.ROOT, "%n%,d entries, %,d facts%n", week.length, facts.length);
    }

    /** ns per fact: decide, with each decision folded as it is made, then the fact folded. */
    @Benchmark
    public Object decide() {
        if (nextFact == 0) core = new Core(new EngineState(), RuleSet.CURRENT);
        Object decisions = core.accept(facts[nextFact]);
        nextFact = nextFact + 1 == facts.length ? 0 : nextFact + 1;
        return decisions;
    }

    /** ns per entry: replay's fold (a fact folds after the decisions that answered it). */
    @Benchmark
    public Object evolve() {
        if (nextEntry == 0) fold = new Fold(new EngineState());
        fold.accept(week[nextEntry]);
        nextEntry = nextEntry + 1 == week.length ? 0 : nextEntry + 1;
        return fold;
    }
}
