package dev.routing.engine.audit;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Entry;
import dev.routing.journal.store.Journal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads the entries an audit needs from a range of the journal, in order. Every entry in range is
 * counted, but only those of the types the audit reads are decoded: a state checkpoint's body is
 * not even copied, and notices, retention checkpoints and locus moves (decisions the audit does not
 * report) are passed over by the type name that opens their JSON (the codec writes {@code type}
 * first). Every fact is decoded, so each decision is still read with the fact that caused it.
 *
 * <p>Decoding JSON is most of an audit's work, so it runs on worker threads, a batch at a time,
 * while this thread reads the journal (which belongs to it) and hands the decoded entries to the
 * sink in journal order.
 */
final class EntryReader {
    /** One entry in range: {@code entry} is null for one the audit does not read. */
    interface Sink {
        void accept(long index, Entry entry);
    }

    /** Decisions whose content the audit never reads. */
    static final Set<String> PASSED_OVER = Set.of("notice.issued", "retention.checkpoint", "turn.locusMoved");
    private static final byte[] PREFIX = "{\"type\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final int BATCH = 4_096;
    private static final int IN_FLIGHT = 6;

    private EntryReader() {}

    /** Entries read but not decoded yet: indexes, and the JSON of those the audit reads, one after another. */
    private static final class Batch {
        final long[] index = new long[BATCH];
        final int[] version = new int[BATCH];
        /** Where each entry's JSON starts in {@link #json}, -1 for one passed over. */
        final int[] start = new int[BATCH];
        final int[] length = new int[BATCH];
        byte[] json = new byte[BATCH * 256];
        int used;
        int size;

        void add(long index, int version, byte[] bytes, int offset, int length, boolean read) {
            this.index[size] = index;
            this.version[size] = version;
            if (read) {
                if (used + length > json.length) json = Arrays.copyOf(json, Math.max(json.length * 2, used + length));
                start[size] = used;
                this.length[size] = length;
                System.arraycopy(bytes, offset, json, used, length);
                used += length;
            } else {
                start[size] = -1;
            }
            size++;
        }

        Entry[] decode() {
            Entry[] out = new Entry[size];
            for (int i = 0; i < size; i++) {
                if (start[i] >= 0) out[i] = EntryCodec.decode(version[i], json, start[i], length[i]);
            }
            return out;
        }
    }

    static void read(Journal journal, long fromIndex, long toIndex, Sink sink) {
        int workers = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "audit-decode");
            t.setDaemon(true);
            return t;
        });
        ArrayDeque<Batch> batches = new ArrayDeque<>();
        ArrayDeque<Future<Entry[]>> decoded = new ArrayDeque<>();
        Batch[] current = {new Batch()};
        try {
            journal.readRaw(fromIndex, toIndex, (index, kind, version, json, offset, length) -> {
                Batch b = current[0];
                boolean read = kind != 'C' && !(kind == 'D' && PASSED_OVER.contains(type(json, offset, length)));
                b.add(index, version, json, offset, length, read);
                if (b.size == BATCH) {
                    batches.add(b);
                    decoded.add(pool.submit(b::decode));
                    current[0] = new Batch();
                    while (decoded.size() >= IN_FLIGHT) deliver(batches.poll(), decoded.poll(), sink);
                }
            });
            Batch last = current[0];
            if (last.size > 0) {
                batches.add(last);
                decoded.add(pool.submit(last::decode));
            }
            while (!decoded.isEmpty()) deliver(batches.poll(), decoded.poll(), sink);
        } finally {
            pool.shutdownNow();
        }
    }

    private static void deliver(Batch batch, Future<Entry[]> future, Sink sink) {
        Entry[] entries;
        try {
            entries = future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while decoding the journal", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        }
        for (int i = 0; i < batch.size; i++) sink.accept(batch.index[i], entries[i]);
    }

    /** The type name an entry's JSON opens with, or "" when it does not open that way (then it is decoded). */
    static String type(byte[] json, int offset, int length) {
        if (length <= PREFIX.length) return "";
        for (int i = 0; i < PREFIX.length; i++) {
            if (json[offset + i] != PREFIX[i]) return "";
        }
        int start = offset + PREFIX.length;
        int end = start;
        int limit = offset + length;
        while (end < limit && json[end] != '"') end++;
        return new String(json, start, end - start, StandardCharsets.US_ASCII);
    }
}
