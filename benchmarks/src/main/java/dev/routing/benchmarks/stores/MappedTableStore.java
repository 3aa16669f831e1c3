package dev.routing.benchmarks.stores;

import java.io.IOException;
import java.nio.file.Path;
import net.openhft.chronicle.bytes.MappedBytes;

/**
 * Our own: an open-addressing table in one file mapped by Chronicle Bytes ({@link MappedBytes}),
 * 16 bytes a slot (the id, the agent, the turn), filled to 80%, mapped as one chunk: nothing is
 * parsed at open, a lookup reads one or two slots of the mapped file.
 */
final class MappedTableStore implements IdStore {
    private static final long HEADER = 64;
    private static final int SLOT = 16;
    private static final long MAGIC = 0x3130424154444952L; // "RIDTAB01"

    private MappedBytes bytes;
    private long capacity;

    @Override
    public void create(Path where, int expected) throws IOException {
        capacity = Math.max(16, (long) (expected / 0.8));
        bytes = MappedBytes.mappedBytes(where.resolve("ids.table").toFile(), chunk(HEADER + capacity * SLOT));
        bytes.writeLong(0, MAGIC);
        bytes.writeLong(8, capacity);
        // the last slot written makes the file its full size: the rest is sparse, zeros read as empty
        bytes.writeLong(HEADER + (capacity - 1) * SLOT + 8, 0);
    }

    @Override
    public void open(Path where) throws IOException {
        Path file = where.resolve("ids.table");
        bytes = MappedBytes.mappedBytes(file.toFile(), chunk(java.nio.file.Files.size(file)));
        if (bytes.readLong(0) != MAGIC) throw new IOException("no id table at " + where);
        capacity = bytes.readLong(8);
    }

    /**
     * The whole table in one mapped chunk: a lookup lands anywhere, and Chronicle's chunks are
     * acquired and released as a read crosses from one to another (at 10 M ids in 64 MiB chunks
     * that was most of an insert's 21 µs).
     */
    private static long chunk(long fileBytes) {
        long mib = 1L << 20;
        return Math.max(64 * mib, (fileBytes + mib - 1) / mib * mib);
    }

    private long slotOf(int agent, long id) {
        long h = (id ^ ((long) agent * 0x9E3779B97F4A7C15L)) * 0xC2B2AE3D27D4EB4FL;
        return Math.floorMod(h ^ (h >>> 29), capacity);
    }

    @Override
    public void put(int agent, long id, byte[] key, int keyLength, long turn) {
        for (long s = slotOf(agent, id); ; s = s + 1 == capacity ? 0 : s + 1) {
            long at = HEADER + s * SLOT;
            long held = bytes.readLong(at);
            if (held == 0 || (held == id && bytes.readInt(at + 8) == agent)) {
                bytes.writeLong(at, id);
                bytes.writeInt(at + 8, agent);
                bytes.writeInt(at + 12, (int) turn);
                return;
            }
        }
    }

    @Override
    public long get(int agent, long id, byte[] key, int keyLength) {
        for (long s = slotOf(agent, id); ; s = s + 1 == capacity ? 0 : s + 1) {
            long at = HEADER + s * SLOT;
            long held = bytes.readLong(at);
            if (held == 0) return -1;
            if (held == id && bytes.readInt(at + 8) == agent) return bytes.readInt(at + 12);
        }
    }

    @Override
    public void flush() {
        // the pages are the page cache's: a kill loses nothing, as the journal's own mapped files
    }

    @Override
    public void close() {
        if (bytes != null) bytes.releaseLast();
        bytes = null;
    }
}
