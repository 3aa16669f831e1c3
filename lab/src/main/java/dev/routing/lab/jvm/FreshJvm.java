package dev.routing.lab.jvm;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A program in a JVM of its own, as a user starts it: {@code java -jar} the jar its main class came
 * from (or, run from classes, this JVM's class path and module flags, and the main class), for the
 * benchmarks that time a process from its start (a cold audit) or drive one as a host does (the
 * sidecar).
 */
public record FreshJvm(Class<?> main) {

    /** The java this JVM runs on. */
    public static Path thisJava() {
        return Path.of(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    }

    /** The jar the main class came from, or null when running from classes. */
    public Path jar() {
        Path self = Path.of(URI.create(main.getProtectionDomain().getCodeSource().getLocation().toString()));
        return Files.isRegularFile(self) ? self : null;
    }

    /** {@code java [jvmOptions] -jar JAR args...} (or {@code -cp} from classes). */
    public List<String> command(Path java, List<String> jvmOptions, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(jvmOptions);
        Path jar = jar();
        if (jar != null) {
            command.addAll(List.of("-jar", jar.toString()));
        } else {
            ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                    .filter(a -> a.startsWith("--add-") || a.startsWith("--enable-native-access")).forEach(command::add);
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        }
        command.addAll(args);
        return command;
    }

    /** Waits for a JVM this one started, its exit; interrupted, it is killed and the interrupt kept. {@code what} names it then. */
    public static int exitOf(Process jvm, String what) {
        try {
            return jvm.waitFor();
        } catch (InterruptedException e) {
            jvm.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + what, e);
        }
    }

    /** The feature version (17, 25) of the JDK whose {@code bin/java} this is, from its {@code release} file; 0 when unknown. */
    public static int version(Path java) {
        try {
            Path home = java.toRealPath().getParent().getParent();
            for (String line : Files.readAllLines(home.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                    return Integer.parseInt(v.split("[.+-]")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // no release file (a JRE laid out otherwise): unknown
        }
        return 0;
    }

    /**
     * The user and system CPU seconds of the children this process has waited for (Linux's
     * {@code /proc/self/stat}): read before and after a child, the difference is the child's.
     */
    public static double childrenCpuSeconds() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // after the name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14
            return (Long.parseLong(f[13]) + Long.parseLong(f[14])) / 100.0;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
