package dev.routing.journal.store;

import dev.routing.journal.codec.BadEntryException;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.codec.EntryTypes;
import dev.routing.journal.event.Entry;
import dev.routing.journal.store.faults.JournalDamagedException;
import dev.routing.journal.store.internal.DayFiles;
import dev.routing.journal.store.internal.Walk;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Reads a range of the journal decoded, in journal order, with the work on three sides: the calling
 * thread walks the journal (which belongs to it: Chronicle's tailer is single-threaded) and copies
 * each batch of entries out, workers decode the batches, and a thread of its own hands each decoded
 * entry to the sink in order. A replay or an audit then costs the longest of the three, not their sum.
 * The sink runs on that thread, one entry after another; it must not use the journal. What it
 * did is visible to the caller once {@link #read} returns.
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

    /** Which decisions the reader passes over, undecoded: asked of every decision the walk meets. */
    @FunctionalInterface
    public interface PassedOver {
        boolean passedOver(int version, byte[] bytes, int offset, int length);
    }

    /** Entries of groups whose index lies in [fromIndex, toIndex), decisions of the types in {@code passedOver} not decoded. */
    public static void read(Journal journal, long fromIndex, long toIndex, Set<String> passedOver, Sink sink) {
        EntryTypes types = EntryTypes.of(passedOver);
        read(journal, fromIndex, toIndex, types.isEmpty() ? null : types::contains, sink);
    }

    /** As above; {@code passedOver} null when every decision is decoded. */
    public static void read(Journal journal, long fromIndex, long toIndex, PassedOver passedOver, Sink sink) {
        int workers = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
        List<Thread> threads = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(workers + 1, r -> {
            Thread t = new Thread(r, "journal-decode");
            t.setDaemon(true);
            synchronized (threads) {
                threads.add(t);
            }
            return t;
        });
        Delivery delivery = new Delivery(journal.dir(), sink);
        Future<?> delivering = pool.submit(delivery);
        Batch[] current = {new Batch()};
        try {
            try {
                journal.readRaw(fromIndex, toIndex, (Walk.OrdinalRawSink) (index, ordinal, kind, version, bytes, offset, length) -> {
                    Batch b = current[0];
                    boolean read = kind != 'C' && (passedOver == null || kind != 'D' || !passedOver.passedOver(version, bytes, offset, length));
                    b.add(index, ordinal, version, bytes, offset, length, read);
                    if (b.size == BATCH || b.used >= BATCH_BYTES) {
                        if (!delivery.hand(b, pool)) throw new Delivery.Stopped();
                        current[0] = delivery.emptyBatch();
                    }
                });
            } catch (Delivery.Stopped stopped) {
                // the sink failed, or a batch could not be decoded: that fault comes first in journal order
            } catch (RuntimeException walk) {
                // what was read before the damage is delivered first: its own fault, if any, comes first
                delivery.hand(current[0], pool);
                delivery.finish(delivering);
                throw walk;
            }
            delivery.hand(current[0], pool);
            delivery.finish(delivering);
        } finally {
            // Whatever ended the read, nothing of it runs once read returns: not the sink, not a decoder.
            delivery.stopped = true;
            pool.shutdownNow();
            awaitTermination(pool, threads);
        }
    }

    /** Waits for the pool's threads to end, keeping an interrupt for the caller to see. */
    private static void awaitTermination(ExecutorService pool, List<Thread> threads) {
        boolean interrupted = false;
        while (true) {
            try {
                if (pool.awaitTermination(1, TimeUnit.DAYS)) break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        // A terminated pool's last worker may still be on its way out: wait until none is alive.
        synchronized (threads) {
            for (Thread t : threads) {
                while (t.isAlive()) {
                    try {
                        t.join();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    /**
     * Hands decoded batches to the sink in the order they were read, on a thread of its own. After
     * the first fault (the sink's, or a batch that cannot be decoded) it delivers nothing more, and
     * the walk stops at its next hand-over.
     */
    private static final class Delivery implements Runnable {
        /** Thrown through the walk to stop it once delivery has stopped. */
        static final class Stopped extends RuntimeException {
            Stopped() {
                super(null, null, false, false);
            }
        }

        private static final Object END = new Object();
        private final Path dir;
        private final Sink sink;
        /** Batches and their decoding futures, alternating, then {@link #END}; bounded: the walk waits for delivery. */
        private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(2 * IN_FLIGHT + 1);
        /** Batches delivered, emptied for the walk to fill again: a batch's arrays were a third of what a read allocated. */
        private final ConcurrentLinkedQueue<Batch> delivered = new ConcurrentLinkedQueue<>();
        private volatile Throwable fault;
        /** Set when the read ends by any path: nothing more reaches the sink. */
        volatile boolean stopped;

        Delivery(Path dir, Sink sink) {
            this.dir = dir;
            this.sink = sink;
        }

        /** Queues a batch read for decoding and delivery; false, queuing nothing, once delivery has stopped. */
        boolean hand(Batch batch, ExecutorService decoders) {
            if (fault != null) return false;
            if (batch.size == 0) return true;
            put(batch);
            put(decoders.submit(batch::decode));
            return true;
        }

        /** A batch to fill: one delivered already, or a new one. */
        Batch emptyBatch() {
            Batch b = delivered.poll();
            return b != null ? b : new Batch();
        }

        /** Waits for everything handed over to be delivered, and throws the first fault delivery met. */
        void finish(Future<?> delivering) {
            put(END);
            try {
                delivering.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading the journal", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
            Throwable first = fault;
            if (first instanceof RuntimeException r) throw r;
            if (first instanceof Error e) throw e;
            if (first != null) throw new IllegalStateException(first);
        }

        private void put(Object item) {
            try {
                queue.put(item);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading the journal", e);
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public void run() {
            try {
                while (true) {
                    Object item = queue.take();
                    if (item == END) return;
                    Future<Decoded> decoding = (Future<Decoded>) queue.take();
                    // after a fault, the walk may still hand over a batch or two before it stops: they are dropped
                    if (fault == null && !stopped) deliver((Batch) item, decoding);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // the read is over: its pool is shutting down
            }
        }

        private void deliver(Batch batch, Future<Decoded> decoding) throws InterruptedException {
            try {
                Decoded d;
                try {
                    d = decoding.get();
                } catch (ExecutionException e) {
                    throw e.getCause();
                }
                for (int i = 0; i < d.count() && !stopped; i++) sink.accept(batch.index[i], d.entries()[i], batch.length[i]);
                if (d.failed() == null) {
                    batch.clear();
                    delivered.offer(batch);
                } else {
                    JournalDamagedException damage = DayFiles.damage(dir, "an entry of the group cannot be read ("
                            + d.failed().getMessage() + ")", batch.index[d.count()], batch.ordinal[d.count()]);
                    damage.initCause(d.failed());
                    throw damage;
                }
            } catch (InterruptedException e) {
                throw e;
            } catch (Throwable t) {
                fault = t;
            }
        }
    }

    /** A batch's entries decoded up to the first that could not be ({@code failed}, at {@code count}), or all of them. */
    private record Decoded(Entry[] entries, int count, BadEntryException failed) {
    }

    /** Entries read but not decoded yet: indexes, and the bytes of those to decode, one after another. */
    private static final class Batch {
        final long[] index = new long[BATCH];
        final long[] ordinal = new long[BATCH];
        final int[] version = new int[BATCH];
        /** Where each entry's bytes start in {@link #bytes}, -1 for one not decoded. */
        final int[] start = new int[BATCH];
        final int[] length = new int[BATCH];
        byte[] bytes = new byte[BATCH * 128];
        int used;
        int size;

        void clear() {
            size = 0;
            used = 0;
        }

        void add(long index, long ordinal, int version, byte[] from, int offset, int length, boolean read) {
            this.index[size] = index;
            this.ordinal[size] = ordinal;
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
}
