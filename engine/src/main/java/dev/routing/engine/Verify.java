package dev.routing.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Answers;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.event.TextCut;
import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Checks a journal against itself (J2): every fact re-decided under the rules then in force gives
 * the decisions recorded after it; every checkpoint equals the fold of the entries before it; and
 * the full replay, the restore from the newest checkpoint and the re-decided state agree byte for
 * byte. Stops at the first divergence and names it.
 */
public final class Verify {
    /** What was checked, and the first divergence (null when none). */
    public record Report(long entries, long facts, long checkpoints, String divergence) {
        public boolean ok() {
            return divergence == null;
        }
    }

    private final Journal journal;
    private final Core core = new Core(RuleSet.CURRENT);
    private final EngineState live = core.state();
    private final Answers answers = new Answers(new Answers.Sink() {
        @Override
        public void answered(Fact fact, long factIndex, List<Decision> decisions) {
            recorded.addAll(decisions);
            if (fact == null) return;
            facts++;
            settle(fact, factIndex);
        }

        @Override
        public void other(Entry entry, long index) {
            if (entry instanceof StateCheckpoint c) {
                checkpoints++;
                compareCheckpoint(index, c);
            }
        }
    });
    private final List<Decision> recorded = new ArrayList<>();
    private long entries;
    private long facts;
    private long checkpoints;
    private String divergence;

    private Verify(Journal journal) {
        this.journal = journal;
    }

    public static Report run(Journal journal, LongConsumer progress) {
        return new Verify(journal).check(progress);
    }

    private Report check(LongConsumer progress) {
        try {
            journal.read(-1, record -> {
                if (divergence != null) return;
                entries++;
                if ((entries & 0x3FFF) == 0) progress.accept(entries);
                answers.accept(record.entry(), record.index());
            });
            answers.flush();
        } catch (Stop stop) {
            // the first divergence ends the walk
        }
        progress.accept(entries);
        if (divergence == null) compareReplays();
        return new Report(entries, facts, checkpoints, divergence);
    }

    /** Re-decides the fact and compares with what was recorded after it. */
    private void settle(Fact fact, long factIndex) {
        if (divergence != null) return;
        core.rules(RuleSet.parse(fact instanceof EngineStarted e ? e.rules() : live.rules));
        List<Decision> redecided = core.accept(fact);
        int n = Math.max(redecided.size(), recorded.size());
        for (int i = 0; i < n; i++) {
            // equal records write equal JSON: only decisions that differ as records are compared as text
            if (i < recorded.size() && i < redecided.size() && recorded.get(i).equals(redecided.get(i))) continue;
            String was = i < recorded.size() ? EntryCodec.toJson(recorded.get(i)) : "(nothing)";
            String now = i < redecided.size() ? EntryCodec.toJson(redecided.get(i)) : "(nothing)";
            if (!was.equals(now)) {
                fail("the " + fact.type() + " at index " + hex(factIndex) + ": decision " + (i + 1)
                        + " was recorded as " + was + " but re-deciding gives " + now);
            }
        }
        recorded.clear();
    }

    private void compareCheckpoint(long index, StateCheckpoint checkpoint) {
        EngineState restored;
        try {
            restored = StateCodec.fromTree(checkpoint.state());
        } catch (IllegalStateException unreadable) {
            // a restore rebuilds it from the journal; a checkpoint that never equals the fold before it is still one
            fail("the checkpoint at index " + hex(index) + " is not read: " + unreadable.getMessage());
            return;
        }
        String unread = Replay.attach(journal, restored, index);
        if (unread != null) {
            // its sealed days are not beside this journal (a copy without them): the restores below still compare
            System.err.println("journal " + journal.dir() + ": note: " + unread + "; the checkpoint at index " + hex(index) + " is not compared");
            return;
        }
        byte[] stored = StateCodec.toBytes(restored);
        if (!Arrays.equals(stored, StateCodec.toBytes(live))) {
            String where = firstDifference(StateCodec.toTree(restored), StateCodec.toTree(live), "");
            fail("the checkpoint at index " + hex(index) + " differs from the fold of the entries before it, at " + where);
        }
    }

    private void compareReplays() {
        byte[] decided = StateCodec.toBytes(live);
        EngineState full = Replay.full(journal).state();
        EngineState restored = Replay.restore(journal).state();
        if (!Arrays.equals(decided, StateCodec.toBytes(full))) {
            divergence = "the full replay differs from the re-decided state, at "
                    + firstDifference(StateCodec.toTree(full), StateCodec.toTree(live), "");
        } else if (!Arrays.equals(decided, StateCodec.toBytes(restored))) {
            divergence = "the restore from the newest checkpoint differs from the full replay, at "
                    + firstDifference(StateCodec.toTree(restored), StateCodec.toTree(full), "");
        }
    }

    private void fail(String why) {
        divergence = why;
        throw new Stop();
    }

    /** The JSON path where two trees first differ, or null when they are equal. */
    public static String firstDifference(JsonNode a, JsonNode b, String path) {
        if (a.equals(b)) return null;
        if (a.isNumber() && b.isNumber() && a.decimalValue().compareTo(b.decimalValue()) == 0) return null;
        if (a.isObject() && b.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = a.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                JsonNode other = b.get(f.getKey());
                if (other == null) return path + "/" + f.getKey() + " (only in the first)";
                String deeper = firstDifference(f.getValue(), other, path + "/" + f.getKey());
                if (deeper != null) return deeper;
            }
            for (Iterator<String> it = b.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                if (!a.has(name)) return path + "/" + name + " (only in the second)";
            }
        }
        if (a.isArray() && b.isArray() && a.size() == b.size()) {
            for (int i = 0; i < a.size(); i++) {
                String deeper = firstDifference(a.get(i), b.get(i), path + "/" + i);
                if (deeper != null) return deeper;
            }
        }
        return (path.isEmpty() ? "/" : path) + ": " + abbreviate(a) + " vs " + abbreviate(b);
    }

    private static String abbreviate(JsonNode node) {
        String s = node.toString();
        return TextCut.shortened(s, 200);
    }

    private static String hex(long index) {
        return "0x" + Long.toHexString(index);
    }

    private static final class Stop extends RuntimeException {
        Stop() {
            super(null, null, false, false);
        }
    }
}
