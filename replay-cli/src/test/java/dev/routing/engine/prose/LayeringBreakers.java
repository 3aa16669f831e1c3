package dev.routing.engine.prose;

/** Classes in engine's prose package that plant, or keep out of, a package cycle: LayeringRulesCanFailTest reads them. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    /** prose -> drafts: the way the layers point. */
    public static final class ReadsDrafts {
        dev.routing.engine.drafts.LayeringBreakers.ReadsAttempts drafts;
    }

    /** A routing class that calls back into drafts' Unsent for the latest bounce. */
    public static final class ReadsUnsent {
        boolean unsent(String words) {
            return dev.routing.engine.drafts.Unsent.mentions(words);
        }
    }
}
