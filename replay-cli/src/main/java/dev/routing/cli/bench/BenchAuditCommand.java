package dev.routing.cli.bench;

import dev.routing.cli.BadInputException;
import dev.routing.cli.ExitCodes;
import dev.routing.cli.Progress;
import dev.routing.cli.Version;
import dev.routing.cli.simulate.Simulation;
import dev.routing.cli.simulate.Simulator;
import dev.routing.cli.simulate.Summary;
import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditWindow;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.store.Journal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "audit", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Times the audit of a simulated incident week against a raw scan of the same files.",
        "Simulates an incident week of N events (0.30.0 rules), then, from this one run, scans its files",
        "raw (no decoding) and audits the whole week, alternating, two passes each to warm up and five",
        "timed, and reports the audit's median speed in entries/s and as a ratio of the raw scan's.",
        "A benchmark: no test asserts a time."})
public final class BenchAuditCommand implements Callable<Integer> {
    @Option(names = "--events", paramLabel = "N", defaultValue = "5000000", description = "the week's size in journal entries (default: ${DEFAULT-VALUE})")
    long events;

    @Option(names = "--seed", defaultValue = "1", description = "the week's seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--dir", paramLabel = "DIR", description = "where to write the week (default: a temporary directory, removed after)")
    Path dir;

    @Override
    public Integer call() throws IOException {
        if (events < 100) throw new BadInputException("--events must be at least 100");
        Path where = dir != null ? dir : Files.createTempDirectory("replay-cli-bench-audit");
        try {
            Simulation week = Simulation.sized(events, seed, RuleSet.V0_30_0, true);
            long simulateStart = System.nanoTime();
            Progress simulating = new Progress("simulate", events);
            Summary summary;
            try {
                summary = Simulator.run(week, where, simulating);
            } finally {
                simulating.done();
            }
            double simulateSeconds = seconds(simulateStart);
            try (Journal journal = Journal.openReader(where)) {
                Progress passes = new Progress("audit", Paired.WARM + Paired.TIMED);
                int[] passed = {0};
                AuditReport[] report = {null};
                Paired.Result timed;
                try {
                    timed = Paired.time(() -> journal.scanRaw(-1, null), () -> {
                        report[0] = AuditWindow.run(journal, null, null, null, read -> { });
                        return report[0].read().entries();
                    }, () -> passes.accept(++passed[0]));
                } finally {
                    passes.done();
                }
                Paired.Timing scan = timed.first();
                Paired.Timing audit = timed.second();
                System.out.printf("simulated        %,d entries (%,d facts): %d agents, %d days, %d daily files, in %.1f s (%,.0f entries/s)%n",
                        summary.entries(), summary.facts(), week.agents(), week.days(), files(where, ".cq4"), simulateSeconds,
                        summary.entries() / simulateSeconds);
                System.out.printf("raw scan         %,.0f entries/s (%,d entries in %.2f s, no decoding; median of %d passes)%n",
                        scan.rate(), scan.entries(), scan.seconds(), Paired.TIMED);
                System.out.printf("audit            %,.0f entries/s (%,d entries in %.2f s: %,d turns, %,d publications, %,d findings; median of %d passes, each after a raw scan)%n",
                        audit.rate(), audit.entries(), audit.seconds(), report[0].totals().turns(), report[0].totals().publications(),
                        report[0].totals().findings(), Paired.TIMED);
                System.out.printf("ratio            the audit runs at %.3f of the raw scan's speed (raw is %.1fx faster)%n",
                        timed.ratio(), scan.rate() / audit.rate());
            }
        } finally {
            if (dir == null) deleteQuietly(where);
        }
        return ExitCodes.OK;
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    private static long files(Path dir, String suffix) throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(p -> p.toString().endsWith(suffix)).count();
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // a temporary week left behind is harmless
        }
    }
}
