package dev.routing.benchmarks.stores;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.Txn;

/** LMDB (lmdbjava): one B+tree in a mapped file, key the id's bytes, value the turn's varint; commits every 100,000 puts. */
final class LmdbStore implements IdStore {
    private static final int BATCH = 100_000;

    private Env<ByteBuffer> env;
    private Dbi<ByteBuffer> db;
    private Txn<ByteBuffer> txn;
    private int inTxn;
    private final ByteBuffer k = ByteBuffer.allocateDirect(32);
    private final ByteBuffer v = ByteBuffer.allocateDirect(16);
    private final byte[] value = new byte[16];

    private void env(Path where) {
        env = Env.create().setMapSize(4L << 30).setMaxDbs(1).open(where.toFile(), EnvFlags.MDB_NOSYNC, EnvFlags.MDB_NOTLS);
    }

    @Override
    public void create(Path where, int expected) throws IOException {
        env(where);
        db = env.openDbi("ids", DbiFlags.MDB_CREATE);
    }

    @Override
    public void open(Path where) throws IOException {
        env(where);
        db = env.openDbi("ids");
    }

    @Override
    public void put(int agent, long id, byte[] key, int keyLength, long turn) {
        if (txn == null) txn = env.txnWrite();
        k.clear();
        k.put(key, 0, keyLength).flip();
        int n = IdShape.varint(turn, value, 0);
        v.clear();
        v.put(value, 0, n).flip();
        db.put(txn, k, v);
        if (++inTxn == BATCH) commit();
    }

    private void commit() {
        if (txn != null) {
            txn.commit();
            txn.close();
        }
        txn = null;
        inTxn = 0;
    }

    @Override
    public long get(int agent, long id, byte[] key, int keyLength) {
        if (txn == null) txn = env.txnRead();
        k.clear();
        k.put(key, 0, keyLength).flip();
        ByteBuffer found = db.get(txn, k);
        if (found == null) return -1;
        int n = found.remaining();
        found.get(value, 0, n);
        return IdShape.readVarint(value, 0, n);
    }

    @Override
    public void flush() {
        commit();
        env.sync(true);
    }

    @Override
    public void close() {
        if (txn != null) txn.close();
        txn = null;
        if (env != null) env.close();
    }
}
