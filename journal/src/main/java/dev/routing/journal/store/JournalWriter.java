package dev.routing.journal.store;

import dev.routing.journal.event.Entry;
import dev.routing.journal.store.faults.JournalFullException;
import dev.routing.journal.store.faults.JournalLockedException;
import dev.routing.journal.store.internal.Writer;
import java.util.List;
import net.openhft.chronicle.core.annotation.SingleThreaded;

/**
 * The one writer of a journal, not thread-safe: it belongs to the thread that opened it
 * ({@link Journal#openWriter}), as Chronicle's appender does, and every call must come from that
 * thread. It also makes the reads the engine makes on its own journal.
 *
 * <p>One writer per journal: an OS lock on {@code journal.tip}, refused at once
 * ({@link JournalLockedException}) in this process or another. Its open cuts a torn tail first
 * ({@link #cut()}). Every excerpt is acknowledged in the tip as it is written, the free space is
 * checked before each (a full disk is a {@link JournalFullException}, not a fault in the mapped
 * file), and durable entries are synced (J3) before {@link #commit} returns.
 */
@SingleThreaded
public final class JournalWriter extends Journal {
    final Writer writer;

    JournalWriter(Writer writer) {
        super(writer.store());
        this.writer = writer;
    }

    /** What the open cut (a torn tail), in words, or null when it cut nothing. */
    public String cut() {
        return writer.cut();
    }

    /** Appends one entry as a group of its own and returns its index; a durable entry is on disk when this returns. */
    public long append(Entry entry) {
        return append(Group.of(List.of(entry)));
    }

    /** Appends the entries as one group, all or nothing, with one sync if any is durable; returns the group's index. */
    public long append(List<? extends Entry> entries) {
        return append(Group.of(entries));
    }

    public long append(Group group) {
        long index = write(group);
        commit();
        return index;
    }

    /** Writes one entry as a group of its own, without syncing. */
    public long write(Entry entry) {
        return write(Group.of(List.of(entry)));
    }

    /**
     * Writes the group as one excerpt without syncing: a durable entry waits for the next
     * {@link #commit}, for a caller that commits before it lets anything act on what it wrote (the
     * engine's one sync per fact). Returns the group's index, or -1 for an empty group.
     *
     * @throws IllegalArgumentException for a group over {@link #GROUP_LIMIT} (nothing is written)
     * @throws JournalFullException when the disk has no room for it
     */
    public long write(Group group) {
        byte[] buffer = group.buffer();
        return writer.write(group.kind(), group.count(), buffer, group.payloadOffset(), group.payloadLength(), group.durable(),
                group.atMillis());
    }

    /** Syncs to disk every durable entry written since the last commit; nothing to do if none. */
    public void commit() {
        writer.commit();
    }

    /**
     * Syncs to disk every excerpt written since the last sync, durable or not: for a host that
     * acknowledges only what is on disk (the sidecar). Nothing to do if none.
     */
    public void sync() {
        writer.sync();
    }

    /**
     * Why the newest day this writer sealed when it rolled has no seal or no marks (a full or
     * read-only disk), or null when it has both: nothing is lost, but every open checks that day
     * whole, and explain walks it.
     */
    public String sealFailure() {
        return writer.sealFailure();
    }

    /** The msyncs this writer made since it opened. */
    public long syncs() {
        return writer.syncs();
    }

    /** The entries' bytes this writer has appended since it opened: what a checkpoint's cost is weighed against. */
    public long bytesWritten() {
        return writer.bytesWritten();
    }

    @Override
    public void close() {
        writer.close();
    }
}
