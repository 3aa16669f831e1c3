package dev.routing.journal.store.internal;

import dev.routing.journal.store.faults.JournalLockedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * One writer per journal: an OS file lock on {@code journal.tip}, held for as long as the writer is
 * open, and dying with its process. The tip is the one file no one may delete or replace without the
 * journal being damaged anyway (a journal with excerpts and no tip is damage: its end cannot be
 * checked), and the writer never replaces it (it writes it in place), so the lock stays on the file
 * every writer opens. A stale file blocks no one: the lock is the process's, not the file's.
 *
 * <p>{@code writer.lock}, the lock file of the builds before this one, is locked too, so that a
 * writer of an older build, which locks only it, is refused beside this one, and this one beside
 * it; deleting or replacing either file under a live writer admits no second writer.
 *
 * <p>POSIX locks belong to the process, and closing any descriptor of a locked file drops them all.
 * So inside one JVM a registry of the journals it writes refuses a second writer before it opens
 * either file, and the tip of a journal this JVM writes is read from what the writer holds
 * ({@link #inThisJvm}): its bytes as the lock found them, then the writer's own mapping of it; never
 * through a descriptor of the reader's own, and never through the lock's channel either, which NIO
 * closes when an interrupted thread reads it, and the lock would go with it.
 */
final class WriterLock {
    /** The lock file of the builds before this one. */
    static final String LEGACY_FILE = "writer.lock";

    /** The journals this JVM writes, by real path. */
    private static final Map<Path, WriterLock> WRITING = new ConcurrentHashMap<>();

    private final Path key;
    private final FileChannel tip;
    private final FileChannel legacy;
    /** The tip's bytes as the lock found them (null: empty), which this JVM's readers read until the writer maps it. */
    private final ByteBuffer found;
    /** The writer's mapping of the tip, once it has mapped it ({@link #mapped}); read by absolute gets only. */
    private volatile ByteBuffer mapping;

    private WriterLock(Path key, FileChannel tip, FileChannel legacy, ByteBuffer found) {
        this.key = key;
        this.tip = tip;
        this.legacy = legacy;
        this.found = found;
    }

    /**
     * Takes the lock of {@code dir}, creating the directory if need be, and {@code journal.tip} (empty)
     * when the journal has no day file yet.
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
        if (WRITING.putIfAbsent(key, Placeholder.LOCK) != null) throw new JournalLockedException(dir);
        FileChannel legacy = null;
        FileChannel tip = null;
        WriterLock lock = null;
        try {
            // the tip first: a writer refused by it creates nothing
            tip = openTip(dir);
            if (tip != null) tip = locked(tip, dir);
            legacy = locked(FileChannel.open(dir.resolve(LEGACY_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE), dir);
            lock = new WriterLock(key, tip, legacy, tip == null ? null : Tip.bytes(tip));
            WRITING.put(key, lock);
            return lock;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open journal " + dir, e);
        } finally {
            // whatever stopped it (an Error too): no placeholder is left for this JVM's readers to wait on
            if (lock == null) {
                closeQuietly(tip);
                closeQuietly(legacy);
                WRITING.remove(key, Placeholder.LOCK);
            }
        }
    }

    /**
     * The tip, read and written in place; created only in a journal with no day file. Null when day
     * files have none: the open refuses that journal ({@link Tip#missing}) before it writes.
     */
    private static FileChannel openTip(Path dir) throws IOException {
        Path file = dir.resolve(Tip.FILE);
        if (hasDayFiles(dir)) {
            try {
                return FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
            } catch (NoSuchFileException e) {
                return null;
            }
        }
        return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }

    private static boolean hasDayFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(p -> DayFiles.cycleOf(p.getFileName().toString()) >= 0);
        }
    }

    /** {@code channel}, locked; closed and refused when another writer holds it. */
    private static FileChannel locked(FileChannel channel, Path dir) throws IOException {
        FileLock held;
        try {
            held = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            held = null;
        } catch (IOException e) {
            closeQuietly(channel);
            throw e;
        }
        if (held == null) {
            closeQuietly(channel);
            throw new JournalLockedException(dir);
        }
        return channel;
    }

    /**
     * The tip's bytes of {@code dir} as the writer in this JVM holds them, read-only: its mapping once
     * it has mapped the tip, else the bytes its lock found (null for an empty tip). Null when no writer
     * in this JVM holds the tip of {@code dir}: the file is read then. A reader that comes while a
     * writer takes the lock waits for it: a descriptor of the reader's own, closed, would drop it.
     */
    static Held inThisJvm(Path dir) {
        if (WRITING.isEmpty()) return null;
        Path key;
        try {
            key = dir.toRealPath();
        } catch (IOException e) {
            return null;
        }
        WriterLock lock = WRITING.get(key);
        while (lock == Placeholder.LOCK) {
            if (Thread.currentThread().isInterrupted()) {
                throw new IllegalStateException("interrupted while the writer of journal " + dir + " takes its lock");
            }
            LockSupport.parkNanos(100_000);
            lock = WRITING.get(key);
        }
        if (lock == null || lock.tip == null) return null;
        ByteBuffer mapped = lock.mapping;
        return new Held(mapped != null ? mapped : lock.found == null ? null : lock.found.asReadOnlyBuffer());
    }

    /** The tip's bytes a writer in this JVM holds: {@code bytes} null for an empty tip. */
    record Held(ByteBuffer bytes) {
    }


    /** The writer has mapped the tip: this JVM's readers read that mapping from now on. */
    void mapped(ByteBuffer map) {
        mapping = map;
    }

    /** The tip's channel, locked: the writer maps the tip through it, and never closes it but here. Null when there is no tip. */
    FileChannel tip() {
        return tip;
    }

    void release() {
        // no longer offered to this JVM's readers before it closes (one that took it just now reads the file instead: Tip)
        WRITING.remove(key);
        // closing a channel releases the locks taken through it
        closeQuietly(tip);
        closeQuietly(legacy);
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) return;
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing was written through it that is not forced already
        }
    }

    /** Marks a journal whose lock is being taken, so that a second writer in this JVM is refused before it opens a file. */
    private static final class Placeholder {
        static final WriterLock LOCK = new WriterLock(null, null, null, null);
    }
}
