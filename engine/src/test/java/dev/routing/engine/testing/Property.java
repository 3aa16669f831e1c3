package dev.routing.engine.testing;

import dev.routing.journal.codec.EntryCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.opentest4j.AssertionFailedError;

/**
 * Our own small property runner (we do not use jqwik: its maintainers ask AI coding agents not to).
 * It plays {@code streams} random host streams, seeds {@code base}, {@code base + 1}, ...; a
 * property answers null when a stream is fine, or what went wrong. A failure is shrunk to a
 * minimal stream (deleting chunks of actions while it still fails) and reported with its seed and
 * its facts, so {@code -Dproperty.seed=S -Dproperty.streams=1} replays it exactly.
 */
public final class Property {
    /** Streams per property in the default build; the soak profile raises it. */
    public static int streams(int defaultCount) {
        return Integer.getInteger("property.streams", defaultCount);
    }

    /**
     * How often a mixed stream gives its agents long histories (every N-th seed; 0: never): 100 in
     * the default build, so 10,000 streams hold 100 with thousands of messages per agent.
     */
    public static int longHistoryEvery() {
        return Integer.getInteger("property.longEvery", 100);
    }

    public static long baseSeed(long defaultSeed) {
        return Long.getLong("property.seed", defaultSeed);
    }

    private Property() {}

    public static void check(String name, long base, int streams, int maxLength, Function<List<Action>, String> property) {
        check(name, base, streams, seed -> StreamGenerator.stream(seed, maxLength), property);
    }

    public static void check(String name, long base, int streams, java.util.function.LongFunction<List<Action>> generator,
            Function<List<Action>, String> property) {
        check(name, base, streams, generator, property, Property::facts);
    }

    /** {@code describe} prints a minimal stream as facts, for hosts other than {@link StreamHost}. */
    public static void check(String name, long base, int streams, java.util.function.LongFunction<List<Action>> generator,
            Function<List<Action>, String> property, Function<List<Action>, String> describe) {
        for (int i = 0; i < streams; i++) {
            long seed = base + i;
            List<Action> stream = generator.apply(seed);
            String failure = run(property, stream);
            if (failure == null) continue;
            List<Action> minimal = shrink(property, stream);
            String why = run(property, minimal);
            throw new AssertionFailedError(name + " failed for seed " + seed
                    + " (rerun: -Dproperty.seed=" + seed + " -Dproperty.streams=1)\n" + why
                    + "\nminimal stream (" + minimal.size() + " of " + stream.size() + " actions): " + minimal
                    + "\nits facts:\n" + describe.apply(minimal));
        }
    }

    private static String run(Function<List<Action>, String> property, List<Action> stream) {
        try {
            return property.apply(stream);
        } catch (RuntimeException | AssertionError e) {
            return "threw " + e;
        }
    }

    /** Delta debugging: remove chunks, halving their size, while the property still fails. */
    static List<Action> shrink(Function<List<Action>, String> property, List<Action> failing) {
        List<Action> current = new ArrayList<>(failing);
        for (int chunk = Math.max(1, current.size() / 2); chunk >= 1; chunk /= 2) {
            boolean removed;
            do {
                removed = false;
                for (int start = 0; start + chunk <= current.size(); start += chunk) {
                    List<Action> candidate = new ArrayList<>(current.subList(0, start));
                    candidate.addAll(current.subList(start + chunk, current.size()));
                    if (run(property, candidate) != null) {
                        current = candidate;
                        removed = true;
                        break;
                    }
                }
            } while (removed);
        }
        return current;
    }

    private static String facts(List<Action> actions) {
        StringBuilder out = new StringBuilder();
        StreamHost.play(new CoreSink(dev.routing.engine.context.RuleSet.CURRENT), actions).facts()
                .forEach(f -> out.append(EntryCodec.toJson(f)).append('\n'));
        return out.toString();
    }
}
