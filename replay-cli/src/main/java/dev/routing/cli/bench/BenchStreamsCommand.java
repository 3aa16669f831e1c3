package dev.routing.cli.bench;

import dev.routing.cli.options.BadInputException;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.Version;
import dev.routing.cli.progress.Progress;
import dev.routing.engine.Core;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.Fact;
import dev.routing.lab.paired.Paired;
import dev.routing.lab.world.Simulation;
import dev.routing.lab.world.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "streams", header = "Times random host streams decided in memory, as the property tests decide theirs.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Simulates N streams first (each a simulated day of its own seed, cut at its first F facts: three",
        "residents configured, rooms registered, then the day's traffic: messages, wakes, turns, rounds, tool",
        "calls and boundaries, sends and settles, drafts), then",
        "decides every stream from an empty state with the engine's core (decide, then evolve), pass after",
        "pass: two passes to warm up, then the median of five, in streams/s and facts/s.",
        "A benchmark: no test asserts a time."})
public final class BenchStreamsCommand implements Callable<Integer> {
    @Option(names = "--streams", paramLabel = "N", defaultValue = "20000", description = "streams to simulate and decide (default: ${DEFAULT-VALUE})")
    int streams;

    @Option(names = "--facts", paramLabel = "F", defaultValue = "50", description = "facts per stream, at most (default: ${DEFAULT-VALUE})")
    int facts;

    @Option(names = "--seed", defaultValue = "1", description = "the first stream's seed; the next ones count up (default: ${DEFAULT-VALUE})")
    long seed;

    @Override
    public Integer call() {
        if (streams < 1) throw new BadInputException("--streams must be at least 1");
        if (facts < 2) throw new BadInputException("--facts must be at least 2");
        long simulateStart = System.nanoTime();
        List<Fact[]> all = simulate();
        double simulateSeconds = (System.nanoTime() - simulateStart) / 1e9;
        long total = 0;
        Map<String, Integer> types = new TreeMap<>();
        for (Fact[] stream : all) {
            total += stream.length;
            for (Fact f : stream) types.merge(f.type(), 1, Integer::sum);
        }
        long factsPerPass = total;
        Progress progress = new Progress("decide", Paired.WARM + Paired.TIMED);
        int[] passed = {0};
        long[] decisions = {0};
        Paired.Timing timed;
        try {
            timed = Paired.alone(() -> {
                decisions[0] = decideAll(all);
                return factsPerPass;
            }, () -> progress.accept(++passed[0]));
        } finally {
            progress.done();
        }
        double seconds = timed.seconds();
        System.out.printf(Locale.ROOT, "streams          %,d (seeds %d to %d), %,d facts in all (%.1f a stream), simulated in %.1f s%n", all.size(),
                seed, seed + all.size() - 1, total, (double) total / all.size(), simulateSeconds);
        System.out.printf(Locale.ROOT, "facts            %s; %,d decisions%n", mix(types, total), decisions[0]);
        System.out.printf(Locale.ROOT, "decided          %,.0f streams/s, %,.0f facts/s, %.0f ns a fact (each stream from an empty state; median of %d passes after %d)%n",
                all.size() / seconds, total / seconds, seconds * 1e9 / total, Paired.TIMED, Paired.WARM);
        return ExitCodes.OK;
    }

    /** One simulated day per stream, three residents in two rooms, cut at its first {@link #facts} facts. */
    private List<Fact[]> simulate() {
        List<Fact[]> all = new ArrayList<>(streams);
        Progress progress = new Progress("simulate", streams);
        try {
            for (int i = 0; i < streams; i++) {
                Simulation day = new Simulation(1, 3, 2, 100, seed + i, RuleSet.CURRENT, false, null);
                all.add(Simulator.stream(day, facts).toArray(Fact[]::new));
                if ((i & 0xFF) == 0) progress.accept(i);
            }
        } finally {
            progress.done();
        }
        return all;
    }

    /** Each stream decided from an empty state; returns the decisions made (printed, so the work is not optimised away). */
    private static long decideAll(List<Fact[]> all) {
        long decisions = 0;
        for (Fact[] stream : all) {
            Core core = new Core(RuleSet.CURRENT);
            for (Fact f : stream) decisions += core.accept(f).size();
        }
        return decisions;
    }

    private static String mix(Map<String, Integer> types, long total) {
        StringBuilder out = new StringBuilder();
        types.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).forEach(e -> {
            if (out.length() > 0) out.append(", ");
            out.append(e.getKey()).append(String.format(Locale.ROOT, " %.0f%%", 100.0 * e.getValue() / total));
        });
        return out.toString();
    }


}
