package dev.routing.cli;

/** Chronicle starts quietly: no analytics lookup, no banner, no performance notes. */
final class Quiet {
    private Quiet() {}

    static void chronicle() {
        System.setProperty("chronicle.analytics.disable", "true");
        System.setProperty("chronicle.announcer.disable", "true");
        System.setProperty("disable.perf.info", "true");
    }
}
