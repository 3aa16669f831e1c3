package dev.routing.lab;

/** Classes in the lab's root package that break, or keep, LayeringTest's rules: LayeringRulesCanFailTest reads them. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    public static final class ImportsCommandLine {
        dev.routing.cli.Main main;
    }

    public static final class ImportsSidecar {
        dev.routing.sidecar.Sidecar sidecar;
    }

    public static final class Clean {
        dev.routing.engine.Core core;
    }
}
