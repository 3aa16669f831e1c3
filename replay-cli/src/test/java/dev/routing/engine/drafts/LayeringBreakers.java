package dev.routing.engine.drafts;

/** Classes in engine's drafts package that plant, or keep out of, a package cycle: LayeringRulesCanFailTest reads them. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    /** drafts -> prose, where prose reads drafts: a cycle between two sub-packages. */
    public static final class ReadsProse {
        dev.routing.engine.prose.LayeringBreakers.ReadsDrafts prose;
    }

    /** drafts -> the root package, where the root reads drafts: a cycle through the root. */
    public static final class ReadsTheRoot {
        dev.routing.engine.LayeringBreakers.ReadsDrafts root;
    }

    /** drafts -> attempts, a lower package that reads nothing back. */
    public static final class ReadsAttempts {
        dev.routing.engine.attempts.Attempts attempts;
    }
}
