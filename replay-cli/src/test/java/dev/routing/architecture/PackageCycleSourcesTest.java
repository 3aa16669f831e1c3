package dev.routing.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LayeringTest's {@code everyPackageDependsOneWay}, read from the sources. ArchUnit reads bytecode,
 * where javac has inlined every constant: {@code store.internal} naming {@code Group.NO_SEQ} or
 * {@code Journal.GROUP_LIMIT} left no trace there, so a circle closed by a constant alone would go
 * unseen. Here the packages that each main source names (its imports and qualified names, comments
 * and strings aside) must form no cycle either, across every module, benchmarks' included.
 */
class PackageCycleSourcesTest {
    static final List<String> MODULES = List.of("journal", "projections", "engine", "sidecar", "lab", "replay-cli", "benchmarks");
    private static final Pattern NAME = Pattern.compile("\\bdev\\.routing(?:\\.\\w+)+");

    @Test
    void noTwoPackagesNameEachOtherInTheirSources() {
        Map<String, Map<String, String>> named = new TreeMap<>();
        for (String module : MODULES) {
            Path sources = Path.of("..", module, "src", "main", "java");
            assertTrue(Files.isDirectory(sources), () -> module + "'s sources are not at " + sources.toAbsolutePath());
            named(sources, named);
        }
        assertTrue(named.containsKey("dev.routing.journal.store.internal"), () -> "no sources read: " + named.keySet());
        assertEquals(List.of(), cycles(named));
    }

    @Test
    void aCycleClosedByAConstantAloneIsCaught(@TempDir Path sources) throws IOException {
        write(sources, "dev/routing/x/store/Face.java", """
                package dev.routing.x.store;

                import dev.routing.x.store.internal.Walk;

                /** Names {@link dev.routing.x.other.Thing} in a comment only, which is no dependency. */
                final class Face {
                    Walk walk;
                    String words = "dev.routing.x.other.Thing in a string is none either";
                }
                """);
        write(sources, "dev/routing/x/store/Group.java", """
                package dev.routing.x.store;

                public final class Group {
                    public static final long NO_SEQ = 0;
                }
                """);
        write(sources, "dev/routing/x/store/internal/Walk.java", """
                package dev.routing.x.store.internal;

                public final class Walk {
                    static final long NONE = dev.routing.x.store.Group.NO_SEQ;
                }
                """);
        write(sources, "dev/routing/x/other/Thing.java", """
                package dev.routing.x.other;

                final class Thing {}
                """);
        assertEquals(List.of("dev.routing.x.store, dev.routing.x.store.internal: dev.routing.x.store -> dev.routing.x.store.internal"
                + " (dev/routing/x/store/Face.java:3); dev.routing.x.store.internal -> dev.routing.x.store"
                + " (dev/routing/x/store/internal/Walk.java:4)"), cycles(named(sources, new TreeMap<>())));

        write(sources, "dev/routing/x/store/internal/Walk.java", """
                package dev.routing.x.store.internal;

                public final class Walk {
                    public static final long NO_SEQ = 0;
                }
                """);
        assertEquals(List.of(), cycles(named(sources, new TreeMap<>())));
    }

    private static void write(Path sources, String file, String text) throws IOException {
        Path path = sources.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
    }

    /**
     * Adds to {@code named}, for each package under {@code sources}, every other package its code
     * names, with the first file and line that names it.
     */
    static Map<String, Map<String, String>> named(Path sources, Map<String, Map<String, String>> named) {
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String where = sources.relativize(file).toString().replace('\\', '/');
                String pkg = where.substring(0, where.lastIndexOf('/')).replace('/', '.');
                Map<String, String> targets = named.computeIfAbsent(pkg, p -> new TreeMap<>());
                String[] lines = RulePackageSourcesTest.code(Files.readString(file)).split("\n", -1);
                for (int i = 0; i < lines.length; i++) {
                    if (lines[i].startsWith("package ")) continue;
                    Matcher m = NAME.matcher(lines[i]);
                    while (m.find()) {
                        String target = packageOf(m.group());
                        if (!target.equals(pkg)) targets.putIfAbsent(target, where + ":" + (i + 1));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return named;
    }

    /** The package of a qualified name: its segments up to the first type's (a capital letter starts a type). */
    static String packageOf(String name) {
        StringBuilder pkg = new StringBuilder();
        for (String segment : name.split("\\.")) {
            if (Character.isUpperCase(segment.charAt(0))) break;
            pkg.append(pkg.isEmpty() ? "" : ".").append(segment);
        }
        return pkg.toString();
    }

    /**
     * Each set of packages that name one another round a circle, with the names that close it:
     * "a, b: a -> b (File.java:3); b -> a (Other.java:4)".
     */
    static List<String> cycles(Map<String, Map<String, String>> named) {
        List<String> found = new ArrayList<>();
        Set<String> placed = new TreeSet<>();
        for (String pkg : named.keySet()) {
            if (placed.contains(pkg)) continue;
            Set<String> from = reachable(named, pkg);
            Set<String> circle = new TreeSet<>();
            for (String other : from) if (reachable(named, other).contains(pkg)) circle.add(other);
            if (circle.isEmpty()) continue;
            circle.add(pkg);
            placed.addAll(circle);
            List<String> edges = new ArrayList<>();
            for (String a : circle) {
                named.getOrDefault(a, Map.of()).forEach((b, where) -> {
                    if (circle.contains(b)) edges.add(a + " -> " + b + " (" + where + ")");
                });
            }
            found.add(String.join(", ", circle) + ": " + String.join("; ", edges));
        }
        return found;
    }

    private static Set<String> reachable(Map<String, Map<String, String>> named, String start) {
        Set<String> seen = new TreeSet<>();
        List<String> next = new ArrayList<>(named.getOrDefault(start, Map.of()).keySet());
        while (!next.isEmpty()) {
            String pkg = next.remove(next.size() - 1);
            if (seen.add(pkg)) next.addAll(named.getOrDefault(pkg, Map.of()).keySet());
        }
        return seen;
    }
}
