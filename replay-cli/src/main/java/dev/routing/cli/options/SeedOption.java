package dev.routing.cli.options;

import picocli.CommandLine.Option;

/** {@code --seed}, for the commands that simulate traffic: the same seed simulates the same facts. */
public final class SeedOption {
    @Option(names = "--seed", defaultValue = "1", description = "the simulation's seed (default: ${DEFAULT-VALUE})")
    long seed;

    public long seed() {
        return seed;
    }
}
