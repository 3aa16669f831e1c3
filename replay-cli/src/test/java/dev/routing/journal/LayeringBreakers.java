package dev.routing.journal;

/** Classes in journal's package that break, or keep, LayeringTest's rules: LayeringRulesCanFailTest reads them. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    public static final class ImportsProjections {
        dev.routing.projections.Fold fold;
    }

    public static final class ImportsEngine {
        dev.routing.engine.context.RuleSet rules;
    }

    public static final class ImportsCommandLine {
        dev.routing.cli.Main main;
    }

    public static final class Clean {
        String text;
    }
}
