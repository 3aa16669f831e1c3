package dev.routing.engine.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.routing.engine.Core;
import dev.routing.engine.Engine;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.CoreSink;
import dev.routing.engine.testing.Scripts;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.event.PublishOutcome;
import dev.routing.journal.event.PublishRequested;
import dev.routing.journal.event.TurnEnded;
import dev.routing.journal.event.TurnOpened;
import dev.routing.projections.EngineState;
import dev.routing.projections.Fold;
import dev.routing.projections.StateCodec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * P10: the privacy record (and every other projection) is rebuilt from the journal, so a restore
 * changes nothing. For every scenario and every point in it: the state restored from a
 * checkpoint there decides all later facts exactly as the run without a restore did; and at every
 * quiet point (no turn open, no attempt out) a real restart of a journaled engine does the same.
 */
class RestartAnywhereTest {

    static Stream<Path> scenarios() {
        return Scripts.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void P10_aStateRestoredAtAnyPointDecidesTheRestAsTheUninterruptedRunDid(Path script) {
        List<Fact> facts = Scripts.read(script);
        CoreSink whole = new CoreSink(RuleSet.CURRENT);
        List<List<Decision>> expected = new ArrayList<>();
        List<Decision> decided = new ArrayList<>();
        List<Fact> resolved = new ArrayList<>();
        for (Fact f : facts) {
            Fact r = Scripts.resolve(f, decided);
            resolved.add(r);
            List<Decision> ds = whole.accept(r);
            expected.add(ds);
            decided.addAll(ds);
        }
        List<Entry> entries = whole.entries();
        for (int cut = 0; cut <= resolved.size(); cut++) {
            Fold head = new Fold();
            entries.subList(0, entryIndexOfFact(entries, resolved, cut)).forEach(head::accept);
            EngineState restored = StateCodec.fromTree(StateCodec.toTree(head.state()));
            Core core = new Core(restored, RuleSet.CURRENT);
            for (int i = cut; i < resolved.size(); i++) {
                assertEquals(json(expected.get(i)), json(core.accept(resolved.get(i))),
                        script.getFileName() + ": restored before fact " + cut + ", fact " + i + " decided otherwise");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void P10_aRealRestartAtAnyQuietPointChangesNoLaterDecision(Path script, @TempDir Path dir) {
        List<Fact> facts = Scripts.read(script);
        List<List<Decision>> expected = new ArrayList<>();
        List<Integer> quiet = new ArrayList<>();
        try (Engine engine = Engine.open(dir.resolve("whole"), RuleSet.CURRENT, null)) {
            List<Decision> decided = new ArrayList<>();
            Set<Long> open = new HashSet<>();
            Set<Long> out = new HashSet<>();
            for (Fact f : facts) {
                if (open.isEmpty() && out.isEmpty()) quiet.add(expected.size());
                List<Decision> ds = engine.accept(Scripts.resolve(f, decided));
                expected.add(ds);
                decided.addAll(ds);
                for (Decision d : ds) {
                    if (d instanceof TurnOpened o) open.add(o.turn());
                    if (d instanceof PublishRequested p) out.add(p.attempt());
                    if (d instanceof PublishOutcome o) out.remove(o.attempt());
                }
                if (f instanceof TurnEnded e) open.remove(e.turn());
                if (f instanceof ProcessRestarted) open.clear();
            }
        }
        for (int cut : quiet) {
            Path j = dir.resolve("cut" + cut);
            List<Decision> decided = new ArrayList<>();
            Engine engine = Engine.open(j, RuleSet.CURRENT, null);
            try {
                for (int i = 0; i < facts.size(); i++) {
                    if (i == cut && i > 0) {
                        engine.close();
                        engine = Engine.open(j, RuleSet.CURRENT, facts.get(i).at());
                        assertEquals(List.of(), json(engine.openingDecisions()), "a quiet restart decides nothing");
                    }
                    List<Decision> ds = engine.accept(Scripts.resolve(facts.get(i), decided));
                    decided.addAll(ds);
                    if (i >= cut) {
                        assertEquals(json(expected.get(i)), json(ds),
                                script.getFileName() + ": restarted before fact " + cut + ", fact " + i + " decided otherwise");
                    }
                }
            } finally {
                engine.close();
            }
        }
    }

    private static int entryIndexOfFact(List<Entry> entries, List<Fact> facts, int cut) {
        if (cut >= facts.size()) return entries.size();
        Fact target = facts.get(cut);
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i) == target) return i;
        }
        throw new IllegalStateException("fact " + cut + " not among the entries");
    }

    private static List<String> json(List<Decision> decisions) {
        return decisions.stream().map(EntryCodec::toJson).toList();
    }
}
