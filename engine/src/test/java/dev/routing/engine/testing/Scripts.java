package dev.routing.engine.testing;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Call;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.RoundSpoken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The project's scenario scripts (engine's test resources, {@code scenarios/}: see its README),
 * read as facts, with {@code @N} draft references. They are found on the class path, so they are
 * there in any clone: from engine's test classes, or from its test jar when replay-cli runs them.
 */
public final class Scripts {
    private static final String FOLDER = "/scenarios";

    private Scripts() {}

    /** The scenarios folder: a directory, or a folder inside engine's test jar. */
    public static Path folder() {
        URL url = Scripts.class.getResource(FOLDER);
        if (url == null) throw new IllegalStateException(FOLDER + " is not on the test class path");
        try {
            URI uri = url.toURI();
            if (uri.getScheme().equals("jar")) {
                try {
                    FileSystems.newFileSystem(uri, Map.of());
                } catch (FileSystemAlreadyExistsException alreadyOpen) {
                    // another test opened the jar first: Path.of finds its file system
                }
            }
            return Path.of(uri);
        } catch (URISyntaxException | IOException e) {
            throw new IllegalStateException("cannot open " + url, e);
        }
    }

    /** Every scenario script (not its expect file), by name. */
    public static List<Path> all() {
        try (Stream<Path> files = Files.list(folder())) {
            List<Path> scripts = files.filter(p -> name(p).endsWith(".jsonl") && !name(p).endsWith(".expect.jsonl"))
                    .sorted().toList();
            if (scripts.isEmpty()) throw new IllegalStateException("no scenario scripts in " + folder());
            return scripts;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One script by its file name; a name that is not there fails. */
    public static Path named(String name) {
        Path script = folder().resolve(name);
        if (!Files.isRegularFile(script)) throw new IllegalArgumentException("no scenario " + name + " in " + folder());
        return script;
    }

    /** The expect file beside a script. */
    public static Path expectOf(Path script) {
        return script.resolveSibling(name(script).replace(".jsonl", ".expect.jsonl"));
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

    private static String name(Path p) {
        return p.getFileName().toString();
    }
}
