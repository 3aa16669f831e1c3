package dev.routing.projections;

/** Classes in projections' package that break, or keep, LayeringTest's rules: LayeringRulesCanFailTest reads them. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    public static final class ImportsEngine {
        dev.routing.engine.context.RuleSet rules;
    }

    /** The root -> drafts: the way the layers point (the state holds the draft book). */
    public static final class ReadsDrafts {
        dev.routing.projections.drafts.Draft draft;
    }

    public static final class HoldsARandom {
        java.util.Random random = new java.util.Random(7);
    }

    public static final class Clean {
        dev.routing.journal.store.Journal journal;
    }
}
