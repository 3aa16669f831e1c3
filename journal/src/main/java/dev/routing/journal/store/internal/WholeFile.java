package dev.routing.journal.store.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A small file beside the journal written whole or not at all: to {@code NAME.new}, forced, then
 * renamed over the old. A kill at any step leaves the old file, none, or the new one (and perhaps
 * a {@code .new} that nothing reads, replaced by the next write).
 */
final class WholeFile {
    private WholeFile() {}

    /** Writes {@code bytes} (position to limit) as {@code file}; returns why it could not (a full or read-only disk), or null. */
    static String write(Path file, ByteBuffer bytes) {
        Path work = file.resolveSibling(file.getFileName() + ".new");
        try {
            try (FileChannel ch = FileChannel.open(work, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE)) {
                while (bytes.hasRemaining()) ch.write(bytes);
                ch.force(true);
            }
            Files.move(work, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return null;
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(work);
            } catch (IOException ignored) {
                // the next write of this file replaces it; nothing reads it
            }
            return e.getMessage();
        }
    }
}
