package dev.routing.journal.store;

/** Classes in the journal store's package of faces that plant, or keep out of, a package cycle: LayeringRulesCanFailTest reads them. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    /** A face -> internal: the way they point, as Chronicle's faces use their impl. */
    public static final class ReadsInternal {
        dev.routing.journal.store.internal.LayeringBreakers.Plain internal;
    }
}
