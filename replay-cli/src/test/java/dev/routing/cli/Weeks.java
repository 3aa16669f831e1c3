package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.cli.options.ExitCodes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Simulated weeks for the tests, written once per test JVM through {@code simulate} and shared:
 * simulating is the slow part, and every test only reads them.
 */
final class Weeks {
    /** A week on disk, what {@code simulate} printed, and the turns the woven-in incident opened. */
    record Week(Path journal, Cli.Result simulate, List<Long> incidentTurns) {
    }

    private static final Map<String, Week> WEEKS = new HashMap<>();
    private static Path root;

    private Weeks() {}

    /** An incident week of about 14,000 entries: the size most tests read. */
    static Week incident(String rules) {
        return week(11, rules, true, 14_000);
    }

    static synchronized Week week(long seed, String rules, boolean incident, long events) {
        String key = seed + "/" + rules + "/" + incident + "/" + events;
        Week week = WEEKS.get(key);
        if (week != null) return week;
        Path journal = root().resolve(key.replace('/', '-'));
        List<String> args = new ArrayList<>(List.of("simulate", "--journal", journal.toString(), "--seed", String.valueOf(seed),
                "--rules", rules, "--events", String.valueOf(events)));
        if (incident) args.add("--incident");
        Cli.Result simulate = Cli.run(args.toArray(String[]::new)).exits(ExitCodes.OK);
        week = new Week(journal, simulate, incidentTurns(simulate));
        WEEKS.put(key, week);
        return week;
    }

    /** The turn ids on simulate's "incident turns:" line. */
    static List<Long> incidentTurns(Cli.Result simulate) {
        for (String line : simulate.lines()) {
            if (line.startsWith("incident turns:")) {
                String ids = line.substring("incident turns:".length()).strip();
                return ids.isEmpty() ? List.of() : Arrays.stream(ids.split(" ")).map(Long::valueOf).toList();
            }
        }
        return List.of();
    }

    static synchronized Path fresh(String name) {
        return root().resolve(name + "-" + System.nanoTime());
    }

    private static Path root() {
        if (root == null) {
            try {
                root = Files.createTempDirectory("replay-cli-weeks");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Path dir = root;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
        }
        assertTrue(Files.isDirectory(root));
        return root;
    }

    private static void delete(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // a temporary week left behind is harmless
        }
    }
}
