package dev.routing.journal.store;

import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads a range of the journal decoded, in journal order, with the decoding on worker threads: the
 * calling thread walks the journal (which belongs to it: Chronicle's tailer is single-threaded) and
 * hands each decoded entry to the sink, while workers decode the batches it read before. A replay or
 * an audit then costs the journal's scan plus its own work, with the decoding beside them.
 *
 * <p>A state checkpoint's body is neither copied nor decoded (it restores a fold, it changes none),
 * and neither is a decision whose type the reader passes over: the sink gets null for them.
 *
 * <p>What goes wrong is reported as a reader in order would meet it: the sink gets every entry
 * before an entry that cannot be decoded, and then the read stops with the damage named as
 * {@link Journal#read} names it; a decoding error before the place where the walk met damage is
 * the one thrown; and the sink's own error is never replaced by one met later.
 */
public final class DecodedReader {
    /** One entry in range, in journal order: {@code entry} is null for a checkpoint or a decision passed over. */
    @FunctionalInterface
    public interface Sink {
        void accept(long index, Entry entry, int storedBytes);
    }

    private static final int BATCH = 4_096;
    /** A batch is handed on at this many bytes too, so that large entries keep what is in flight small. */
    private static final int BATCH_BYTES = 8 << 20;
    private static final int IN_FLIGHT = 6;

    private DecodedReader() {}

    /** Entries of groups whose index lies in [fromIndex, toIndex), decisions of the types in {@code passedOver} not decoded. */
    public static void read(Journal journal, long fromIndex, long toIndex, Set<String> passedOver, Sink sink) {
        int workers = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "journal-decode");
            t.setDaemon(true);
            return t;
        });
        Path dir = journal.dir();
        ArrayDeque<Batch> batches = new ArrayDeque<>();
        ArrayDeque<Future<Decoded>> decoded = new ArrayDeque<>();
        Batch[] current = {new Batch()};
        boolean[] delivering = {false};
        try {
            try {
                journal.readRaw(fromIndex, toIndex, (index, kind, version, bytes, offset, length) -> {
                    Batch b = current[0];
                    boolean read = kind != 'C' && (passedOver.isEmpty() || kind != 'D'
                            || !passedOver.contains(EntryCodec.typeOf(version, bytes, offset, length)));
                    b.add(index, version, bytes, offset, length, read);
                    if (b.size == BATCH || b.used >= BATCH_BYTES) {
                        batches.add(b);
                        decoded.add(pool.submit(b::decode));
                        current[0] = new Batch();
                        delivering[0] = true;
                        while (decoded.size() >= IN_FLIGHT) deliver(dir, batches.poll(), decoded.poll(), sink);
                        delivering[0] = false;
                    }
                });
            } catch (RuntimeException walk) {
                if (delivering[0]) throw walk; // the sink's own error, or a decoding error: already the first
                // what was read before the damage is delivered first: its own error, if any, comes first
                while (!decoded.isEmpty()) deliver(dir, batches.poll(), decoded.poll(), sink);
                Batch last = current[0];
                deliver(dir, last, pool.submit(last::decode), sink);
                throw walk;
            }
            Batch last = current[0];
            if (last.size > 0) {
                batches.add(last);
                decoded.add(pool.submit(last::decode));
            }
            while (!decoded.isEmpty()) deliver(dir, batches.poll(), decoded.poll(), sink);
        } finally {
            pool.shutdownNow();
        }
    }

    /** A batch's entries decoded up to the first that could not be ({@code failed}, at {@code count}), or all of them. */
    private record Decoded(Entry[] entries, int count, BadEntryException failed) {
    }

    /** Entries read but not decoded yet: indexes, and the bytes of those to decode, one after another. */
    private static final class Batch {
        final long[] index = new long[BATCH];
        final int[] version = new int[BATCH];
        /** Where each entry's bytes start in {@link #bytes}, -1 for one not decoded. */
        final int[] start = new int[BATCH];
        final int[] length = new int[BATCH];
        byte[] bytes = new byte[BATCH * 128];
        int used;
        int size;

        void add(long index, int version, byte[] from, int offset, int length, boolean read) {
            this.index[size] = index;
            this.version[size] = version;
            this.length[size] = length;
            if (read) {
                // at most BATCH_BYTES plus one entry (a group's limit): far from an int's end
                if (used + length > bytes.length) bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, used + length));
                start[size] = used;
                System.arraycopy(from, offset, bytes, used, length);
                used += length;
            } else {
                start[size] = -1;
            }
            size++;
        }

        Decoded decode() {
            Entry[] out = new Entry[size];
            for (int i = 0; i < size; i++) {
                if (start[i] < 0) continue;
                try {
                    out[i] = EntryCodec.decode(version[i], bytes, start[i], length[i]);
                } catch (BadEntryException e) {
                    return new Decoded(out, i, e);
                }
            }
            return new Decoded(out, size, null);
        }
    }

    private static void deliver(Path dir, Batch batch, Future<Decoded> future, Sink sink) {
        Decoded d;
        try {
            d = future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while decoding the journal", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        }
        for (int i = 0; i < d.count(); i++) sink.accept(batch.index[i], d.entries()[i], batch.length[i]);
        if (d.failed() != null) {
            JournalDamagedException damage = JournalDamagedException.at(dir, "an entry of the group cannot be read ("
                    + d.failed().getMessage() + ")", batch.index[d.count()], -1);
            damage.initCause(d.failed());
            throw damage;
        }
    }
}
