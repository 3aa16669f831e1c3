package dev.routing.lab.world;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Random;

/**
 * When things happen in a simulated week: weekdays busy (Thursday most, Friday less), Saturday
 * light, Sunday quiet; within a day, working hours 08:00-19:00 UTC with a lunch dip, bursts (a
 * stand-up, an incident, a release) where traffic bunches up for a few minutes, and a trickle in
 * the evening and early morning.
 */
final class Calendar {
    static final long HOUR = 3_600_000L;
    static final long DAY = 24 * HOUR;
    private static final double[] WEEKDAY = {1.0, 1.1, 1.05, 1.2, 0.85, 0.12, 0.02};

    private final Instant start;
    private final int days;

    Calendar(Instant start, int days) {
        this.start = start;
        this.days = days;
    }

    long dayStart(int day) {
        return start.toEpochMilli() + day * DAY;
    }

    double weight(int day) {
        DayOfWeek dow = Instant.ofEpochMilli(dayStart(day)).atOffset(ZoneOffset.UTC).getDayOfWeek();
        return WEEKDAY[dow.getValue() - 1];
    }

    /** The share of the whole simulation's traffic that falls before the end of {@code day}. */
    double cumulative(int day) {
        double total = 0;
        double upTo = 0;
        for (int d = 0; d < days; d++) {
            total += weight(d);
            if (d <= day) upTo += weight(d);
        }
        return upTo / total;
    }

    boolean quiet(int day) {
        return weight(day) < 0.05;
    }

    /** {@code n} instants in the day, sorted: working hours and bursts on a workday, a few daytime ones at a weekend. */
    long[] times(Random r, int day, int n) {
        long base = dayStart(day);
        long[] out = new long[n];
        boolean weekend = weight(day) < 0.5;
        int bursts = weekend ? 1 : 4 + r.nextInt(5);
        long[] centers = new long[bursts];
        for (int b = 0; b < bursts; b++) centers[b] = (long) ((8.5 + r.nextDouble() * 10) * HOUR);
        for (int i = 0; i < n; i++) {
            double x = r.nextDouble();
            long t;
            if (weekend) {
                t = (long) ((10 + r.nextDouble() * 7) * HOUR);
            } else if (x < 0.55) {
                t = workingHour(r);
            } else if (x < 0.9) {
                t = centers[r.nextInt(bursts)] + (long) (r.nextGaussian() * 6 * 60_000);
            } else {
                double h = r.nextBoolean() ? 6 + r.nextDouble() * 2 : 19 + r.nextDouble() * 4.5;
                t = (long) (h * HOUR);
            }
            out[i] = base + Math.max(0, Math.min(DAY - 1, t));
        }
        Arrays.sort(out);
        return out;
    }

    private static long workingHour(Random r) {
        while (true) {
            double h = 8 + r.nextDouble() * 11;
            // lunch: half as busy
            if (h >= 12 && h < 13 && r.nextBoolean()) continue;
            return (long) (h * HOUR);
        }
    }
}
