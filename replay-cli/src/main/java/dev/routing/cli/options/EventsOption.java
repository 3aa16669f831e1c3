package dev.routing.cli.options;

import picocli.CommandLine.Option;

/** {@code --events}, for the commands that simulate traffic: how large a simulation to write. */
public final class EventsOption {
    @Option(names = "--events", paramLabel = "N", description = "the simulation's size in journal entries (default: ${DEFAULT-VALUE})")
    long events;

    /** {@code byDefault}: the command's own size when none is given. */
    public EventsOption(long byDefault) {
        this.events = byDefault;
    }

    /** The size given, refused under 100 (too few for a simulation's set-up). */
    public long events() {
        if (events < 100) throw new BadInputException("--events must be at least 100");
        return events;
    }
}
