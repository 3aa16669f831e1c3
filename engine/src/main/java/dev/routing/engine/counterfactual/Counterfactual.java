package dev.routing.engine.counterfactual;

import dev.routing.engine.Core;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Answers;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.RoundSpoken;
import dev.routing.journal.event.ScriptCalled;
import dev.routing.journal.event.SpeechRouted;
import dev.routing.journal.event.ToolDecided;
import dev.routing.journal.event.TurnOpened;
import dev.routing.journal.store.Journal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongConsumer;

/**
 * Would other rules have decided a recorded week differently? Re-decides every recorded fact, in
 * memory ({@link Core}), under the rules asked for, and compares each fact's answer with the one
 * the journal records, decision by decision. The journal is only read.
 *
 * <p>The host's facts are replayed as recorded: a connector's answer goes to the attempt that
 * stands for the recorded one, and one for an attempt the other rules never made is dropped.
 */
public final class Counterfactual {
    /** What re-deciding found. {@code recordedRules} lists the rule sets the journal was decided under. */
    public record Result(List<String> recordedRules, String redecidedRules, long facts, long recordedDecisions,
            long redecidedDecisions, long decisionsDiffering, List<Difference> differences, Map<String, Integer> changes,
            int turns) {

        public List<Difference> withheld() {
            return differences.stream().filter(Difference::withheld).toList();
        }

        /** The withheld publications of plain speech: the leaks the other rules prevent. */
        public List<Difference> withheldPlainSpeech() {
            return differences.stream().filter(Difference::withheldPlainSpeech).toList();
        }
    }

    private final Core core;
    private final RuleSet rules;
    private final IdMap ids = new IdMap();
    private final Map<String, String> labels = new HashMap<>();
    private final Map<Long, String> agents = new HashMap<>();
    private final Wording words;
    private final LinkedHashSet<String> recordedRules = new LinkedHashSet<>();
    private final List<Difference> differences = new ArrayList<>();
    private long facts;
    private long recordedDecisions;
    private long redecidedDecisions;
    private long differing;

    private final Answers answers = new Answers((fact, index, recorded) -> {
        if (fact != null) settle(fact, index, recorded);
    });
    /** The index of the fact being re-decided, which a difference names. */
    private long factIndex;

    private Counterfactual(RuleSet rules) {
        this.rules = rules;
        this.core = new Core(rules);
        this.words = new Wording(labels, rules.label());
    }

    /** Re-decides the whole journal under {@code rules}. */
    public static Result run(Journal journal, RuleSet rules, LongConsumer progress) {
        Counterfactual c = new Counterfactual(rules);
        long[] read = {0};
        // A checkpoint changes no decision, so its body (megabytes in a large state) is never decoded.
        journal.readRaw(-1, Long.MAX_VALUE, (index, kind, version, json, offset, length) -> {
            if (kind != 'C') c.accept(EntryCodec.decode(version, json, offset, length), index);
            if ((++read[0] & 0x3FFF) == 0) progress.accept(read[0]);
        });
        c.answers.flush();
        progress.accept(read[0]);
        return c.result();
    }

    /** Re-decides entries held in memory, in journal order (an index is an entry's position). */
    public static Result run(List<? extends Entry> entries, RuleSet rules) {
        Counterfactual c = new Counterfactual(rules);
        for (int i = 0; i < entries.size(); i++) c.accept(entries.get(i), i);
        c.answers.flush();
        return c.result();
    }

    private void accept(Entry entry, long index) {
        answers.accept(entry, index);
    }

    private void settle(Fact f, long index, List<Decision> recorded) {
        factIndex = index;
        facts++;
        if (f instanceof EngineStarted e) recordedRules.add(e.rules());
        if (f instanceof ChannelRegistered c && c.label() != null) labels.put(c.channel(), c.label());
        Fact translated = ids.translate(f);
        List<Decision> redecided = translated == null ? List.of() : core.accept(translated);
        recordedDecisions += recorded.size();
        redecidedDecisions += redecided.size();
        ids.pair(recorded, redecided);
        compare(f, List.copyOf(recorded), redecided);
    }

    private void compare(Fact f, List<Decision> was, List<Decision> now) {
        for (Decision d : was) {
            if (d instanceof TurnOpened o) agents.put(o.turn(), o.agent());
        }
        List<String> a = was.stream().map(IdMap::recordedForm).toList();
        List<String> b = now.stream().map(ids::redecidedForm).toList();
        if (a.equals(b)) return;
        checkTurnsAlign(was, now);
        boolean[][] kept = Lcs.common(a, b);
        List<Decision> onlyWas = new ArrayList<>();
        List<Decision> onlyNow = new ArrayList<>();
        for (int i = 0; i < was.size(); i++) if (!kept[0][i]) onlyWas.add(was.get(i));
        for (int j = 0; j < now.size(); j++) if (!kept[1][j]) onlyNow.add(now.get(j));
        differing += onlyWas.size() + onlyNow.size();
        for (Decision w : onlyWas) {
            String slot = Wording.slot(w);
            Decision match = null;
            for (Decision n : onlyNow) {
                if (Wording.slot(n).equals(slot)) {
                    match = n;
                    break;
                }
            }
            if (match != null) {
                onlyNow.remove(match);
                add(f, w, Wording.change(w, match), words.pair(w, match), w, match);
            } else {
                add(f, w, "only-recorded", words.onlyRecorded(w), w, null);
            }
        }
        for (Decision n : onlyNow) add(f, n, "only-redecided", words.onlyRedecided(n), null, n);
    }

    /** Both rule sets open a turn at the same starts, so turn ids agree; a mismatch means the comparison is void. */
    private static void checkTurnsAlign(List<Decision> was, List<Decision> now) {
        List<Long> a = was.stream().filter(d -> d instanceof TurnOpened).map(d -> ((TurnOpened) d).turn()).toList();
        List<Long> b = now.stream().filter(d -> d instanceof TurnOpened).map(d -> ((TurnOpened) d).turn()).toList();
        if (!a.equals(b)) {
            throw new IllegalStateException("re-deciding opened turn(s) " + b + " where the journal records " + a
                    + ": the two runs no longer describe the same turns");
        }
    }

    private void add(Fact f, Decision d, String change, String text, Decision was, Decision now) {
        Long turn = Wording.turnOf(d);
        String agent = Wording.agentOf(d);
        if (agent == null && turn != null) agent = agents.get(turn);
        Integer round = d instanceof SpeechRouted r ? r.round() : d instanceof ToolDecided t ? t.round() : null;
        Instant at = f.at();
        differences.add(new Difference(factIndex, at, turn, agent, round, d.type(), change, plainSpeech(f, was), text,
                was == null ? null : IdMap.recordedForm(was), now == null ? null : ids.redecidedForm(now)));
    }

    /** Whether the recorded decision publishes plain speech: a segment with no envelope, or a channel_publish naming no channel. */
    private static boolean plainSpeech(Fact f, Decision was) {
        if (was instanceof SpeechRouted r) return r.route().isPublish() && r.envelope() == null;
        if (was instanceof ToolDecided t && "channel_publish".equals(t.tool()) && t.allowed()) {
            if (f instanceof ScriptCalled s) return !s.namesChannel();
            if (f instanceof RoundSpoken r && t.call() != null && t.call() < r.calls().size()) {
                return !r.calls().get(t.call()).namesChannel();
            }
        }
        return false;
    }

    private Result result() {
        Map<String, Integer> changes = new TreeMap<>();
        LinkedHashSet<Long> turns = new LinkedHashSet<>();
        for (Difference d : differences) {
            changes.merge(d.change(), 1, Integer::sum);
            if (d.turn() != null) turns.add(d.turn());
        }
        return new Result(List.copyOf(recordedRules), rules.label(), facts, recordedDecisions, redecidedDecisions,
                differing, List.copyOf(differences), changes, turns.size());
    }
}
