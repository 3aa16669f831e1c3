package dev.routing.cli.simulate;

import dev.routing.cli.options.BadInputException;
import dev.routing.cli.options.EventsOption;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.PathOptions;
import dev.routing.cli.options.RulesOption;
import dev.routing.cli.options.SeedOption;
import dev.routing.cli.options.Version;
import dev.routing.cli.progress.Progress;
import dev.routing.lab.world.Simulation;
import dev.routing.lab.world.Simulator;
import dev.routing.lab.world.Summary;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "simulate", header = "Writes a realistic simulated week through the engine into a new journal.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Residents in every mode, working hours and bursts, quiet days, every wake cause, tool boundaries,",
        "sends and drafts, connector failures of every shape, history undos and process restarts. The same",
        "seed writes the same journal, byte for byte. --incident weaves in the production pattern three times."})
public final class SimulateCommand implements Callable<Integer> {
    @Option(names = "--journal", paramLabel = "DIR", required = true, description = "where to write the journal (must hold none yet)")
    Path journal;

    @Option(names = "--days", defaultValue = "7", description = "days to simulate, from Monday 2 November 2026 (default: ${DEFAULT-VALUE})")
    int days;

    @Option(names = "--agents", defaultValue = "6", description = "residents (default: ${DEFAULT-VALUE})")
    int agents;

    @Option(names = "--channels", defaultValue = "4", description = "rooms they talk in (default: ${DEFAULT-VALUE})")
    int channels;

    @Mixin
    EventsOption events = new EventsOption(40_000);

    @Mixin
    SeedOption seed;

    @Mixin
    RulesOption rules;

    @Option(names = "--incident", description = "weave in the production incident's pattern")
    boolean incident;

    @Override
    public Integer call() {
        PathOptions.folderToWrite("--journal", journal);
        Simulation simulation;
        try {
            simulation = new Simulation(days, agents, channels, events.events(), seed.seed(), rules.ruleSet(), incident, null);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
        Summary summary;
        Progress progress = new Progress("simulate", simulation.events());
        try {
            summary = Simulator.run(simulation, journal, progress);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        } finally {
            progress.done();
        }
        print(simulation, summary, journal);
        return ExitCodes.OK;
    }

    static void print(Simulation s, Summary summary, Path journal) {
        System.out.printf(Locale.ROOT, "simulated %d day(s) from %s under %s rules: %d residents, %d rooms%n", s.days(),
                s.start().toString().substring(0, 10), s.rules().label(), s.agents(), s.channels());
        System.out.printf(Locale.ROOT, "entries   %,d (%,d facts), %,d turns, %d restart(s), %s of simulated time%n", summary.entries(),
                summary.facts(), summary.turns(), summary.restarts(), human(Duration.between(summary.first(), summary.last())));
        System.out.println("wakes     " + summary.wakeCauses().entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")));
        System.out.println("journal   " + journal);
        if (s.incident()) {
            System.out.println("incident turns: " + summary.incidentTurns().stream().map(String::valueOf)
                    .collect(Collectors.joining(" ")));
        }
    }

    private static String human(Duration d) {
        return d.toDays() + "d " + d.toHoursPart() + "h";
    }
}
