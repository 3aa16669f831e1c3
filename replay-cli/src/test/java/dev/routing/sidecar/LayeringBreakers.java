package dev.routing.sidecar;

/** Classes in the sidecar's root package that break, or keep, LayeringTest's rules: LayeringRulesCanFailTest reads them. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    public static final class ImportsCommandLine {
        dev.routing.cli.Main main;
    }

    public static final class ImportsLab {
        dev.routing.lab.world.Simulation simulation;
    }

    /** The root -> lines: the way the layers point (the sidecar parses its host's lines). */
    public static final class ReadsLines {
        dev.routing.sidecar.lines.LayeringBreakers.ReadsTheCodec lines;
    }

    public static final class Clean {
        dev.routing.engine.Engine engine;
    }
}
