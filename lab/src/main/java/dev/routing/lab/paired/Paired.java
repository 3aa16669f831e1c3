package dev.routing.lab.paired;

import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * Times two reads of the same journal as a pair, pass after pass, each alternating with the other,
 * and gives the median of each: a ratio from one run then compares the two under the same machine
 * (a background job, the page cache, a collection), and passes that warm the JIT first keep its
 * compiling out of the figures (a second pass still met C2 at work on the fold).
 */
public final class Paired {
    /** Passes of each read before the timed ones, run and thrown away. */
    public static final int WARM = 2;
    /** Timed passes of each read: the median of an odd count is one of them. */
    public static final int TIMED = 5;

    /** One read's median seconds, and the entries it read (the same on every pass). */
    public record Timing(double seconds, long entries) {
        public double rate() {
            return entries / seconds;
        }
    }

    public record Result(Timing first, Timing second) {
        /** The second read's speed as a ratio of the first's. */
        public double ratio() {
            return second.rate() / first.rate();
        }
    }

    private Paired() {}

    /** Each read returns the entries it read; {@code between} runs after every pass (progress). */
    public static Result time(LongSupplier first, LongSupplier second, Runnable between) {
        for (int i = 0; i < WARM; i++) {
            first.getAsLong();
            second.getAsLong();
            between.run();
        }
        double[] a = new double[TIMED];
        double[] b = new double[TIMED];
        long entriesA = 0;
        long entriesB = 0;
        for (int i = 0; i < TIMED; i++) {
            long start = System.nanoTime();
            entriesA = first.getAsLong();
            a[i] = (System.nanoTime() - start) / 1e9;
            start = System.nanoTime();
            entriesB = second.getAsLong();
            b[i] = (System.nanoTime() - start) / 1e9;
            between.run();
        }
        return new Result(new Timing(median(a), entriesA), new Timing(median(b), entriesB));
    }

    /**
     * Times one thing alone the same way, for a figure with no baseline to pair it with (the engine's
     * append): {@link #WARM} passes thrown away, then the median of {@link #TIMED}.
     */
    public static Timing alone(LongSupplier run, Runnable between) {
        for (int i = 0; i < WARM; i++) {
            run.getAsLong();
            between.run();
        }
        double[] seconds = new double[TIMED];
        long count = 0;
        for (int i = 0; i < TIMED; i++) {
            long start = System.nanoTime();
            count = run.getAsLong();
            seconds[i] = (System.nanoTime() - start) / 1e9;
            between.run();
        }
        return new Timing(median(seconds), count);
    }

    /** The median of {@code seconds}: of an odd count, one of them. */
    public static double median(double[] seconds) {
        double[] sorted = seconds.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
