package dev.routing.engine.sealed;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file derived from sealed days whole or not at all: the body under a temporary name, forced
 * to disk, then the header that holds the body's checksum, forced, then renamed into place atomically
 * and the folder forced. A kill or a full disk at any point leaves either no file under the target's
 * name or the whole one; a temporary file left by a kill is never read, and the next write of that
 * file replaces it.
 */
public final class WholeFile {
    private WholeFile() {}

    /**
     * Writes {@code header} then {@code body} (each position to limit) as {@code target}, replacing any there.
     *
     * @throws UncheckedIOException naming the file when it cannot be written (a full disk): nothing is
     *         left under its name
     * @throws InternalError when making the body read a mapped file cut under the engine
     *         ({@link MappedFaults}): nothing is written, as the body and its checksum hold what the cut
     *         page read
     */
    public static void write(Path target, ByteBuffer header, ByteBuffer body) {
        MappedFaults.raisePending();
        Path temporary = target.resolveSibling(target.getFileName() + ".tmp");
        try {
            Files.createDirectories(target.getParent());
            try (FileChannel out = FileChannel.open(temporary, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                writeAll(out, body.duplicate(), header.remaining());
                out.force(true);
                writeAll(out, header.duplicate(), 0);
                out.force(true);
            }
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            forceFolder(target.getParent());
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException ignored) {
                // what is left is a temporary file, never read; the next write of the file replaces it
            }
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    private static void writeAll(FileChannel out, ByteBuffer from, long at) throws IOException {
        long position = at;
        while (from.hasRemaining()) position += out.write(from, position);
    }

    /** The rename is on disk once the folder is: a power loss after it finds the whole file or the old state. */
    private static void forceFolder(Path folder) throws IOException {
        try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
            dir.force(true);
        }
    }
}
