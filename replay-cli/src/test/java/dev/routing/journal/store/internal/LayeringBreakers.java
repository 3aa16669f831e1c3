package dev.routing.journal.store.internal;

/** Classes in the journal store's internal package that plant, or keep out of, a package cycle: LayeringRulesCanFailTest reads them. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    /** internal -> a face: against the way they point, closing a cycle with the face's ReadsInternal. */
    public static final class ReadsTheFace {
        dev.routing.journal.store.LayeringBreakers.ReadsInternal face;
    }

    /** Reads nothing of the journal's. */
    public static final class Plain {}
}
