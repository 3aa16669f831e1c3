package dev.routing.journal.store;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Starts a main class of the test sources in a JVM of its own, with the flags Chronicle needs (shared by the engine's crash tests). */
public final class ForkedJvm {
    private ForkedJvm() {}

    public static ProcessBuilder of(Class<?> main, String... args) {
        List<String> command = new ArrayList<>();
        command.add(javaBinary());
        command.addAll(chronicleFlags());
        command.addAll(List.of("-Dchronicle.analytics.disable=true", "-Dchronicle.announcer.disable=true",
                "-Ddisable.perf.info=true", "-Dchronicle.disk.monitor.disable=true", "-Dbackground.releaser=false",
                "-Dorg.slf4j.simpleLogger.log.net.openhft.chronicle.core.Jvm=warn",
                "-Dorg.slf4j.simpleLogger.log.net.openhft.chronicle.threads.DiskSpaceMonitor=warn",
                // a child lives for well under a second of work: start it as fast as possible
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss1m", "-Xmx256m"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(Arrays.asList(args));
        return new ProcessBuilder(command);
    }

    private static String javaBinary() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** The parent pom passes them as {@code chronicle.jvm.flags}; an IDE run copies this JVM's own. */
    private static List<String> chronicleFlags() {
        String flags = System.getProperty("chronicle.jvm.flags");
        if (flags != null && !flags.isBlank()) {
            return Arrays.stream(flags.trim().split(" +")).filter(f -> !f.isBlank()).toList();
        }
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("--add-") || a.startsWith("--enable-native-access")
                        || a.startsWith("--sun-misc-unsafe-memory-access"))
                .toList();
    }
}
