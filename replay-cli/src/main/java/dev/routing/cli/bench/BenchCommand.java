package dev.routing.cli.bench;

import dev.routing.cli.options.EventsOption;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.SeedOption;
import dev.routing.cli.options.Version;
import dev.routing.cli.options.WorkDir;
import dev.routing.cli.options.WorkDirOption;
import dev.routing.cli.progress.Progress;
import dev.routing.engine.Engine;
import dev.routing.engine.Replay;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.Fact;
import dev.routing.journal.store.Journal;
import dev.routing.lab.paired.Paired;
import dev.routing.lab.world.Simulation;
import dev.routing.lab.world.Simulator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "bench", header = "Times the engine on a simulated week (append, raw scan, replay); its subcommands time the rest.", mixinStandardHelpOptions = true, versionProvider = Version.class, subcommands = {BenchAuditCommand.class, BenchDraftsCommand.class, BenchIdsCommand.class, BenchRestoreCommand.class, BenchSidecarCommand.class, BenchStreamsCommand.class}, description = {
        "Simulates a week of N events through the engine, then reports, from this one run: simulate",
        "(facts/s of the simulated host and the engine), append (facts/s through the engine alone: the",
        "week's facts decided and journaled again into a new journal, commits deferred; two passes to",
        "warm up, then the median of five), raw scan (entries/s, no decoding), replay (decode + fold,",
        "entries/s), and replay's speed as a ratio of",
        "the raw scan's: raw scan and replay alternate, two passes each to warm up, then five timed,",
        "and each figure is its median. 'bench audit' measures the audit."})
public final class BenchCommand implements Callable<Integer> {
    @Mixin
    EventsOption events = new EventsOption(1_000_000);

    @Mixin
    SeedOption seed;

    @Mixin
    WorkDirOption dir;

    @Override
    public Integer call() throws IOException {
        long size = events.events();
        try (WorkDir work = dir.open("replay-cli-bench")) {
            Path where = work.path();
            long simulateStart = System.nanoTime();
            long facts;
            Progress progress = new Progress("simulate", size);
            try {
                facts = Simulator.run(Simulation.sized(size, seed.seed(), RuleSet.CURRENT, false), where, progress).facts();
            } finally {
                progress.done();
            }
            double simulateSeconds = seconds(simulateStart);
            Paired.Timing append = append(where);
            try (Journal journal = Journal.openReader(where)) {
                Progress passes = new Progress("replay", Paired.WARM + Paired.TIMED);
                int[] passed = {0};
                Paired.Result timed;
                try {
                    timed = Paired.time(() -> journal.scanRaw(-1, null), () -> Replay.full(journal).entriesRead(),
                            () -> passes.accept(++passed[0]));
                } finally {
                    passes.done();
                }
                long restoreStart = System.nanoTime();
                Replay.Result restored = Replay.restore(journal);
                double restoreSeconds = seconds(restoreStart);
                double scanRate = timed.first().rate();
                double replayRate = timed.second().rate();
                System.out.printf(Locale.ROOT, "entries          %,d (%,d facts)%n", timed.first().entries(), facts);
                System.out.printf(Locale.ROOT, "simulate         %,.0f facts/s (the simulated host and the engine)%n", facts / simulateSeconds);
                System.out.printf(Locale.ROOT, "append           %,.0f facts/s through the engine (decide + journal, deferred commits, median of %d passes)%n",
                        append.rate(), Paired.TIMED);
                System.out.printf(Locale.ROOT, "raw scan         %,.0f entries/s (median of %d passes)%n", scanRate, Paired.TIMED);
                System.out.printf(Locale.ROOT, "replay           %,.0f entries/s (decode + fold, median of %d passes, each after a raw scan)%n", replayRate, Paired.TIMED);
                System.out.printf(Locale.ROOT, "ratio            replay runs at %.3f of the raw scan's speed (raw is %.1fx faster)%n",
                        timed.ratio(), scanRate / replayRate);
                System.out.printf(Locale.ROOT, "restore          %.3f s (newest checkpoint + %,d entries)%n", restoreSeconds, restored.entriesRead());
            }
        }
        return ExitCodes.OK;
    }

    /**
     * The engine's own speed, without the simulated host's: the simulated week's facts, read from its
     * journal beforehand, decided and journaled again into a new journal each pass (the median of
     * {@link Paired#TIMED} after {@link Paired#WARM}: one pass still met the JIT compiling decide).
     */
    private static Paired.Timing append(Path simulated) throws IOException {
        List<Fact> facts = new ArrayList<>();
        try (Journal journal = Journal.openReader(simulated)) {
            journal.read(-1, Long.MAX_VALUE, r -> {
                if (r.entry() instanceof Fact f) facts.add(f);
            });
        }
        Progress progress = new Progress("append", Paired.WARM + Paired.TIMED);
        List<WorkDir> written = new ArrayList<>();
        int[] passed = {0};
        try {
            // each pass's journal is removed between passes, outside the time
            return Paired.alone(() -> appendOnce(facts, written), () -> {
                written.forEach(WorkDir::close);
                written.clear();
                progress.accept(++passed[0]);
            });
        } finally {
            written.forEach(WorkDir::close);
            progress.done();
        }
    }

    private static long appendOnce(List<Fact> facts, List<WorkDir> written) {
        WorkDir again;
        try {
            again = WorkDir.temporary("replay-cli-bench-append");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        written.add(again);
        try (Engine engine = Engine.open(again.path(), RuleSet.CURRENT, null)) {
            engine.deferCommits(true);
            for (Fact fact : facts) engine.accept(fact);
            engine.commit();
        }
        return facts.size();
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
