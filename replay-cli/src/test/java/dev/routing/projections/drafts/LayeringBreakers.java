package dev.routing.projections.drafts;

/** A class in projections' drafts package that reads projections' root: LayeringRulesCanFailTest reads it. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    /** drafts -> the root package, where the root reads drafts: a cycle through the root. */
    public static final class ReadsTheRoot {
        dev.routing.projections.LayeringBreakers.ReadsDrafts root;
    }
}
