package dev.routing.journal.store;

import dev.routing.journal.store.internal.Store;
import net.openhft.chronicle.core.annotation.SingleThreaded;

/**
 * A journal opened for reading only ({@link Journal#openReader}), not thread-safe: it belongs to the
 * thread that opened it, as its Chronicle tailer does. Any number may be open at once, in this
 * process and others. Chronicle is opened read-only, so a reader changes no byte and works on a
 * read-only directory, and it reads only to the last excerpt it found at its open, so it sees one
 * consistent journal beside a live writer.
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
