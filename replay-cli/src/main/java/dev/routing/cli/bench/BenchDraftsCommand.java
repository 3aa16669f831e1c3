package dev.routing.cli.bench;

import dev.routing.cli.options.BadInputException;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.SeedOption;
import dev.routing.cli.options.Version;
import dev.routing.cli.options.WorkDir;
import dev.routing.cli.progress.Progress;
import dev.routing.engine.Engine;
import dev.routing.engine.Replay;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.store.Journal;
import dev.routing.lab.traffic.DraftTraffic;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "drafts", header = "Times opening a journal that holds many draft entries.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Builds each journal through the engine (syncing once per 1,000 facts), then reports the time",
        "to open it (newest checkpoint + tail, with its restart; first, then the best of two more)",
        "beside a full replay of the same files."})
public final class BenchDraftsCommand implements Callable<Integer> {
    @Option(names = "--draft-entries", split = ",", paramLabel = "N", defaultValue = "1000000",
            description = "draft entries per journal, comma-separated (default: ${DEFAULT-VALUE}; try 1000000,10000000)")
    List<Long> sizes;

    @Mixin
    SeedOption seed;

    @Override
    public Integer call() throws IOException {
        for (long size : sizes) {
            if (size < 1_000) throw new BadInputException("--draft-entries must be at least 1000");
        }
        System.out.printf(Locale.ROOT, "%-14s %-14s %-10s %-10s %-10s %-14s %-14s %-14s%n", "draft entries", "journal", "stored MB",
                "build s", "open s", "open again s", "read at open", "full replay s");
        for (long size : sizes) measure(size);
        return ExitCodes.OK;
    }

    private void measure(long size) throws IOException {
        try (WorkDir work = WorkDir.temporary("replay-cli-bench-drafts")) {
            Path dir = work.path();
            long buildStart = System.nanoTime();
            long[] facts = {0};
            long[] json = {0};
            try (Engine engine = Engine.open(dir, RuleSet.CURRENT, null)) {
                engine.deferCommits(true);
                DraftTraffic traffic = new DraftTraffic(seed.seed());
                Progress progress = new Progress("drafts", size);
                traffic.run(fact -> {
                    if (++facts[0] % 1_000 == 0) engine.commit();
                    return engine.accept(fact);
                }, size, progress);
                progress.done();
                json[0] = engine.journal().bytesWritten();
            }
            double build = seconds(buildStart);
            long[] entries = {0};
            double open = open(dir, entries);
            // The first open pays for classes and code the build never ran; the next ones show the steady cost.
            double again = Math.min(open(dir, entries), open(dir, entries));
            long read;
            double full;
            try (Journal journal = Journal.openReader(dir)) {
                read = Replay.restore(journal).entriesRead();
                long fullStart = System.nanoTime();
                Replay.full(journal);
                full = seconds(fullStart);
            }
            System.out.printf(Locale.ROOT, "%-14s %-14s %-10s %-10.1f %-10.3f %-14.3f %-14s %-14.1f%n", String.format(Locale.ROOT, "%,d", size),
                    String.format(Locale.ROOT, "%,d", entries[0]), String.format(Locale.ROOT, "%,d", json[0] >> 20), build, open, again,
                    String.format(Locale.ROOT, "%,d", read), full);
        }
    }

    /** Opens the journal as its writer (restore, then the restart's decisions) and closes it: seconds taken. */
    private static double open(Path dir, long[] entries) {
        long start = System.nanoTime();
        try (Engine engine = Engine.open(dir, RuleSet.CURRENT, Instant.parse("2030-01-01T00:00:00Z"))) {
            entries[0] = engine.state().entries;
        }
        return seconds(start);
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
