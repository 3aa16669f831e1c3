package dev.routing.journal.store;

import dev.routing.journal.store.internal.Store;
import net.openhft.chronicle.core.annotation.SingleThreaded;

/**
 * A journal opened for reading only ({@link Journal#openReader}): Chronicle read-only, so it changes
 * no byte and works on a read-only directory, and it reads only to the last excerpt it found at its
 * open, so it sees one consistent journal beside a live writer. Any number may be open at once, in
 * this process and others.
 *
 * <p>Not thread-safe: it belongs to the thread that opened it, as its Chronicle tailer does.
 */
@SingleThreaded
public final class JournalReader extends Journal {
    JournalReader(Store store) {
        super(store);
    }

    @Override
    public void close() {
        store.close();
    }
}
