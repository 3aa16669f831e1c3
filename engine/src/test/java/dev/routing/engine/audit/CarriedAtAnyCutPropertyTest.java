package dev.routing.engine.audit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.DraftsHost;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.store.DecodedReader;
import dev.routing.journal.store.Journal;
import dev.routing.projections.StateCodec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * the whole audit carried at any group boundary (not only a day's end), written down, read
 * back, and resumed to the journal's end, gives the whole journal's summary or refuses; also chained
 * (a carry from a read-back carry). Played by the stream host and by the drafts host (which the
 * property test of the change does not play: drafts, envelopes, unknown outcomes, refused calls).
 */
class CarriedAtAnyCutPropertyTest {
    @TempDir
    Path dir;

    private final AtomicInteger runs = new AtomicInteger();
    private final AtomicInteger resumed = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();

    private void seeds(long base, java.util.function.LongFunction<String> one) {
        seeds(base, 12, one);
    }

    /**
     * Seeds from {@code -Dcarried.seed} (default {@code base}), {@code -Dcarried.streams} of them
     * (default {@code count}); no shrinking (it is slow here): the first failing seed is named.
     */
    static void seeds(long base, int count, java.util.function.LongFunction<String> one) {
        base = Long.getLong("carried.seed", base);
        int streams = Integer.getInteger("carried.streams", count);
        for (long seed = base; seed < base + streams; seed++) {
            String bad;
            try {
                bad = one.apply(seed);
            } catch (RuntimeException e) {
                bad = "threw " + e;
            }
            if (bad != null) throw new org.opentest4j.AssertionFailedError("seed " + seed + ": " + bad);
        }
    }

    @Test
    void streamHostJournalsCarriedAtAnyCut() {
        seeds(77_000_000L, seed -> {
            List<Action> stream = StreamGenerator.stream(seed, 200);
            return journalOf(stream, sink -> StreamHost.play(sink, stream));
        });
        assertTrue(resumed.get() > 0, resumed + " resumed, " + refused + " refused");
    }

    /** More findings than are explained in place, cut anywhere: chains carried, the rest re-decided. */
    @Test
    void leakyJournalsCarriedAtAnyCut() {
        seeds(80_000_000L, seed -> {
            List<Action> stream = CarriedWhileWrittenPropertyTest.leaky(seed, 50);
            return journalOf(stream, sink -> StreamHost.play(sink, stream));
        });
        assertTrue(resumed.get() > 0);
    }

    /** Agents with long histories first (thousands of messages each, let go and named again later): the privacy reading's state is large. */
    @Test
    void longHistoryJournalsCarriedAtAnyCut() {
        long base = Long.getLong("carried.seed", 79_000_000L);
        for (long seed = base; seed < base + Integer.getInteger("carried.longStreams", 2); seed++) {
            List<Action> stream = StreamGenerator.withLongHistories(seed, 300);
            String bad = journalOf(stream, sink -> StreamHost.play(sink, stream));
            if (bad != null) throw new org.opentest4j.AssertionFailedError("seed " + seed + ": " + bad);
        }
    }

    @Test
    void draftsHostJournalsCarriedAtAnyCut() {
        seeds(78_000_000L, seed -> {
            List<Action> stream = StreamGenerator.stream(seed, 160, StreamGenerator.DRAFTS);
            return journalOf(stream, sink -> DraftsHost.play(sink, stream));
        });
        assertTrue(resumed.get() > 0, resumed + " resumed, " + refused + " refused");
    }

    private String journalOf(List<Action> stream, Consumer<JournalSink> play) {
        Path journal = dir.resolve("j" + runs.incrementAndGet());
        RuleSet rules = stream.size() % 2 == 0 ? RuleSet.V0_30_0 : RuleSet.CURRENT;
        try (JournalSink sink = JournalSink.batched(journal, rules, 40)) {
            play.accept(sink);
        }
        return check(journal, stream.size());
    }

    String check(Path journal, long salt) {
        try (Journal j = Journal.openReader(journal)) {
            if (j.lastIndex() < 0) return null;
            AuditReport whole = AuditWindow.run(j, null, null, null, n -> { });
            AuditSummary fresh = AuditSummary.of(whole, whole.findings().isEmpty() ? FindingsWhy.none() : FindingsWhy.of(j, whole));
            TreeSet<Long> groups = new TreeSet<>();
            DecodedReader.read(j, -1, Long.MAX_VALUE, Audit.PASSED_OVER, (index, entry, bytes) -> groups.add(index));
            List<Long> all = new ArrayList<>(groups);
            List<Long> cuts = new ArrayList<>();
            int n = all.size();
            int every = Math.max(1, n / 6);
            for (int i = (int) (salt % every); i < n; i += every) cuts.add(all.get(i));
            cuts.add(all.get(n - 1));
            Carried previous = null;
            for (long cut : cuts) {
                String bad = oneCut(j, fresh, null, cut, "cut at 0x" + Long.toHexString(cut));
                if (bad != null) return bad;
                if (previous != null) {
                    bad = oneCut(j, fresh, previous, cut, "chained to 0x" + Long.toHexString(cut));
                    if (bad != null) return bad;
                }
                Carried c = AuditWindow.carry(j, null, cut, x -> { });
                byte[] b = c.pack();
                previous = Carried.unpack(b, 0, b.length);
            }
        }
        return null;
    }

    private String oneCut(Journal j, AuditSummary fresh, Carried base, long cut, String what) {
        Carried c = AuditWindow.carry(j, base == null ? null : readBack(base), cut, x -> { });
        byte[] bytes = c.pack();
        Carried u = Carried.unpack(bytes, 0, bytes.length);
        String before = StateCodec.toJson(c.audit.privateInput.state);
        String after = StateCodec.toJson(u.audit.privateInput.state);
        if (!before.equals(after)) return what + ": the privacy reading's state read back is not the state written";
        Carried.Resumed r = AuditWindow.resume(j, u, x -> { });
        if (r.refused() != null) {
            refused.incrementAndGet();
            return null;
        }
        resumed.incrementAndGet();
        if (!fresh.equals(r.summary())) {
            return what + ": resumed is not the whole journal's:\n  resumed " + r.summary() + "\n  from the first entry " + fresh;
        }
        return null;
    }

    private static Carried readBack(Carried c) {
        byte[] b = c.pack();
        return Carried.unpack(b, 0, b.length);
    }
}
