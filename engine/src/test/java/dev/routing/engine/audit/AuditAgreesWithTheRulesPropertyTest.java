package dev.routing.engine.audit;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.counterfactual.Counterfactual;
import dev.routing.engine.counterfactual.Difference;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.CoreSink;
import dev.routing.engine.testing.Property;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.TurnContinued;
import dev.routing.journal.event.TurnMadePrivate;
import dev.routing.journal.event.TurnOpened;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The audit reads private input from the facts alone, whatever the rules; over random valid streams
 * (every wake cause, boundaries, retakes, history changes, restarts, modes) it must agree with the
 * rules themselves: under today's rules its turns that took in private input are exactly the
 * engine's private turns, and it finds no leak; under 0.30.0 its findings are exactly the plain
 * speech that re-deciding under today's rules withholds.
 *
 * <p>The seed's ids (private-turns.txt): B1 is P4.
 */
class AuditAgreesWithTheRulesPropertyTest {

    @Test
    void P4_underTodaysRulesTheAuditReadsTheSamePrivateTurnsAndFindsNoLeak() {
        Property.check("audit agrees with today's rules", Property.baseSeed(6_000_000L), Property.streams(10_000) / 5, 60,
                stream -> {
                    List<Entry> entries = play(RuleSet.CURRENT, stream);
                    AuditReport report = audit(entries);
                    Set<Long> audited = new TreeSet<>();
                    report.agents().forEach(a -> a.turns().forEach(t -> {
                        if (t.tookInPrivateInput()) audited.add(t.turn());
                    }));
                    Set<Long> engine = privateTurns(entries);
                    if (!audited.equals(engine)) return "the audit read " + audited + " as private input turns, the engine " + engine;
                    if (!report.findings().isEmpty()) return "findings under today's rules: " + report.findings();
                    return null;
                });
    }

    @Test
    void P4_under0300TheFindingsAreExactlyWhatTodaysRulesWithhold() {
        Property.check("audit findings are what today's rules withhold", Property.baseSeed(6_500_000L),
                Property.streams(10_000) / 5, 60, stream -> {
                    List<Entry> entries = play(RuleSet.V0_30_0, stream);
                    Set<String> found = new TreeSet<>();
                    audit(entries).findings().forEach(f -> found.add(f.turn() + "/" + f.round()));
                    Set<String> withheld = new TreeSet<>();
                    for (Difference d : Counterfactual.run(entries, RuleSet.CURRENT).withheldPlainSpeech()) {
                        withheld.add(d.turn() + "/" + d.round());
                    }
                    return found.equals(withheld) ? null : "the audit found " + found + ", today's rules withhold " + withheld;
                });
    }

    /** The property has teeth: under 0.30.0 the same streams do leak, and the audit finds them. */
    @Test
    void P4_under0300SomeStreamsHaveFindings() {
        int with = 0;
        for (int i = 0; i < 500; i++) {
            List<Entry> entries = play(RuleSet.V0_30_0, dev.routing.engine.testing.StreamGenerator.stream(6_500_000L + i, 60));
            if (!audit(entries).findings().isEmpty()) with++;
        }
        org.junit.jupiter.api.Assertions.assertTrue(with > 10, "streams with findings: " + with + " of 500");
    }

    private static List<Entry> play(RuleSet rules, List<Action> stream) {
        CoreSink sink = new CoreSink(rules);
        StreamHost.play(sink, stream);
        return sink.entries();
    }

    private static AuditReport audit(List<Entry> entries) {
        Audit audit = Audit.fresh();
        for (int i = 0; i < entries.size(); i++) audit.accept(entries.get(i), i);
        return audit.report("memory", new AuditReport.Window(null, null, null, null),
                new AuditReport.Reading(-1, 0, entries.size(), entries.size(), 0, entries.size() - 1), null);
    }

    private static Set<Long> privateTurns(List<Entry> entries) {
        Set<Long> turns = new TreeSet<>();
        for (Entry e : entries) {
            if (!(e instanceof Decision)) continue;
            if (e instanceof TurnOpened o && o.isPrivate()) turns.add(o.turn());
            if (e instanceof TurnContinued c && c.isPrivate()) turns.add(c.turn());
            if (e instanceof TurnMadePrivate p) turns.add(p.turn());
        }
        return turns;
    }
}
