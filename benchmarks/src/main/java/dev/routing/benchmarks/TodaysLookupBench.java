package dev.routing.benchmarks;

import dev.routing.projections.privacy.ForgottenIds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One lookup in today's ids, the record's table on the heap (docs/decisions/0010), as the fold makes
 * one for every message a turn reads and every id let go: {@code hit} finds an id the table holds,
 * {@code miss} one it does not (a message still stored, or never seen). Sized as one agent's day
 * of the 10 M-message journal would be if one agent held a whole day of every agent's ids (1.4 M
 * snowflake ids), so a probe meets memory, not a warm cache; {@link SealedLookupBench} is the same
 * lookup in a sealed day's table.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class TodaysLookupBench {
    private static final long DAY = 20_400;

    @Param({"1400000"})
    public int ids;

    private ForgottenIds today;
    /** Ids the table holds and ids it does not, 65,536 of each: few enough that the strings looked up stay in cache, as a decoded fact's do. */
    private String[] held;
    private String[] absent;
    private final SplittableRandom pick = new SplittableRandom(7);

    @Setup
    public void table() {
        SplittableRandom random = new SplittableRandom(1);
        List<String> order = new ArrayList<>(ids);
        Map<String, Long> readIn = new HashMap<>();
        for (int i = 0; i < ids; i++) {
            String id = Long.toString(1_100_000_000_000_000_000L + random.nextLong(1L << 50));
            order.add(id);
            if (i % 3 != 0) readIn.put(id, 1_000L + i);
        }
        today = ForgottenIds.fromEarlierForm(order, readIn, DAY);
        held = new String[1 << 16];
        for (int i = 0; i < held.length; i++) held[i] = order.get(random.nextInt(ids));
        absent = new String[1 << 16];
        for (int i = 0; i < absent.length; i++) absent[i] = Long.toString(1_200_000_000_000_000_000L + random.nextLong(1L << 50));
    }

    /** ns per lookup of an id today's table holds. */
    @Benchmark
    public long hit() {
        return today.lookup(held[pick.nextInt(held.length)], DAY);
    }

    /** ns per lookup of an id it does not hold. */
    @Benchmark
    public long miss() {
        return today.lookup(absent[pick.nextInt(absent.length)], DAY);
    }
}
