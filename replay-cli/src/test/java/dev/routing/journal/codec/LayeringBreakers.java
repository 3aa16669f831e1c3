package dev.routing.journal.codec;

/** Classes in the journal's codec package that plant, or keep out of, a package cycle: LayeringRulesCanFailTest reads them. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    /** codec -> event: the way the layers point. */
    public static final class ReadsEvent {
        dev.routing.journal.event.LayeringBreakers.Plain event;
    }
}
