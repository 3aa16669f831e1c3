package dev.routing.benchmarks.stores;

import java.io.IOException;
import java.nio.file.Path;

/** One candidate store for the persisted id record: a file (or directory) of key to turn. */
interface IdStore extends AutoCloseable {
    /** Creates the store at {@code where} for about {@code expected} ids. */
    void create(Path where, int expected) throws IOException;

    /** Opens the store made at {@code where} (a restart). */
    void open(Path where) throws IOException;

    /** Remembers the id {@code id} of agent {@code agent}, whose key is {@code key[0, keyLength)}, read in {@code turn}. */
    void put(int agent, long id, byte[] key, int keyLength, long turn);

    /** The turn the id was read in, or -1 when the store does not hold it. */
    long get(int agent, long id, byte[] key, int keyLength);

    /** Makes what was put durable: before the store is closed and opened again. */
    void flush();

    @Override
    void close();
}
