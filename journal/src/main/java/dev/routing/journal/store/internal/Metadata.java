package dev.routing.journal.store.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;

/**
 * Chronicle's {@code metadata.cq4t}: its lock and its cached listing of the day files, nothing the
 * day files and the tip do not also hold. A kill while a new journal is first opened leaves it
 * allocated but never written (all zeros), which Chronicle then waits on for seconds and refuses;
 * deleting it leaves readers nothing to open. So an unwritten or missing one is never damage: the
 * writer moves it aside and lets Chronicle write it anew, and a reader reads through a view that
 * links the day files beside metadata of its own, changing no byte of the journal.
 */
final class Metadata {
    static final String FILE = "metadata.cq4t";

    private Metadata() {}

    /** Null when the file is written; else what is wrong with it, in words. */
    static String problem(Path dir) {
        Path file = dir.resolve(FILE);
        if (!Files.exists(file)) return FILE + " is missing";
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(4);
            if (head.length < 4) return FILE + " is empty";
            // A written file opens with Chronicle's header word; an allocated, unwritten one with zeros.
            if (head[0] == 0 && head[1] == 0 && head[2] == 0 && head[3] == 0) return FILE + " was never written (it is zeros)";
            return null;
        } catch (IOException e) {
            return FILE + " cannot be read (" + e.getMessage() + ")";
        }
    }

    /** The writer's way out: the unwritten file moved aside as {@code metadata.cq4t.unwritten-N}; returns the note. */
    static String moveAside(Path dir, String problem) {
        Path file = dir.resolve(FILE);
        if (!Files.exists(file)) return problem + ": Chronicle wrote it anew from the day files";
        try {
            Path aside = dir.resolve(FILE + ".unwritten-" + System.nanoTime());
            Files.move(file, aside, StandardCopyOption.ATOMIC_MOVE);
            return problem + ": it was moved aside as " + aside.getFileName() + " and Chronicle wrote it anew from the day files";
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move aside " + file, e);
        }
    }

    /**
     * A reader's way out: a temporary directory of links to the day files, and metadata Chronicle
     * writes there by listing them. Delete it with {@link #deleteView} when the reader closes.
     */
    static Path view(Path dir, List<DayFiles.DayFile> files) {
        try {
            return viewIn(Files.createTempDirectory("journal-view"), files);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare to read " + dir, e);
        }
    }

    /** As {@link #view(Path, List)}, in the empty directory {@code view}. */
    static Path viewIn(Path view, List<DayFiles.DayFile> files) throws IOException {
        for (DayFiles.DayFile f : files) Files.createSymbolicLink(view.resolve(f.name()), f.path().toAbsolutePath());
        try (SingleChronicleQueue q = DayFiles.chronicle(view).build()) {
            q.refreshDirectoryListing();
        }
        BackgroundResourceReleaser.releasePendingResources();
        return view;
    }

    /**
     * Writes Chronicle's listing anew from the day files in {@code dir}. Chronicle does not look again
     * in read-only mode, so after a cut moved the last day file aside a stale listing still names it
     * and Chronicle fails on the missing file. Only the writer may do this: it opens the queue
     * read-write.
     */
    static void refreshListing(Path dir, TimeProvider clock) {
        try (SingleChronicleQueue q = DayFiles.chronicle(dir).timeProvider(clock).build()) {
            q.refreshDirectoryListing();
        }
    }

    static void deleteView(Path view) {
        try (Stream<Path> all = Files.walk(view)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a view of links left in the temporary directory holds no data
        }
    }
}
