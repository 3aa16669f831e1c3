package dev.routing.cli.bench;

/** Classes in the command line's bench package that plant, or keep out of, a package cycle: LayeringRulesCanFailTest reads them. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    /** bench -> the root package, where the root reads bench: the cycle a bench naming Main made. */
    public static final class ReadsTheRoot {
        dev.routing.cli.LayeringBreakers.ReadsBench root;
    }

    /** bench -> options, a lower package that reads nothing back. */
    public static final class ReadsOptions {
        dev.routing.cli.options.ExitCodes codes;
    }
}
