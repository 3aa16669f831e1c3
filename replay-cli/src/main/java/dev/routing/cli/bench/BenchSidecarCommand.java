package dev.routing.cli.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.BadInputException;
import dev.routing.cli.options.EventsOption;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.JournalOption;
import dev.routing.cli.options.SeedOption;
import dev.routing.cli.options.Version;
import dev.routing.cli.options.WorkDir;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.lab.jvm.FreshJvm;
import dev.routing.lab.world.FactScript;
import dev.routing.lab.world.Simulation;
import dev.routing.sidecar.HostSession;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "sidecar", header = "Times the sidecar as a host drives it: a day piped in, and one fact at a time.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Times the sidecar as a host drives it: a real run - process fed a simulated day of facts, first piped in",
        "(every fact written at once), then one at a time (each waiting for its answer), each into a new journal.",
        "Reports facts/s, per-fact latency (p50, p99: from writing the fact to reading its fact.accepted) and syncs",
        "per fact for both, beside the in-process engine's rate on the same facts in this run (a host session, one",
        "sync at the end), and piped's rate as a ratio of it, over the whole day and over its second half (the",
        "sidecar is a new JVM whose compiler warms up during the day; the in-process engine ran the simulation).",
        "The process's start is not timed."})
public final class BenchSidecarCommand implements Callable<Integer> {
    private static final Pattern SYNCS = Pattern.compile("sidecar: (\\d+) syncs");

    /** The simulated day: 40,000 entries are about 21,000 facts. */
    @Mixin
    EventsOption events = new EventsOption(40_000);

    @Option(names = "--one-at-a-time", paramLabel = "N", defaultValue = "2000",
            description = "facts of the day to send one at a time, each synced alone (default: ${DEFAULT-VALUE})")
    int oneAtATime;

    @Mixin
    SeedOption seed;

    @Option(names = "--sidecar-java-options", paramLabel = "OPTIONS", defaultValue = "",
            description = "JVM options for the sidecar's process, space-separated, e.g. -XX:TieredStopAtLevel=1 (default: none)")
    String javaOptions;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--sidecar-metrics-port", paramLabel = "PORT",
            description = "start each sidecar with --metrics-port PORT, and scrape its endpoint once all its facts are answered,"
                    + " before it stops (default: no metrics)")
    Integer metricsPort;

    /**
     * How one way of feeding the sidecar went; {@code warmSeconds}: the time its second half of the facts took;
     * {@code counted}: the facts its metrics endpoint counted, scraped while it ran (-1 without metrics).
     */
    private record Run(String mode, int facts, double seconds, double warmSeconds, long[] latencyNanos, long syncs, long counted) {
        double rate() {
            return facts / seconds;
        }

        /** The rate over the second half of the facts, once the JVM's compiler has caught up. */
        double warmRate() {
            return (facts - facts / 2) / warmSeconds;
        }

        double percentileMillis(double p) {
            long[] sorted = latencyNanos.clone();
            Arrays.sort(sorted);
            return sorted[(int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] / 1e6;
        }
    }

    @Override
    public Integer call() throws Exception {
        long size = events.events();
        if (oneAtATime < 1) throw new BadInputException("--one-at-a-time must be at least 1");
        try (WorkDir dir = WorkDir.temporary("replay-cli-bench-sidecar")) {
            Path work = dir.path();
            List<String> day = FactScript.of(new Simulation(1, 6, 4, size, seed.seed(), RuleSet.CURRENT, false, null), work.resolve("simulated"));
            double[] inProcess = inProcess(day, work.resolve("in-process"));
            Run piped = piped(day, work.resolve("piped"), work.resolve("piped.err"), metricsPort);
            Run single = oneAtATime(day.subList(0, Math.min(oneAtATime, day.size())), work.resolve("single"), work.resolve("single.err"),
                    metricsPort);
            System.out.printf(Locale.ROOT, "a simulated day: %,d facts (seed %d); the sidecar's JVM options: %s%n", day.size(), seed.seed(),
                    jvmOptions().isEmpty() ? "none" : String.join(" ", jvmOptions()));
            System.out.printf(Locale.ROOT, "%-14s %8s %10s %14s %9s %9s %11s%n", "mode", "facts", "facts/s", "2nd half /s", "p50 ms", "p99 ms",
                    "syncs/fact");
            for (Run r : List.of(piped, single)) {
                System.out.printf(Locale.ROOT, "%-14s %,8d %,10.0f %,14.0f %9.3f %9.3f %11.4f%n", r.mode(), r.facts(), r.rate(), r.warmRate(),
                        r.percentileMillis(0.50), r.percentileMillis(0.99), (double) r.syncs() / r.facts());
            }
            System.out.printf(Locale.ROOT, "%-14s %,8d %,10.0f %,14.0f %9s %9s %11s%n", "in-process", day.size(), inProcess[0], inProcess[1], "-", "-",
                    "1 at end");
            System.out.printf(Locale.ROOT, "ratio          piped runs at %.2f of the in-process rate (%.2f over the second half)%n",
                    piped.rate() / inProcess[0], piped.warmRate() / inProcess[1]);
            if (metricsPort != null) {
                System.out.printf(Locale.ROOT, "metrics        the endpoint answered while each sidecar ran: piped counted %,d of %,d facts, one at a time"
                        + " %,d of %,d (http://127.0.0.1:%d/metrics)%n", piped.counted(), piped.facts(), single.counted(), single.facts(), metricsPort);
            }
        }
        return ExitCodes.OK;
    }

    /** The engine in this process, fed the same lines as the sidecar reads them: the day's facts/s, and its second half's. */
    private static double[] inProcess(List<String> day, Path dir) {
        long start = System.nanoTime();
        long half = 0;
        try (HostSession session = new HostSession(dir, RuleSet.CURRENT, true, JournalOption::tell, false)) {
            for (int i = 0; i < day.size(); i++) {
                if (i == day.size() / 2) half = System.nanoTime();
                session.feed(i + 1, day.get(i));
            }
            session.engine().sync();
        }
        long end = System.nanoTime();
        return new double[] {day.size() / ((end - start) / 1e9), (day.size() - day.size() / 2) / ((end - half) / 1e9)};
    }

    private List<String> jvmOptions() {
        return javaOptions.isBlank() ? List.of() : List.of(javaOptions.trim().split("\\s+"));
    }

    private Run piped(List<String> day, Path journal, Path err, Integer metricsPort) throws Exception {
        Process p = start(journal, err, metricsPort);
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        ready(out);
        long[] sent = new long[day.size()];
        Thread writer = new Thread(() -> {
            // flushed, not closed: the sidecar runs on until every answer is read (and its metrics scraped)
            OutputStream in = new BufferedOutputStream(p.getOutputStream(), 1 << 16);
            try {
                for (int i = 0; i < day.size(); i++) {
                    sent[i] = System.nanoTime();
                    in.write((day.get(i) + "\n").getBytes(StandardCharsets.UTF_8));
                }
                in.flush();
            } catch (IOException e) {
                throw new IllegalStateException("the sidecar stopped reading", e);
            }
        }, "bench-pipe");
        long start = System.nanoTime();
        writer.start();
        long[] latency = answers(out, day.size(), sent);
        long end = System.nanoTime();
        writer.join();
        int half = day.size() / 2;
        double warm = (end - (sent[half] + latency[half])) / 1e9;
        long counted = factsCounted(metricsPort);
        return new Run("piped", day.size(), (end - start) / 1e9, warm, latency, syncs(p, err), counted);
    }

    private Run oneAtATime(List<String> facts, Path journal, Path err, Integer metricsPort) throws Exception {
        Process p = start(journal, err, metricsPort);
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        ready(out);
        long[] latency = new long[facts.size()];
        long start = System.nanoTime();
        long half = start;
        long end;
        long counted;
        try (OutputStream in = p.getOutputStream()) {
            long[] sent = new long[1];
            for (int i = 0; i < facts.size(); i++) {
                sent[0] = System.nanoTime();
                if (i == facts.size() / 2) half = sent[0];
                in.write((facts.get(i) + "\n").getBytes(StandardCharsets.UTF_8));
                in.flush();
                latency[i] = answers(out, 1, sent)[0];
            }
            end = System.nanoTime();
            counted = factsCounted(metricsPort);
        }
        return new Run("one at a time", facts.size(), (end - start) / 1e9, (end - half) / 1e9, latency, syncs(p, err), counted);
    }

    /** Reads {@code n} answers; each one's latency from its fact's {@code sent} time. */
    private static long[] answers(BufferedReader out, int n, long[] sent) throws IOException {
        long[] latency = new long[n];
        for (int i = 0; i < n; ) {
            String line = out.readLine();
            if (line == null) throw new IllegalStateException("the sidecar stopped after " + i + " answers");
            if (!line.startsWith("{\"type\":\"fact.")) continue;
            long now = System.nanoTime();
            JsonNode answer = EntryCodec.mapper().readTree(line);
            if (!answer.path("type").asText().equals("fact.accepted")) {
                throw new IllegalStateException("the sidecar refused a fact of the simulated day: " + line);
            }
            latency[i] = now - sent[i];
            i++;
        }
        return latency;
    }

    private static void ready(BufferedReader out) throws IOException {
        String ready = out.readLine();
        if (ready == null || !ready.startsWith("{\"type\":\"sidecar.ready\"")) {
            throw new IllegalStateException("the sidecar did not start: " + ready);
        }
    }

    private static long syncs(Process p, Path err) throws Exception {
        p.getOutputStream().close();
        if (!p.waitFor(10, TimeUnit.MINUTES)) p.destroyForcibly();
        String stderr = Files.readString(err);
        Matcher m = SYNCS.matcher(stderr);
        if (p.exitValue() != 0 || !m.find()) throw new IllegalStateException("the sidecar exited " + p.exitValue() + ": " + stderr);
        return Long.parseLong(m.group(1));
    }

    /** {@code run - --journal DIR} in a JVM of its own, serving its metrics on {@code metricsPort} when one is given. */
    private Process start(Path journal, Path err, Integer metricsPort) throws IOException {
        List<String> args = new ArrayList<>(List.of("run", "-", "--journal", journal.toString(), "--report-syncs"));
        if (metricsPort != null) args.addAll(List.of("--metrics-port", metricsPort.toString()));
        // this command line's own main class, found from the command tree rather than named: it sits above every command
        FreshJvm jvm = new FreshJvm(spec.root().userObject().getClass());
        return new ProcessBuilder(jvm.command(FreshJvm.thisJava(), jvmOptions(), args)).redirectError(err.toFile()).start();
    }

    /**
     * The facts a running sidecar's endpoint counted ({@code routing_facts_total}, every type), scraped over
     * HTTP; -1 without metrics. Not timed: it runs after the last answer is read.
     */
    private static long factsCounted(Integer metricsPort) throws IOException, InterruptedException {
        if (metricsPort == null) return -1;
        HttpResponse<String> scrape = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + metricsPort + "/metrics")).timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        if (scrape.statusCode() != 200) throw new IllegalStateException("the sidecar's metrics answered " + scrape.statusCode() + ": " + scrape.body());
        double facts = 0;
        for (String line : scrape.body().split("\n")) {
            if (line.startsWith("routing_facts_total{")) facts += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
        }
        return (long) facts;
    }
}
