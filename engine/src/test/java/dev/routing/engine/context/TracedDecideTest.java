package dev.routing.engine.context;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.Core;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.DraftsHost;
import dev.routing.engine.testing.Property;
import dev.routing.engine.testing.Sink;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.projections.StateCodec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Explain's ground: a traced decide is the same decide. Over random streams, the core deciding with
 * a trace answers every fact with the same decisions, byte for byte, and reaches the same state as
 * one deciding without, and every decision it makes says the RULES id of the rule that made it.
 */
class TracedDecideTest {

    /** Feeds two cores side by side, one traced; the first difference or unexplained decision is the failure. */
    private static final class Twins implements Sink {
        Core plain = new Core(RuleSet.CURRENT);
        Core traced = new Core(RuleSet.CURRENT);
        boolean started;
        final List<String> problems = new ArrayList<>();

        @Override
        public List<Decision> accept(Fact fact) {
            if (!started) {
                started = true;
                both(new EngineStarted(fact.at(), "current"));
            }
            return both(fact);
        }

        @Override
        public List<Decision> restart(Instant at) {
            plain = new Core(StateCodec.fromTree(StateCodec.toTree(plain.state())), RuleSet.CURRENT);
            traced = new Core(StateCodec.fromTree(StateCodec.toTree(traced.state())), RuleSet.CURRENT);
            List<Decision> out = new ArrayList<>(both(new EngineStarted(at, "current")));
            out.addAll(both(new ProcessRestarted(at)));
            return out;
        }

        private List<Decision> both(Fact fact) {
            List<Decision> a = plain.accept(fact);
            Trace trace = new Trace();
            List<Decision> b = traced.accept(fact, trace);
            if (!problems.isEmpty()) return a;
            if (!a.equals(b)) problems.add("the " + fact.type() + " decided " + a + " untraced but " + b + " traced");
            List<Why> whys = trace.whys();
            if (whys.size() != b.size()) problems.add("the " + fact.type() + ": " + b.size() + " decisions, " + whys.size() + " reasons");
            for (int i = 0; i < Math.min(whys.size(), b.size()); i++) {
                if (whys.get(i).rule() == null) problems.add("no rule said for " + EntryCodec.toJson(b.get(i)) + " answering " + EntryCodec.toJson(fact));
            }
            return a;
        }

        String verdict() {
            if (problems.isEmpty() && !Arrays.equals(StateCodec.toBytes(plain.state()), StateCodec.toBytes(traced.state()))) {
                problems.add("the states differ");
            }
            return problems.isEmpty() ? null : problems.get(0);
        }
    }

    private static String twins(List<Action> stream, Function<Sink, Object> play) {
        Twins twins = new Twins();
        play.apply(twins);
        return twins.verdict();
    }

    @Test
    void aTracedDecideMakesTheSameDecisionsAndSaysTheRuleOfEach() {
        Property.check("traced decide", Property.baseSeed(3_500_000L), Math.max(1, Property.streams(10_000) / 20), 120,
                stream -> twins(stream, sink -> StreamHost.play(sink, stream)));
    }

    @Test
    void aTracedDecideOfDraftsTrafficMakesTheSameDecisionsAndSaysTheRuleOfEach() {
        Property.check("traced decide, drafts", Property.baseSeed(3_600_000L), Math.max(1, Property.streams(10_000) / 50),
                seed -> StreamGenerator.stream(seed, 60, StreamGenerator.DRAFTS),
                stream -> twins(stream, sink -> DraftsHost.play(sink, stream)));
        assertTrue(true);
    }
}
