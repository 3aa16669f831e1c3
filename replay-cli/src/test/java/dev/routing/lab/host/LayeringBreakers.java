package dev.routing.lab.host;

/** Classes in the lab's host package that plant, or keep out of, a package cycle: LayeringRulesCanFailTest reads them. */
public final class LayeringBreakers {
    private LayeringBreakers() {}

    /** host -> world, where the world reads the host: a cycle between two sub-packages. */
    public static final class ReadsTheWorld {
        dev.routing.lab.world.LayeringBreakers.ReadsHost world;
    }

    /** host -> the engine, a lower module that reads nothing back. */
    public static final class ReadsTheEngine {
        dev.routing.engine.Engine engine;
    }
}
