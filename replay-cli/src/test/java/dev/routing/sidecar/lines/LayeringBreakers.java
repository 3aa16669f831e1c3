package dev.routing.sidecar.lines;

/** Classes in the sidecar's lines package that plant, or keep out of, a package cycle: LayeringRulesCanFailTest reads them. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    /** lines -> the root package, where the root reads lines: a cycle through the root. */
    public static final class ReadsTheRoot {
        dev.routing.sidecar.LayeringBreakers.ReadsLines root;
    }

    /** lines -> the journal's codec, a lower module that reads nothing back. */
    public static final class ReadsTheCodec {
        dev.routing.journal.codec.EntryCodec codec;
    }
}
