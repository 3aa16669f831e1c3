package dev.routing.benchmarks;

import dev.routing.projections.privacy.ForgottenIds;
import dev.routing.projections.privacy.SealedIds;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
 * One lookup in a sealed day's table (docs/decisions/0011), as the record makes one per kept day
 * newer than the day that holds an id: {@code hit} finds an id its table holds, {@code miss} one it
 * does not (what every newer day answers before the day that holds it). The tables are a 10 M
 * journal's per agent and day (33,000 snowflake ids each), off the heap as a mapped file's are, and
 * many of them, so a probe meets memory, not a warm cache.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class SealedLookupBench {
    @Param({"33000"})
    public int idsPerDay;

    @Param({"64"})
    public int days;

    private SealedIds[] tables;
    private String[][] held;
    private String[] absent;
    private final SplittableRandom pick = new SplittableRandom(7);

    @Setup
    public void tables() {
        SplittableRandom random = new SplittableRandom(1);
        tables = new SealedIds[days];
        held = new String[days][];
        for (int d = 0; d < days; d++) {
            String[] ids = new String[idsPerDay];
            for (int i = 0; i < ids.length; i++) ids[i] = Long.toString(1_100_000_000_000_000_000L + random.nextLong(1L << 50));
            held[d] = ids;
            ByteBuffer body = SealedIds.encode(ids.length, i -> ids[i], i -> i % 3 == 0 ? ForgottenIds.NO_READER : 1_000 + i);
            ByteBuffer direct = ByteBuffer.allocateDirect(body.capacity()).order(ByteOrder.LITTLE_ENDIAN);
            direct.put(body.duplicate().clear()).clear();
            tables[d] = SealedIds.over(20_400 + d, SealedIds.Body.of(direct));
        }
        absent = new String[1 << 16];
        for (int i = 0; i < absent.length; i++) absent[i] = Long.toString(1_200_000_000_000_000_000L + random.nextLong(1L << 50));
    }

    /** ns per lookup of an id the table holds. */
    @Benchmark
    public long hit() {
        int d = pick.nextInt(days);
        String[] ids = held[d];
        return tables[d].lookup(ids[pick.nextInt(ids.length)]);
    }

    /** ns per lookup of an id the table does not hold. */
    @Benchmark
    public long miss() {
        return tables[pick.nextInt(days)].lookup(absent[pick.nextInt(absent.length)]);
    }
}
