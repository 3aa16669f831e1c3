package dev.routing.benchmarks.stores;

import java.io.IOException;
import java.nio.file.Path;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * RocksDB (rocksdbjni): an LSM tree, key the id's bytes, value the turn's varint; written in
 * batches of 100,000 without its write-ahead log (the journal is the log), flushed and compacted
 * before it is closed.
 */
final class RocksStore implements IdStore {
    private static final int BATCH = 100_000;

    static {
        RocksDB.loadLibrary();
    }

    private final Options options = new Options().setCreateIfMissing(true);
    private final WriteOptions write = new WriteOptions().setDisableWAL(true);
    private final ReadOptions read = new ReadOptions();
    private final byte[] value = new byte[16];
    private RocksDB db;
    private WriteBatch batch = new WriteBatch();
    private int inBatch;

    @Override
    public void create(Path where, int expected) throws IOException {
        open(where);
    }

    @Override
    public void open(Path where) throws IOException {
        try {
            db = RocksDB.open(options, where.toString());
        } catch (RocksDBException e) {
            throw new IOException(e);
        }
    }

    @Override
    public void put(int agent, long id, byte[] key, int keyLength, long turn) {
        byte[] k = java.util.Arrays.copyOf(key, keyLength);
        int n = IdShape.varint(turn, value, 0);
        try {
            batch.put(k, java.util.Arrays.copyOf(value, n));
            if (++inBatch == BATCH) writeBatch();
        } catch (RocksDBException e) {
            throw new IllegalStateException(e);
        }
    }

    private void writeBatch() throws RocksDBException {
        db.write(write, batch);
        batch.close();
        batch = new WriteBatch();
        inBatch = 0;
    }

    @Override
    public long get(int agent, long id, byte[] key, int keyLength) {
        try {
            int n = db.get(read, key, 0, keyLength, value, 0, value.length);
            return n == RocksDB.NOT_FOUND ? -1 : IdShape.readVarint(value, 0, n);
        } catch (RocksDBException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void flush() {
        try {
            writeBatch();
            try (FlushOptions f = new FlushOptions().setWaitForFlush(true)) {
                db.flush(f);
            }
            db.compactRange();
        } catch (RocksDBException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        if (db != null) db.close();
        db = null;
    }
}
