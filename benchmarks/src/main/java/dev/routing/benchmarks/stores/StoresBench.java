package dev.routing.benchmarks.stores;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The persisted id record's candidate stores side by side (ADR 0010): for one store and N ids of
 * {@link IdShape}, {@code build} puts every id and reports the time per insert and the bytes on
 * disk per id; {@code open}, in a JVM of its own (a restart), reports the time from the open to
 * the first answer, the heap the open store holds, and the time per lookup over N random hits and
 * N/10 misses, every answer checked.
 *
 * <pre>
 * java $FLAGS -cp benchmarks/target/benchmarks.jar dev.routing.benchmarks.stores.StoresBench build|open STORE N DIR
 * </pre>
 * STORE: mapped (Chronicle Bytes' MappedBytes, our table), chronicle-map, lmdb, rocksdb.
 */
public final class StoresBench {
    private StoresBench() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: StoresBench build|open mapped|chronicle-map|lmdb|rocksdb N DIR");
            System.exit(2);
        }
        String phase = args[0];
        String name = args[1];
        int n = Integer.parseInt(args[2]);
        Path dir = Path.of(args[3]);
        IdShape ids = new IdShape(n, 34);
        byte[] key = new byte[32];
        if (phase.equals("build")) {
            Files.createDirectories(dir);
            long start = System.nanoTime();
            try (IdStore store = store(name)) {
                store.create(dir, n);
                for (int i = 0; i < n; i++) store.put(ids.agent[i], ids.id[i], key, ids.key(i, key), ids.turn[i]);
                store.flush();
            }
            double ns = (System.nanoTime() - start) / (double) n;
            long bytes = bytesIn(dir);
            System.out.printf(Locale.ROOT, "%-14s %,d ids  insert %.0f ns/id  on disk %,d bytes (%.1f per id)%n", name, n, ns, bytes,
                    (double) bytes / n);
            return;
        }
        long heapBefore = heapUsed();
        long start = System.nanoTime();
        IdStore store = store(name);
        store.open(dir);
        long first = store.get(ids.agent[0], ids.id[0], key, ids.key(0, key));
        double openMs = (System.nanoTime() - start) / 1e6;
        if (first != ids.turn[0]) throw new IllegalStateException("the first id answers " + first);
        // the library's own start is in the first open; a second open in the same JVM is the file's alone
        store.close();
        start = System.nanoTime();
        store = store(name);
        store.open(dir);
        first = store.get(ids.agent[0], ids.id[0], key, ids.key(0, key));
        double reopenMs = (System.nanoTime() - start) / 1e6;
        long heap = heapUsed() - heapBefore;
        double[] lookNs = new double[2];
        long wrong = 0;
        int misses = n / 10;
        for (int pass = 0; pass < 2; pass++) {
            SplittableRandom r = new SplittableRandom(7 + pass);
            long lookStart = System.nanoTime();
            for (int q = 0; q < n; q++) {
                int i = r.nextInt(n);
                if (store.get(ids.agent[i], ids.id[i], key, ids.key(i, key)) != ids.turn[i]) wrong++;
            }
            for (int q = 0; q < misses; q++) {
                int i = r.nextInt(n);
                if (store.get(ids.agent[i], ids.id[i] + 1, key, ids.missingKey(i, key)) != -1) wrong++;
            }
            lookNs[pass] = (System.nanoTime() - lookStart) / (double) (n + misses);
        }
        store.close();
        System.out.printf(Locale.ROOT, "%-14s %,d ids  open %.1f ms to the first answer (again in the same JVM %.1f ms)  heap %,d bytes"
                + "  lookup %.0f ns/id, %.0f the second pass (%,d hits, %,d misses a pass, %d wrong)%n", name, n, openMs, reopenMs, heap,
                lookNs[0], lookNs[1], n, misses, wrong);
        if (wrong > 0) System.exit(1);
    }

    private static IdStore store(String name) {
        return switch (name) {
            case "mapped" -> new MappedTableStore();
            case "chronicle-map" -> new ChronicleMapStore();
            case "lmdb" -> new LmdbStore();
            case "rocksdb" -> new RocksStore();
            default -> throw new IllegalArgumentException("no store " + name);
        };
    }

    /** Bytes the store's files take on disk: allocated blocks ({@code du}), so a sparse file counts what it holds. */
    private static long bytesIn(Path dir) throws IOException {
        Process du = new ProcessBuilder("du", "-s", "-B1", dir.toString()).redirectErrorStream(true).start();
        String out = new String(du.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
        try {
            du.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Long.parseLong(out.split("\\s+")[0]);
    }

    private static long heapUsed() {
        for (int i = 0; i < 3; i++) System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
