package dev.routing.benchmarks;

import dev.routing.engine.context.RuleSet;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.Journal;
import dev.routing.lab.world.Simulation;
import dev.routing.lab.world.Simulator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The entries of a week `bench` simulates (the same generator, seed 1), held in memory in journal
 * order, so that the per-entry figures here explain `bench`'s end-to-end ones. Checkpoints are left
 * out: replay skips them.
 */
final class Traffic {
    /** Entries to simulate; small enough to build in seconds, large enough to hold every common type. */
    static final long EVENTS = Long.getLong("bench.events", 60_000);

    private Traffic() {}

    /**
     * The week, simulated once into {@code java.io.tmpdir} and read back by every later fork (each
     * benchmark and parameter forks a JVM; simulating in each would take most of a run).
     */
    static List<Entry> week() {
        Path dir = Path.of(System.getProperty("java.io.tmpdir"), "routing-jmh-week-" + EVENTS);
        Path done = dir.resolve("simulated");
        try {
            if (!Files.exists(done)) {
                if (Files.exists(dir)) delete(dir);
                Files.createDirectories(dir);
                Simulator.run(Simulation.sized(EVENTS, 1, RuleSet.CURRENT, false), dir, n -> { });
                Files.createFile(done);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Entry> entries = new ArrayList<>();
        try (Journal journal = Journal.openReader(dir)) {
            journal.read(-1, r -> {
                if (!(r.entry() instanceof StateCheckpoint)) entries.add(r.entry());
            });
        }
        return entries;
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** The entries of {@code type} ("all" for every one), each with its JSON as the journal holds it. */
    static List<Entry> ofType(List<Entry> week, String type) {
        return week.stream().filter(e -> type.equals("all") || e.type().equals(type)).toList();
    }

    static byte[][] encoded(List<Entry> entries) {
        return entries.stream().map(EntryCodec::encode).toArray(byte[][]::new);
    }
}
