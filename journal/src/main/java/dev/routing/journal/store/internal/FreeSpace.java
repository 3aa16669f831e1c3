package dev.routing.journal.store.internal;

import dev.routing.journal.store.faults.JournalDamagedException;
import dev.routing.journal.store.faults.JournalFullException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The journal's room on its disk. A mapped day file gets its pages when they are first written, and
 * a page the disk cannot give is a fault (SIGBUS) in the middle of the write: so the writer asks for
 * room before each excerpt and refuses it whole, a {@link JournalFullException}, when the disk would
 * be left with less than {@link #RESERVE_BYTES}. A fault that happens all the same is told apart
 * from a day file cut short by the free space left ({@link #faulted}).
 */
public final class FreeSpace {
    /** Space left free on the journal's disk for what Chronicle writes beside the excerpts (a new day file, index pages). */
    public static final long RESERVE_BYTES = 1 << 20;
    /** The free space is asked again at least this often (and before every excerpt when less than four times this is left). */
    private static final long RECHECK_BYTES = 16L << 20;

    private final Path dir;
    private final boolean writer;
    private FileStore store;
    /** Bytes that may still be written before the free space is asked again. */
    private long budget;

    FreeSpace(Path dir, boolean writer) {
        this.dir = dir;
        this.writer = writer;
    }

    /** Refuses an excerpt of {@code bytes} when the disk would be left with less than {@link #RESERVE_BYTES}. */
    void ensure(long bytes) {
        long cost = bytes + 64;
        if (budget >= cost) {
            budget -= cost;
            return;
        }
        long usable = usable();
        long room = usable - RESERVE_BYTES;
        if (room < cost) throw full(dir, usable, bytes, false, null);
        // Far from full, the free space is asked again after every RECHECK_BYTES written; near full,
        // before every excerpt, so that another process filling the disk is seen before a write faults.
        budget = room > 4 * RECHECK_BYTES ? RECHECK_BYTES - cost : 0;
    }

    /** Refuses when less than {@code bytes} beside the reserve is free: at a writer's open, and before it cuts a torn tail. */
    void refuseBelow(long bytes) {
        long usable = usable();
        if (usable < RESERVE_BYTES + bytes) throw full(dir, usable, bytes, false, null);
    }

    /**
     * What a fault in a mapped day file (SIGBUS, raised as an InternalError) means: its disk could
     * not give a page, or the file is shorter than Chronicle's index says (it was cut).
     */
    RuntimeException faulted(Throwable e, String file) {
        long usable = usable();
        if (usable < RESERVE_BYTES) return full(dir, usable, 0, writer, e);
        return new JournalDamagedException(dir, "reading the day file faulted: it is shorter than its index says"
                + " (it was cut)", file, -1, -1);
    }

    /**
     * The disk has no room: {@code needed} bytes (0 when not one excerpt's) beside the reserve,
     * {@code inDoubt} when the disk filled under a write.
     */
    static JournalFullException full(Path dir, long usable, long needed, boolean inDoubt, Throwable cause) {
        return new JournalFullException(dir, usable, needed, RESERVE_BYTES, inDoubt, cause);
    }

    /**
     * The fault in a mapped file behind {@code t}, or null. HotSpot raises it where compiled code
     * next checks (it can be inside Chronicle, which wraps it in its own runtime exception), so it
     * is looked for along the causes, not only caught as itself.
     */
    static InternalError mappedFault(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof InternalError e) return e;
            if (c.getCause() == c) break;
        }
        return null;
    }

    /** The usable bytes on the journal's disk (unbounded when the disk cannot say). */
    long usable() {
        try {
            if (store == null) store = fileStore();
            return store.getUsableSpace();
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }

    private FileStore fileStore() {
        try {
            return Files.getFileStore(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find the disk of journal " + dir, e);
        }
    }
}
