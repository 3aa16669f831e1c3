package dev.routing.cli.bench;

import dev.routing.cli.options.BadInputException;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.SeedOption;
import dev.routing.cli.options.Version;
import dev.routing.cli.options.WorkDir;
import dev.routing.cli.options.WorkDirOption;
import dev.routing.cli.progress.Progress;
import dev.routing.engine.Engine;
import dev.routing.engine.Replay;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.store.Journal;
import dev.routing.lab.jvm.FreshJvm;
import dev.routing.lab.paired.Paired;
import dev.routing.lab.traffic.IdTraffic;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import dev.routing.projections.privacy.ForgottenIds;
import dev.routing.projections.retention.Retention;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "ids", header = "Weighs what the engine remembers of every message: restore time and memory.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Weighs what the engine remembers of every message: a week of N messages for busy",
        "public agents, through the engine into a journal, then the bytes each remembered message costs",
        "(the exact id record's arrays, and the whole state on the heap after a restore), the newest",
        "checkpoint's size, the restore's time, and whether sampled ids answer the same after it;",
        "then the same after a clean stop (an engine opened and closed as a host's session ends). Each",
        "restore is timed twice: in this process, after the build, and as a restarted sidecar waits on",
        "it, the first restore of a new JVM ('bench restore', three JVMs, the median)."})
public final class BenchIdsCommand implements Callable<Integer> {
    @Option(names = "--messages", paramLabel = "N", defaultValue = "10000000", description = "messages in the week (default: ${DEFAULT-VALUE})")
    long messages;

    @Option(names = "--agents", paramLabel = "N", defaultValue = "50", description = "agents (default: ${DEFAULT-VALUE})")
    int agents;

    @Option(names = "--days", paramLabel = "N", defaultValue = "7", description = "days the messages span (default: ${DEFAULT-VALUE})")
    int days;

    @Mixin
    SeedOption seed;

    @Mixin
    WorkDirOption dir;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (messages < IdTraffic.BATCH * 10L) throw new BadInputException("--messages must be at least " + IdTraffic.BATCH * 10);
        if (agents < 1 || days < 1) throw new BadInputException("--agents and --days must be at least 1");
        try (WorkDir work = dir.open("replay-cli-bench-ids")) {
            Path where = work.path();
            IdTraffic traffic = new IdTraffic(seed.seed(), agents, messages, Duration.ofDays(days));
            long buildStart = System.nanoTime();
            long facts;
            List<String> before;
            Weights weights;
            try (Engine engine = Engine.open(where, RuleSet.CURRENT, null)) {
                engine.deferCommits(true);
                Progress progress = new Progress("messages", messages);
                long[] fed = {0};
                facts = traffic.run(fact -> {
                    if (++fed[0] % 10_000 == 0) engine.commit();
                    return engine.accept(fact);
                }, progress);
                progress.done();
                engine.commit();
                before = answers(engine.state(), traffic);
                weights = Weights.of(engine.state());
            }
            double build = seconds(buildStart);
            Restored crash = Restored.of(where, traffic);
            // this command line's own main class, found from the command tree rather than named: it sits above every command
            FreshJvm jvm = new FreshJvm(spec.root().userObject().getClass());
            Cold crashCold = Cold.of(jvm, where);
            // A restart after a clean stop: an engine opened on the journal and closed as a host's session ends it.
            try (Engine engine = Engine.open(where, RuleSet.CURRENT, null)) {
                String failure = engine.closeAtAStop();
                if (failure != null) System.err.println("warning: " + failure);
            }
            Restored stopped = Restored.of(where, traffic);
            Cold stoppedCold = Cold.of(jvm, where);
            int same = crash.sameAs(before);
            int sameAfterStop = stopped.sameAs(before);
            long remembered = weights.idsHeld + weights.storedKept;
            System.out.printf(Locale.ROOT, "messages         %,d over %d days for %d agents (room ids of 19 digits)%n", messages, days, agents);
            System.out.printf(Locale.ROOT, "build            %,d facts through the engine in %.1f s (%,.0f facts/s, commits deferred)%n",
                    facts, build, facts / build);
            System.out.printf(Locale.ROOT, "remembered       %,d public ids let go (exact), %,d messages kept whole (private input, work), %,d turns, %,d of them private%n",
                    weights.idsHeld, weights.storedKept, weights.turns, weights.privateTurns);
            System.out.printf(Locale.ROOT, "id record        %.1f bytes per public id let go as built, %.1f restored (%,d and %,d bytes of arrays)%n",
                    (double) weights.idsBytes / Math.max(1, weights.idsHeld),
                    (double) crash.weights.idsBytes / Math.max(1, weights.idsHeld), weights.idsBytes, crash.weights.idsBytes);
            System.out.printf(Locale.ROOT, "turn ledger      %.1f bytes per turn (%,d bytes of arrays)%n",
                    (double) weights.ledgerBytes / Math.max(1, weights.turns), weights.ledgerBytes);
            System.out.printf(Locale.ROOT, "state on heap    %,d bytes after a restore: %.1f bytes per remembered message%n", crash.heap,
                    (double) crash.heap / Math.max(1, remembered));
            System.out.printf(Locale.ROOT, "checkpoint       %,d bytes of state JSON (%.1f per remembered message)%n", weights.stateJson,
                    (double) weights.stateJson / Math.max(1, remembered));
            System.out.printf(Locale.ROOT, "restore          %.2f s (newest checkpoint + %,d entries)%n", crash.seconds, crash.entriesRead);
            crashCold.print("restore cold");
            System.out.printf(Locale.ROOT, "answers          %,d of %,d sampled ids answer the same after the restore%n", same, before.size());
            System.out.printf(Locale.ROOT, "after a stop     restore %.2f s (newest checkpoint + %,d entries), %,d bytes of state on heap, %,d of %,d answers the same%n",
                    stopped.seconds, stopped.entriesRead, stopped.heap, sameAfterStop, before.size());
            stoppedCold.print("stop, cold");
            return same == before.size() && sameAfterStop == before.size() ? ExitCodes.OK : ExitCodes.FAILURE;
        }
    }

    /**
     * A restore as a restarted sidecar waits on it: {@code bench restore} in a new JVM, whose one
     * restore is its first (cold, its JIT not warmed by a build), the median of {@link #RUNS} JVMs.
     * The restore in this process, after the build, is warm and reads the same tail.
     */
    private record Cold(double seconds, long entriesRead) {
        static final int RUNS = 3;
        private static final Pattern LINE = Pattern.compile("restore {10}([0-9.]+) s \\(newest checkpoint \\+ ([0-9,]+) entries\\)");

        static Cold of(FreshJvm jvm, Path where) throws IOException {
            double[] seconds = new double[RUNS];
            long entries = -1;
            for (int i = 0; i < RUNS; i++) {
                Process restore = new ProcessBuilder(jvm.command(FreshJvm.thisJava(), List.of(), List.of("bench", "restore", "--journal", where.toString())))
                        .redirectErrorStream(true).start();
                String out = new String(restore.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                int exit = FreshJvm.exitOf(restore, "a new JVM restored the journal");
                Matcher m = out.lines().map(LINE::matcher).filter(Matcher::matches).findFirst().orElse(null);
                if (exit != 0 || m == null) throw new IllegalStateException("bench restore in a new JVM exited " + exit + ": " + out.strip());
                long read = Long.parseLong(m.group(2).replace(",", ""));
                if (entries >= 0 && read != entries) throw new IllegalStateException("new JVMs restored " + entries + " and " + read + " entries of one journal");
                entries = read;
                seconds[i] = Double.parseDouble(m.group(1));
            }
            return new Cold(Paired.median(seconds), entries);
        }

        void print(String label) {
            System.out.printf(Locale.ROOT, "%-16s%.2f s (newest checkpoint + %,d entries; a new JVM's first restore, the median of %d)%n", label, seconds,
                    entriesRead, RUNS);
        }
    }

    /**
     * A restore as a restart reads it, from a reader of the journal: its time, what it folded after
     * the checkpoint, the heap the restored state alone holds, its weights and its answers.
     */
    private record Restored(double seconds, long entriesRead, long heap, Weights weights, List<String> answers) {
        static Restored of(Path where, IdTraffic traffic) {
            long start = System.nanoTime();
            Replay.Result restored;
            try (Journal journal = Journal.openReader(where)) {
                restored = Replay.restore(journal);
            }
            double seconds = BenchIdsCommand.seconds(start);
            List<String> answers = BenchIdsCommand.answers(restored.state(), traffic);
            Weights weights = Weights.of(restored.state());
            long entriesRead = restored.entriesRead();
            // What the restored state alone holds: the heap with it, less the heap once it is dropped.
            long withState = HeapInUse.bytes();
            restored = null;
            return new Restored(seconds, entriesRead, withState - HeapInUse.bytes(), weights, answers);
        }

        /** How many of the sampled ids answer as they did before the restore. */
        int sameAs(List<String> before) {
            int same = 0;
            for (int i = 0; i < before.size(); i++) same += Objects.equals(before.get(i), answers.get(i)) ? 1 : 0;
            return same;
        }
    }

    /** What the record answers for each sampled id: stored, let go (with its reader), or unknown. */
    private static List<String> answers(EngineState state, IdTraffic traffic) {
        long today = Retention.day(state.clockMillis);
        List<String> out = new ArrayList<>(traffic.sampled().size());
        for (int i = 0; i < traffic.sampled().size(); i++) {
            String agent = traffic.sampledAgent().get(i);
            String id = traffic.sampled().get(i);
            if (state.privacy.message(agent, id) != null) out.add("stored " + state.privacy.isPrivateInput(state.privacy.message(agent, id)));
            else if (state.privacy.forgottenHolds(agent, id, today)) out.add("let go, read in " + state.privacy.forgottenLookup(agent, id, today));
            else out.add("unknown");
        }
        return out;
    }

    /** The state's remembered messages and turns, and the bytes their records hold. */
    private record Weights(long idsHeld, long idsBytes, long storedKept, long turns, long ledgerBytes, long privateTurns, long stateJson) {
        static Weights of(EngineState s) {
            long held = 0;
            long bytes = 0;
            for (ForgottenIds ids : s.privacy.forgotten.values()) {
                held += ids.size();
                bytes += ids.footprint();
            }
            long kept = s.privacy.messages.size();
            return new Weights(held, bytes, kept, s.turns.ledger.size(), s.turns.ledger.footprint(), s.privacy.privateTurns.size(),
                    StateCodec.toCheckpointBytes(s).length);
        }
    }

    /**
     * Bytes of live objects on the heap: the JVM's own class histogram (which collects first), so
     * garbage a collector has not reclaimed yet is not counted, as a heap-usage reading would.
     */
    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
