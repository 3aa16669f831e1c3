package dev.routing.lab.world;

/** A class in the lab's world package that plants, or keeps out of, a package cycle: LayeringRulesCanFailTest reads it. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    /** world -> host: the way the layers point (the world's host acts on what it knows). */
    public static final class ReadsHost {
        dev.routing.lab.host.LayeringBreakers.ReadsTheEngine host;
    }
}
