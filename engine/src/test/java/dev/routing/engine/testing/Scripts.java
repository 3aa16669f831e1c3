package dev.routing.engine.testing;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.RoundSpoken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The shared scenario scripts (../shared/scenarios), read as facts, with {@code @N} draft references. */
public final class Scripts {
    private Scripts() {}

    /** The shared scenarios folder, seen from a module's directory, or null when it is not there. */
    public static Path sharedScenarios() {
        for (Path p : List.of(Path.of("../../shared/scenarios"), Path.of("../shared/scenarios"))) {
            if (Files.isDirectory(p)) return p.toAbsolutePath().normalize();
        }
        return null;
    }

    public static List<Path> all() {
        Path dir = sharedScenarios();
        if (dir == null) return List.of();
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.toString().endsWith(".jsonl") && !p.toString().endsWith(".expect.jsonl"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<Fact> read(Path script) {
        try {
            List<Fact> facts = new ArrayList<>();
            for (String line : Files.readAllLines(script)) {
                if (!line.isBlank()) facts.add(EntryCodec.readFact(line));
            }
            return facts;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Resolves {@code @N} in a fact's draft ids against the drafts held so far, in order. */
    public static Fact resolve(Fact fact, List<Decision> decided) {
        if (!(fact instanceof RoundSpoken r)) return fact;
        List<String> held = decided.stream().filter(d -> d instanceof DraftHeld).map(d -> ((DraftHeld) d).draft()).toList();
        List<Call> calls = r.calls().stream().map(c -> new Call(c.tool(), c.channel(), c.server(), c.text(), c.action(),
                c.draftIds().stream().map(id -> id.startsWith("@") ? held.get(Integer.parseInt(id.substring(1)) - 1) : id).toList(),
                c.confirmDuplicate(), c.permitted(), c.fromScript())).toList();
        return new RoundSpoken(r.at(), r.turn(), r.round(), r.text(), calls, r.privateThink());
    }
}
