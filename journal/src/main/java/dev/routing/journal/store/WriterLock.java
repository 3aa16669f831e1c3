package dev.routing.journal.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One writer per journal directory: an OS file lock on {@code writer.lock}, which dies with its
 * process, and, inside one JVM, a registry of the journals it writes.
 */
final class WriterLock {
    private static final String FILE = "writer.lock";

    /**
     * The journals this JVM writes. POSIX locks belong to the process, and closing any descriptor
     * of the lock file drops them all: a second writer in this JVM must be refused before it opens
     * the lock file, or its failed attempt would unlock the journal for every other process.
     */
    private static final Set<Path> WRITING = ConcurrentHashMap.newKeySet();

    private final Path key;
    private final FileChannel channel;
    private final FileLock lock;

    private WriterLock(Path key, FileChannel channel, FileLock lock) {
        this.key = key;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock of {@code dir}, creating the directory if need be.
     *
     * @throws JournalLockedException when another writer, in this process or another, holds it
     */
    static WriterLock take(Path dir) {
        Path key;
        try {
            Files.createDirectories(dir);
            key = dir.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open journal " + dir, e);
        }
        if (!WRITING.add(key)) throw new JournalLockedException(dir);
        FileChannel channel = null;
        FileLock held;
        try {
            channel = FileChannel.open(dir.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            held = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            held = null;
        } catch (IOException e) {
            WRITING.remove(key);
            closeQuietly(channel);
            throw new UncheckedIOException("cannot open journal " + dir, e);
        }
        if (held == null) {
            WRITING.remove(key);
            closeQuietly(channel);
            throw new JournalLockedException(dir);
        }
        return new WriterLock(key, channel, held);
    }

    void release() {
        try {
            lock.release();
        } catch (IOException ignored) {
            // the lock dies with the channel below
        }
        closeQuietly(channel);
        WRITING.remove(key);
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) return;
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing was written through it
        }
    }
}
