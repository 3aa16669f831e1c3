package dev.routing.cli.demo;

import dev.routing.cli.audit.Fingerprint;
import dev.routing.cli.audit.HtmlReport;
import dev.routing.cli.options.EventsOption;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.PathOptions;
import dev.routing.cli.options.ReportOption;
import dev.routing.cli.options.SeedOption;
import dev.routing.cli.options.Version;
import dev.routing.cli.progress.Progress;
import dev.routing.engine.audit.AuditReport.Finding;
import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditWindow;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.counterfactual.Counterfactual;
import dev.routing.engine.counterfactual.Difference;
import dev.routing.journal.event.TextCut;
import dev.routing.journal.store.Journal;
import dev.routing.lab.world.Simulation;
import dev.routing.lab.world.Simulator;
import dev.routing.lab.world.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "demo", header = "Shows the product: simulates an incident week under the old rules, audits it, writes an HTML report.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "The product in one command: simulates an incident week under the 0.30.0 rules into a fresh",
        "journal, audits it (the leaks appear as findings), re-decides it under current rules (the same",
        "turns kept private), writes the HTML report, and prints its path and a short summary."})
public final class DemoCommand implements Callable<Integer> {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("EEE d MMM HH:mm", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

    @Option(names = "--dir", paramLabel = "DIR", description = "where to put the journal and the report (default: a new temporary directory)")
    Path dir;

    @Mixin
    EventsOption events = new EventsOption(40_000);

    @Mixin
    SeedOption seed;

    @Override
    public Integer call() throws IOException {
        if (dir != null) PathOptions.folderToWrite("--dir", dir);
        Path where = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("replay-cli-demo");
        Path journal = where.resolve("journal");
        Path report = where.resolve("report.html");
        Simulation simulation = Simulation.week(events.events(), seed.seed(), RuleSet.V0_30_0, true);
        Progress simulating = new Progress("simulate", simulation.events());
        Summary week = Simulator.run(simulation, journal, simulating);
        simulating.done();
        AuditReport audit;
        Counterfactual.Result today;
        Fingerprint audited;
        try (Journal j = Journal.openReader(journal)) {
            Progress auditing = new Progress("audit", week.entries());
            audit = AuditWindow.run(j, null, null, null, auditing);
            auditing.done();
            audited = Fingerprint.of(j, audit.read());
            Progress redeciding = new Progress("diff", week.entries());
            today = Counterfactual.run(j, RuleSet.CURRENT, redeciding);
            redeciding.done();
        }
        ReportOption.emit(HtmlReport.write(audit, today, audited), report);
        System.out.print(summary(simulation, week, audit, today, journal, report));
        return ExitCodes.OK;
    }

    static String summary(Simulation s, Summary week, AuditReport audit, Counterfactual.Result today, Path journal, Path report) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "An incident week under the 0.30.0 rules: %d days, %d residents, %,d journal entries, %,d turns.%n",
                s.days(), s.agents(), week.entries(), week.turns()));
        List<Finding> findings = audit.findings();
        Set<Long> woven = Set.copyOf(week.incidentTurns());
        Set<Long> leaked = new TreeSet<>();
        findings.forEach(f -> leaked.add(f.turn()));
        out.append(String.format(Locale.ROOT, "%nThe audit found %d leak(s) in %d turn(s): plain speech of a turn that had taken in an%n"
                + "operator's private input, published to a channel nobody named. The production pattern, woven in:%n",
                findings.size(), leaked.size()));
        for (Finding f : findings) {
            if (!woven.contains(f.turn())) continue;
            out.append(String.format(Locale.ROOT, "  %s  %-6s turn %-5d %s in %s%n", WHEN.format(f.at()), f.agent(), f.turn(),
                    quote(f.text()), "#" + f.channel()));
        }
        long others = findings.stream().filter(f -> !woven.contains(f.turn())).count();
        if (others > 0) out.append(String.format(Locale.ROOT, "  … and %d more in the week's ordinary traffic.%n", others));
        Set<Long> kept = today.withheldPlainSpeech().stream().map(Difference::turn).collect(Collectors.toCollection(TreeSet::new));
        out.append(String.format(Locale.ROOT, "%nRe-deciding the same facts under current rules keeps %d of those publications private, in %s.%n"
                        + "In all %,d decisions differ, in %,d turns.%n", today.withheldPlainSpeech().size(),
                kept.equals(leaked) ? "the same " + leaked.size() + " turns" : kept.size() + " turns (the audit named " + leaked.size() + ")",
                today.decisionsDiffering(), today.turns()));
        out.append(String.format(Locale.ROOT, "%nReport:  %s%nJournal: %s%n", report.toAbsolutePath(), journal.toAbsolutePath()));
        String cli = "java -jar " + jar();
        out.append(String.format(Locale.ROOT, "Next:    %s audit --journal %s%n         %s diff --journal %s --rules current%n", cli,
                journal.toAbsolutePath(), cli, journal.toAbsolutePath()));
        return out.toString();
    }

    /** This jar's path, relative to the working directory when it lies under it. */
    private static String jar() {
        try {
            Path jar = Path.of(DemoCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!jar.toString().endsWith(".jar")) return "replay-cli/target/replay-cli.jar";
            Path here = Path.of("").toAbsolutePath();
            return jar.startsWith(here) ? here.relativize(jar).toString() : jar.toString();
        } catch (Exception e) {
            return "replay-cli/target/replay-cli.jar";
        }
    }

    private static String quote(String text) {
        String flat = text.replace('\n', ' ').strip();
        return "“" + TextCut.shortened(flat, 48) + "”";
    }
}
