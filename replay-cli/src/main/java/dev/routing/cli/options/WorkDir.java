package dev.routing.cli.options;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The directory a command works in: the one the user named, which it keeps, or a temporary one,
 * removed when the command closes it, and on Ctrl-C or SIGTERM too (a benchmark's journal is
 * hundreds of megabytes). A temporary one left behind (a file still open, a removal that failed,
 * kill -9) is harmless, so closing never fails.
 */
public final class WorkDir implements AutoCloseable {
    private final Path path;
    private final boolean temporary;
    /** Removes a temporary directory when the process is stopped before the command closes it. */
    private final Thread onStop;

    private WorkDir(Path path, boolean temporary) {
        this.path = path;
        this.temporary = temporary;
        this.onStop = temporary ? new Thread(this::remove, "remove-" + path.getFileName()) : null;
        if (onStop != null) Runtime.getRuntime().addShutdownHook(onStop);
    }

    /** {@code named}, kept; or, when it is null, a new temporary directory named from {@code prefix}. */
    public static WorkDir of(Path named, String prefix) throws IOException {
        return named != null ? new WorkDir(named, false) : temporary(prefix);
    }

    /** A new temporary directory, removed when closed. */
    public static WorkDir temporary(String prefix) throws IOException {
        return new WorkDir(Files.createTempDirectory(prefix), true);
    }

    public Path path() {
        return path;
    }

    @Override
    public void close() {
        if (!temporary) return;
        try {
            Runtime.getRuntime().removeShutdownHook(onStop);
        } catch (IllegalStateException stopping) {
            // the process is stopping: the hook removes it
        }
        remove();
    }

    private void remove() {
        try (Stream<Path> walk = Files.walk(path)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException leftBehind) {
            // harmless: see the class's note
        }
    }
}
