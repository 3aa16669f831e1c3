package dev.routing.journal.store.internal;

import java.io.IOException;

/** A child JVM of a crash test halts when its parent closes its standard input: a parent that died leaves no writer behind. */
final class StdinWatchdog {
    private StdinWatchdog() {}

    static void start() {
        Thread watchdog = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // the parent keeps stdin open while it wants us alive
                }
            } catch (IOException ignored) {
                // the parent is gone
            }
            Runtime.getRuntime().halt(4);
        }, "stdin-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }
}
