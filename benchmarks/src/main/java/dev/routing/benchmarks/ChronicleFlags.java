package dev.routing.benchmarks;

/**
 * The JVM flags a fork needs to write the simulated week to Chronicle Queue on Java 17 (the list in
 * the parent pom's chronicle.jvm.flags), and to keep Chronicle quiet.
 */
final class ChronicleFlags {
    static final String E1 = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED";
    static final String E2 = "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED";
    static final String E3 = "--add-exports=java.base/jdk.internal.util=ALL-UNNAMED";
    static final String E4 = "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED";
    static final String E5 = "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED";
    static final String O1 = "--add-opens=java.base/java.io=ALL-UNNAMED";
    static final String O2 = "--add-opens=java.base/java.lang=ALL-UNNAMED";
    static final String O3 = "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED";
    static final String O4 = "--add-opens=java.base/java.util=ALL-UNNAMED";
    static final String Q1 = "-Dchronicle.analytics.disable=true";
    static final String Q2 = "-Dchronicle.announcer.disable=true";
    static final String Q3 = "-Ddisable.perf.info=true";

    private ChronicleFlags() {}
}
