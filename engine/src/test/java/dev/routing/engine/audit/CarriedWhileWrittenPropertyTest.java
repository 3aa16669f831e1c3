package dev.routing.engine.audit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.DraftsHost;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.Sink;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.store.Journal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * the whole audit carried while the journal is still being written (as the sidecar carries a
 * day just sealed while the engine writes the next), from the first entry or chained from the carry
 * before, each written down; once the stream has ended, each is read back and resumed to the
 * journal's end and must give the whole journal's summary, or refuse. Streams long enough for more
 * findings than are explained in place ({@link FindingsWhy#EXPLAINED}).
 */
class CarriedWhileWrittenPropertyTest {
    @TempDir
    Path dir;

    private final AtomicInteger runs = new AtomicInteger();
    private final AtomicInteger resumed = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    private final AtomicInteger findings = new AtomicInteger();
    private final AtomicInteger manyFindings = new AtomicInteger();

    private void seeds(long base, java.util.function.LongFunction<String> one) {
        CarriedAtAnyCutPropertyTest.seeds(base, 8, one);
    }

    @Test
    void streamHostCarriedWhileWritten() {
        seeds(91_000_000L, seed -> {
            List<Action> stream = StreamGenerator.stream(seed, Integer.getInteger("carried.length", 600));
            return played(stream, sink -> StreamHost.play(sink, stream));
        });
        assertTrue(resumed.get() > 0);
    }

    @Test
    void draftsHostCarriedWhileWritten() {
        seeds(92_000_000L, seed -> {
            List<Action> stream = StreamGenerator.stream(seed, Integer.getInteger("carried.length", 600), StreamGenerator.DRAFTS);
            return played(stream, sink -> DraftsHost.play(sink, stream));
        });
        assertTrue(resumed.get() > 0);
    }

    /**
     * Streams with many findings: turns that read a channel message and an operator's message, then
     * speak plainly, under 0.30.0 (which called no turn private), amid the random host's other steps.
     */
    static List<Action> leaky(long seed, int leaks) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        List<Action> s = new ArrayList<>();
        for (int agent = 0; agent < StreamHost.AGENTS.length; agent++) s.add(new Action(Action.Kind.CONFIGURE, agent, 0, 2));
        List<Action> noise = StreamGenerator.stream(seed, 4 * leaks);
        int n = 0;
        for (int i = 0; i < leaks; i++) {
            int agent = random.nextInt(3);
            s.add(new Action(Action.Kind.CHANNEL_MESSAGE, agent, 0, 1));
            s.add(new Action(Action.Kind.OPERATOR_MESSAGE, agent, 0, 1));
            s.add(new Action(Action.Kind.START, agent, 0, 1));
            s.add(new Action(Action.Kind.ROUND, agent, random.nextInt(2) == 0 ? 0 : 1, random.nextInt(2) == 0 ? 0 : 3));
            if (random.nextInt(3) > 0) s.add(new Action(Action.Kind.END, agent, 0, 0));
            for (int k = random.nextInt(4); k > 0 && n < noise.size(); k--) {
                Action x = noise.get(n++);
                if (x.kind() != Action.Kind.CONFIGURE && x.kind() != Action.Kind.CLOCK_JUMP) s.add(x);
            }
            if (random.nextInt(3) > 0) s.add(new Action(Action.Kind.SETTLE, 0, random.nextInt(100), 0));
        }
        return s;
    }

    @Test
    void leakyStreamsCarriedWhileWritten() {
        seeds(93_000_000L, seed -> {
            List<Action> stream = leaky(seed, Integer.getInteger("carried.leaks", 60));
            return played(stream, RuleSet.V0_30_0, sink -> StreamHost.play(sink, stream));
        });
        assertTrue(resumed.get() > 0 && manyFindings.get() > 0);
    }

    /** A sink that carries the whole audit every {@code every} facts, chained from the carry before. */
    private static final class Carrying implements Sink {
        final JournalSink sink;
        final Path journal;
        final int every;
        final List<byte[]> carried = new ArrayList<>();
        int facts;

        Carrying(JournalSink sink, Path journal, int every) {
            this.sink = sink;
            this.journal = journal;
            this.every = every;
        }

        @Override
        public List<Decision> accept(Fact fact) {
            List<Decision> ds = sink.accept(fact);
            if (++facts % every == 0) carry();
            return ds;
        }

        @Override
        public List<Decision> restart(Instant at) {
            return sink.restart(at);
        }

        void carry() {
            try (Journal j = Journal.openReader(journal)) {
                if (j.lastIndex() < 0) return;
                Carried base = null;
                // every other carry chained from the one before, as the sidecar's chain is
                if (!carried.isEmpty() && carried.size() % 2 == 1) {
                    byte[] b = carried.get(carried.size() - 1);
                    base = Carried.unpack(b, 0, b.length);
                }
                carried.add(AuditWindow.carry(j, base, j.lastIndex() + 1, n -> { }).pack());
            }
        }
    }

    private String played(List<Action> stream, Consumer<Sink> play) {
        return played(stream, stream.size() % 2 == 0 ? RuleSet.V0_30_0 : RuleSet.CURRENT, play);
    }

    private String played(List<Action> stream, RuleSet rules, Consumer<Sink> play) {
        Path journal = dir.resolve("j" + runs.incrementAndGet());
        Carrying carrying;
        try (JournalSink sink = JournalSink.batched(journal, rules, 40)) {
            carrying = new Carrying(sink, journal, 25 + (int) (stream.size() % 17));
            play.accept(carrying);
        }
        try (Journal j = Journal.openReader(journal)) {
            AuditReport whole = AuditWindow.run(j, null, null, null, n -> { });
            AuditSummary fresh = AuditSummary.of(whole, whole.findings().isEmpty() ? FindingsWhy.none() : FindingsWhy.of(j, whole));
            findings.addAndGet(fresh.findings().size());
            if (fresh.findings().size() > FindingsWhy.EXPLAINED) manyFindings.incrementAndGet();
            for (int i = 0; i < carrying.carried.size(); i++) {
                byte[] b = carrying.carried.get(i);
                Carried.Resumed r = AuditWindow.resume(j, Carried.unpack(b, 0, b.length), n -> { });
                if (r.refused() != null) {
                    refused.incrementAndGet();
                    continue;
                }
                resumed.incrementAndGet();
                if (!fresh.equals(r.summary())) {
                    return "carry " + i + " of " + carrying.carried.size() + " resumed is not the whole journal's:\n  resumed "
                            + r.summary() + "\n  from the first entry " + fresh;
                }
            }
        }
        return null;
    }
}
