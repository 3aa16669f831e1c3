package dev.routing.cli;

/**
 * Chronicle starts quietly: no analytics lookup, no banner, no performance notes, and no disk-space
 * monitor (the journal checks the free space itself before every excerpt, and says so clearly).
 */
final class Quiet {
    private Quiet() {}

    static void chronicle() {
        System.setProperty("chronicle.analytics.disable", "true");
        System.setProperty("chronicle.announcer.disable", "true");
        System.setProperty("disable.perf.info", "true");
        System.setProperty("chronicle.disk.monitor.disable", "true");
    }
}
