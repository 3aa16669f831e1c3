package dev.routing.benchmarks.stores;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ChronicleMapBuilder;

/** Chronicle Map persisted to a file: key the id's bytes, value the turn. */
final class ChronicleMapStore implements IdStore {
    private ChronicleMap<byte[], Long> map;
    private int expected;

    private ChronicleMapBuilder<byte[], Long> builder(int entries) {
        return ChronicleMapBuilder.of(byte[].class, Long.class).name("ids").entries(entries).averageKeySize(10);
    }

    @Override
    public void create(Path where, int expected) throws IOException {
        this.expected = expected;
        map = builder(expected).createPersistedTo(where.resolve("ids.map").toFile());
    }

    @Override
    public void open(Path where) throws IOException {
        // the entries are read from the file's header; the builder's are those it was made with
        map = builder(Math.max(expected, 1)).createPersistedTo(where.resolve("ids.map").toFile());
    }

    @Override
    public void put(int agent, long id, byte[] key, int keyLength, long turn) {
        map.put(Arrays.copyOf(key, keyLength), turn);
    }

    @Override
    public long get(int agent, long id, byte[] key, int keyLength) {
        Long turn = map.get(Arrays.copyOf(key, keyLength));
        return turn == null ? -1 : turn;
    }

    @Override
    public void flush() {
        // persisted to a mapped file, as ours
    }

    @Override
    public void close() {
        if (map != null) map.close();
    }
}
