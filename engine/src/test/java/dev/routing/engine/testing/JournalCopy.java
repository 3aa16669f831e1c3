package dev.routing.engine.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** A closed journal's directory copied whole (day files, seals, tip, {@code state/}): a fault is injected into the copy. */
public final class JournalCopy {
    private JournalCopy() {}

    public static Path of(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target);
            }
        }
        return to;
    }
}
