package dev.routing.engine.privacy;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.CoreSink;
import dev.routing.engine.testing.Property;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.reference.ReferenceModel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The engine against an oracle that is not the engine: over random streams (every wake cause, with
 * the shapes that found this property's leaks: retakes and heartbeats that waited on a turn, a wake
 * id queued twice, {{unsent}} with words of its own in private turns, scripts of ended turns and of
 * other residents', message and turn ids never told of, stored private input at every timing,
 * restarts between them), the naive {@link ReferenceModel} written from RULES P3-P10 must agree
 * with every start and boundary the engine decides, opened or continued, private or not, and find
 * nothing a private turn may not publish or hold.
 */
class ReferenceModelPropertyTest {

    @Test
    void P3_P10_theEngineDecidesEveryStartAndBoundaryAsTheReferenceModelDoes() {
        Property.check("the reference model agrees", Property.baseSeed(9_000_000L), Property.streams(10_000),
                seed -> StreamGenerator.mixed(seed, 60, Property.longHistoryEvery()), stream -> disagreement(RuleSet.CURRENT, stream));
    }

    /**
     * Issue 25: agents with histories of thousands of public messages, each read and let go, then
     * named again by wakes, reads, redos and scripts, across restarts and weeks of clock: no count of
     * later messages or turns may turn an old public one private, and no id never stored public.
     */
    @Test
    void P2_P10_P15_agentsWithLongHistoriesAgreeWithTheReferenceModel() {
        Property.check("the reference model agrees over long histories", Property.baseSeed(9_500_000L),
                Math.max(2, Property.streams(10_000) / 400), seed -> StreamGenerator.withLongHistories(seed, 120),
                stream -> disagreement(RuleSet.CURRENT, stream));
    }

    /** The property has teeth: the same streams decided under 0.30.0, which calls no turn private, disagree. */
    @Test
    void P17_underThe0300RulesTheReferenceModelDisagrees() {
        String found = null;
        for (int i = 0; i < 200 && found == null; i++) {
            found = disagreement(RuleSet.V0_30_0, StreamGenerator.stream(9_000_000L + i, 60));
        }
        assertNotNull(found, "no stream disagreed under 0.30.0: the property could not fail");
    }

    /** Null when the engine and the model agree on the whole stream; else the first disagreement, with its fact. */
    static String disagreement(RuleSet rules, List<Action> stream) {
        CoreSink sink = new CoreSink(rules);
        StreamHost.play(sink, stream);
        ReferenceModel model = new ReferenceModel();
        Fact fact = null;
        List<Decision> answer = new ArrayList<>();
        List<Entry> entries = new ArrayList<>(sink.entries());
        entries.add(null);
        for (Entry entry : entries) {
            if (entry instanceof Decision d) {
                answer.add(d);
                continue;
            }
            if (fact != null) {
                String problem = model.step(fact, answer);
                if (problem != null) return problem + "\n  at " + fact + "\n  answered " + answer;
            }
            fact = (Fact) entry;
            answer = new ArrayList<>();
        }
        return null;
    }
}
