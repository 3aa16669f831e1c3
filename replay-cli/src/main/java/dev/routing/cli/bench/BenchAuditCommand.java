package dev.routing.cli.bench;

import dev.routing.cli.options.BadInputException;
import dev.routing.cli.options.EventsOption;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.JournalOption;
import dev.routing.cli.options.SeedOption;
import dev.routing.cli.options.Version;
import dev.routing.cli.options.WorkDir;
import dev.routing.cli.options.WorkDirOption;
import dev.routing.cli.progress.Progress;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.dayaudit.DayAudit;
import dev.routing.engine.dayaudit.WholeAudit;
import dev.routing.journal.store.Journal;
import dev.routing.lab.jvm.FreshJvm;
import dev.routing.lab.paired.Paired;
import dev.routing.lab.world.Simulation;
import dev.routing.lab.world.Simulator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "audit", header = "Times the audit as an auditor waits for it: cold, in a new JVM, a whole journal and one day.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Times the audit as an auditor waits for it: 'audit' run cold, in a JVM of its own, from its start to its",
        "last line. Audits the whole journal, then one day of it (--from/--to: its third day, or its last), each",
        "--runs times, and reports the median wall time, CPU time (user + system) and CPU per million entries. With",
        "an AOT cache made at build time (replay-cli.aot beside the jar, mvn -Paot) and a JVM that reads one (25",
        "and later), each run is paired with one that uses it. Each is also run on the client compiler alone",
        "(-XX:TieredStopAtLevel=1), which suits a short batch run on two cores. Simulates an incident week of N",
        "events (0.30.0 rules) first, unless --journal names one. The day is timed read from the journal",
        "(--from-journal) and, when it has one, from its persisted audit (docs/decisions/0013): the simulated",
        "week's day is persisted first; a journal named by --journal is left as it is (audit-days persists it).",
        "The whole journal likewise: from the journal (--from-journal), then ('whole, carried') from its audit carried",
        "to its newest sealed day (docs/decisions/0005), which the simulated week has carried first.",
        "A benchmark: no test asserts a time."})
public final class BenchAuditCommand implements Callable<Integer> {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("EEE d MMM", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    @Mixin
    EventsOption events = new EventsOption(5_000_000);

    @Mixin
    SeedOption seed;

    @Mixin
    WorkDirOption dir;

    @Option(names = "--journal", paramLabel = "DIR", description = "audit this journal instead of simulating one")
    Path journal;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3", description = "cold runs of each audit (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--java", paramLabel = "JAVA", description = "the java to run the audits with (default: this one)")
    Path java;

    @Spec
    CommandLine.Model.CommandSpec spec;

    /**
     * The client compiler alone: an audit is a short batch run, and on two cores the server
     * compiler's threads take the CPU the fold needs while the code they compile runs for seconds.
     */
    private static final String C1 = "-XX:TieredStopAtLevel=1";

    /** One audit's runs: median wall and CPU seconds. */
    private record Cold(double wall, double cpu) {
    }

    @Override
    public Integer call() throws IOException {
        long size = events.events();
        if (runs < 1) throw new BadInputException("--runs must be at least 1");
        Path java = this.java != null ? this.java : FreshJvm.thisJava();
        // this command line's own main class, found from the command tree rather than named: it sits above every command
        FreshJvm jvm = new FreshJvm(spec.root().userObject().getClass());
        try (WorkDir work = WorkDir.of(journal != null ? journal : dir.dir(), "replay-cli-bench-audit")) {
            Path where = work.path();
            if (journal == null) simulate(where, size);
            long entries;
            Instant[] window;
            try (Journal j = JournalOption.reader(where)) {
                entries = j.entryCount();
                window = window(j);
            }
            List<String> whole = List.of("audit", "--journal", where.toString(), "--from-journal");
            List<String> day = List.of("audit", "--journal", where.toString(), "--from", window[0].toString(), "--to", window[1].toString(),
                    "--from-journal");
            String persistedDay = persistedDay(where, window[0], journal == null);
            String carriedWhole = carriedWhole(where, journal == null);
            Path cache = cache(jvm, java);
            List<List<String>> jvms = new java.util.ArrayList<>(List.of(List.of(), List.of(C1)));
            if (cache != null) {
                jvms.add(List.of("-XX:AOTCache=" + cache));
                jvms.add(List.of("-XX:AOTCache=" + cache, C1));
            }
            System.out.printf(Locale.ROOT, "journal          %s: %,d entries, %d daily files; %d cold run(s) each, java %s%n", where, entries,
                    files(where), runs, java);
            Cold[] wholeRuns = time(jvm, java, jvms, whole);
            Cold[] carriedRuns = carriedWhole == null ? time(jvm, java, jvms, whole.subList(0, whole.size() - 1)) : null;
            Cold[] dayRuns = time(jvm, java, jvms, day);
            Cold[] persistedRuns = persistedDay == null ? time(jvm, java, jvms, day.subList(0, day.size() - 1)) : null;
            for (int v = 0; v < jvms.size(); v++) {
                String with = jvms.get(v).isEmpty() ? "" : ", " + String.join(" ", jvms.get(v)).replace(cache == null ? "" : cache.toString(),
                        cache == null ? "" : cache.getFileName().toString());
                report("whole journal", entries, wholeRuns[v], with);
                if (carriedRuns != null) report("whole, carried", -1, carriedRuns[v], with);
                report("day " + DAY.format(window[0]), -1, dayRuns[v], with);
                if (persistedRuns != null) report("day, persisted", -1, persistedRuns[v], with);
            }
            if (carriedWhole != null) System.out.println("whole, carried   not timed: " + carriedWhole);
            if (persistedDay != null) System.out.println("day, persisted   not timed: " + persistedDay);
            if (cache == null) System.out.println("AOT cache        none used: " + whyNoCache(jvm, java));
        }
        return ExitCodes.OK;
    }

    private void simulate(Path where, long size) {
        Progress simulating = new Progress("simulate", size);
        try {
            Simulator.run(Simulation.sized(size, seed.seed(), RuleSet.V0_30_0, true), where, simulating);
        } finally {
            simulating.done();
        }
    }

    /**
     * Why the day has no persisted audit to time, or null when it has one that reads: a simulated
     * journal's day is audited and persisted here (the bench's own folder); a journal named by
     * --journal is left as it is ({@code audit-days} persists its days).
     */
    private static String persistedDay(Path where, Instant from, boolean ours) {
        int d = (int) (from.getEpochSecond() / 86_400);
        try (Journal j = Journal.openReader(where)) {
            if (ours) {
                Progress auditing = new Progress("audit of the day, persisted", j.countBetween(j.indexAt(from), j.indexAt(DayAudit.start(d + 1))));
                try {
                    String why = DayAudit.write(j, d, auditing);
                    if (why != null) return why;
                } finally {
                    auditing.done();
                }
            }
            DayAudit.Reading read = DayAudit.read(j, d);
            return read.summary() != null ? null : "its persisted audit does not read: " + read.why() + (ours ? "" : " (audit-days writes it)");
        }
    }

    /**
     * Why the whole journal has no carried audit to time, or null when it has one that reads: a
     * simulated journal's is carried here to its newest sealed day, from its first entry; a journal
     * named by --journal is left as it is ({@code audit-days} carries it).
     */
    private static String carriedWhole(Path where, boolean ours) {
        try (Journal j = Journal.openReader(where)) {
            int newest = Journal.cycleOf(j.lastIndex()) - 1;
            while (newest >= Journal.cycleOf(j.firstIndex()) && j.sealedDay(newest) == null) newest--;
            if (newest < Journal.cycleOf(j.firstIndex())) return "no day of the journal is sealed";
            if (ours) {
                Progress carrying = new Progress("the whole audit, carried", j.countBetween(j.firstIndex(), j.indexAt(DayAudit.start(newest + 1))));
                try {
                    String why = WholeAudit.write(j, newest, carrying, note -> { });
                    if (why != null) return why;
                } finally {
                    carrying.done();
                }
            }
            if (WholeAudit.newest(where) != newest) return "it is not carried to its newest sealed day (audit-days carries it)";
            WholeAudit.Loaded read = WholeAudit.read(j, newest);
            return read.carried() != null ? null : "its carried audit does not read: " + read.why() + (ours ? "" : " (audit-days writes it)");
        }
    }

    /** The journal's third UTC day (as the incident week's Wednesday), or its last when it has fewer. */
    private static Instant[] window(Journal j) {
        Instant first = j.entryAt(j.firstIndex()).at().truncatedTo(ChronoUnit.DAYS);
        Instant last = Instant.ofEpochMilli(Journal.cycleOf(j.lastIndex()) * 86_400_000L);
        Instant from = first.plus(2, ChronoUnit.DAYS);
        if (from.isAfter(last)) from = last;
        return new Instant[] {from, from.plus(1, ChronoUnit.DAYS)};
    }

    /**
     * The audit, cold, {@link #runs} times in each of the JVMs' options, their runs taking turns (A B A
     * B ...: a comparison holds as the machine's load drifts), its output thrown away: the medians.
     */
    private Cold[] time(FreshJvm jvm, Path java, List<List<String>> jvms, List<String> args) throws IOException {
        double[][] wall = new double[jvms.size()][runs];
        double[][] cpu = new double[jvms.size()][runs];
        Progress progress = new Progress("cold audits", (long) runs * jvms.size());
        try {
            for (int i = 0; i < runs; i++) {
                for (int v = 0; v < jvms.size(); v++) {
                    ProcessBuilder audit = new ProcessBuilder(jvm.command(java, jvms.get(v), args))
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
                    double cpuBefore = FreshJvm.childrenCpuSeconds();
                    long start = System.nanoTime();
                    int exit = FreshJvm.exitOf(audit.start(), "timing the audit");
                    wall[v][i] = (System.nanoTime() - start) / 1e9;
                    cpu[v][i] = FreshJvm.childrenCpuSeconds() - cpuBefore;
                    if (exit != 0) throw new IllegalStateException("the audit exited " + exit + ": " + String.join(" ", audit.command()));
                    progress.accept((long) i * jvms.size() + v + 1);
                }
            }
        } finally {
            progress.done();
        }
        Cold[] medians = new Cold[jvms.size()];
        for (int v = 0; v < jvms.size(); v++) medians[v] = new Cold(Paired.median(wall[v]), Paired.median(cpu[v]));
        return medians;
    }

    private static void report(String what, long entries, Cold cold, String with) {
        String perMillion = entries > 0 ? String.format(Locale.ROOT, ", %.2f s CPU per million entries", cold.cpu() / (entries / 1e6)) : "";
        System.out.printf(Locale.ROOT, "%-16s %.2f s wall, %.2f s CPU%s (cold: JVM start to last line, median%s)%n", what, cold.wall(),
                cold.cpu(), perMillion, with);
    }

    /** replay-cli.aot beside the jar, when the audits' java reads AOT caches; else null. */
    private static Path cache(FreshJvm jvm, Path java) {
        Path jar = jvm.jar();
        if (jar == null || FreshJvm.version(java) < 25) return null;
        Path cache = jar.resolveSibling("replay-cli.aot");
        return Files.isRegularFile(cache) ? cache : null;
    }

    private static String whyNoCache(FreshJvm jvm, Path java) {
        Path jar = jvm.jar();
        if (jar == null) return "run from classes, not from the jar";
        if (!Files.isRegularFile(jar.resolveSibling("replay-cli.aot"))) return "no replay-cli.aot beside " + jar.getFileName() + " (mvn -Paot)";
        return java + " reads no AOT cache (Java 25 and later do: --java)";
    }

    private static long files(Path dir) throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(p -> p.toString().endsWith(".cq4")).count();
        }
    }
}
