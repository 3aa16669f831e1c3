package dev.routing.cli;

/** A class in the command line's root package that plants, or keeps out of, a package cycle: LayeringRulesCanFailTest reads it. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    /** The root -> bench: the way the layers point (Main names every command). */
    public static final class ReadsBench {
        dev.routing.cli.bench.LayeringBreakers.ReadsOptions bench;
    }
}
