package dev.routing.engine;

/** Classes in engine's root package that break, or keep, LayeringTest's rules: LayeringRulesCanFailTest reads them. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    public static final class ImportsCommandLine {
        dev.routing.cli.Main main;
    }

    public static final class ImportsSidecar {
        dev.routing.sidecar.HostSession session;
    }

    public static final class ImportsLab {
        dev.routing.lab.host.Host host;
    }

    /** The root -> drafts: the way the layers point (the root dispatches each fact to the rules). */
    public static final class ReadsDrafts {
        dev.routing.engine.drafts.LayeringBreakers.ReadsAttempts drafts;
    }

    public static final class Clean {
        dev.routing.projections.Fold fold;
    }
}
