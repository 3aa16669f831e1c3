package dev.routing.projections;

/** Classes in projections' package that break, or keep, LayeringTest's rules: LayeringRulesCanFailTest reads them. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    public static final class ImportsEngine {
        dev.routing.engine.RuleSet rules;
    }

    public static final class Clean {
        dev.routing.journal.store.Journal journal;
    }
}
