package dev.routing.journal.event;

/** Classes in the journal's event package that plant, or keep out of, a package cycle: LayeringRulesCanFailTest reads them. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    /** event -> codec: against the layers, closing a cycle with the codec's ReadsEvent. */
    public static final class ReadsCodec {
        dev.routing.journal.codec.LayeringBreakers.ReadsEvent codec;
    }

    /** Reads nothing of the journal's. */
    public static final class Plain {}
}
