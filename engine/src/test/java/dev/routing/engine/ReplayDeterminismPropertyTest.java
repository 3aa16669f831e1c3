package dev.routing.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.CoreSink;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.Property;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.event.Entry;
import dev.routing.journal.event.Fact;
import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.Fold;
import dev.routing.projections.StateCodec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * J2 over random valid streams: the state after the live run equals, byte for byte, the state
 * after a full replay, and after a checkpoint plus the tail after it.
 */
class ReplayDeterminismPropertyTest {

    @Test
    void J2_liveStateEqualsFullReplayAndCheckpointPlusTail_inMemory() {
        Property.check("J2 in memory", Property.baseSeed(2_000_000L), Math.max(1, Property.streams(10_000) / 5), 80,
                ReplayDeterminismPropertyTest::inMemory);
    }

    /** Issue 25: the exact id records (thousands of ids, retention's days, ids let go again) fold and restore alike. */
    @Test
    void J2_liveStateEqualsFullReplayAndCheckpointPlusTail_withLongHistories(@TempDir Path dir) {
        Property.check("J2 over long histories", Property.baseSeed(2_700_000L), Math.max(2, Property.streams(10_000) / 2_000),
                seed -> StreamGenerator.withLongHistories(seed, 120), ReplayDeterminismPropertyTest::inMemory);
        int[] run = {0};
        Property.check("J2 over long histories on Chronicle", Property.baseSeed(2_800_000L),
                Math.max(1, Property.streams(10_000) / 10_000), seed -> StreamGenerator.withLongHistories(seed, 120),
                stream -> onChronicle(dir.resolve("long" + run[0]++), stream));
    }

    @Test
    void J2_liveStateEqualsFullReplayAndCheckpointPlusTail_onChronicle(@TempDir Path dir) {
        int[] run = {0};
        Property.check("J2 on Chronicle", Property.baseSeed(2_500_000L), Math.max(1, Property.streams(10_000) / 200), 80,
                stream -> onChronicle(dir.resolve("j" + run[0]++), stream));
    }

    static String inMemory(List<Action> stream) {
        CoreSink sink = new CoreSink(RuleSet.CURRENT);
        StreamHost.play(sink, stream);
        byte[] live = StateCodec.toBytes(sink.core().state());
        List<Entry> entries = sink.entries();
        Fold full = new Fold();
        entries.forEach(full::accept);
        if (!Arrays.equals(live, StateCodec.toBytes(full.state()))) {
            return "full replay differs at " + Verify.firstDifference(StateCodec.toTree(full.state()),
                    StateCodec.toTree(sink.core().state()), "");
        }
        boolean checkpointForm = false;
        for (int cut = 0; cut < entries.size(); cut += Math.max(1, entries.size() / 7)) {
            while (cut < entries.size() && !(entries.get(cut) instanceof Fact)) cut++;
            Fold head = new Fold();
            entries.subList(0, cut).forEach(head::accept);
            // every other cut restores from the form a journal's checkpoint stores (kept messages and drafts packed)
            checkpointForm = !checkpointForm;
            EngineState restored = checkpointForm ? StateCodec.fromJson(StateCodec.toCheckpointBytes(head.state()))
                    : StateCodec.fromTree(StateCodec.toTree(head.state()));
            Fold tail = new Fold(restored);
            entries.subList(cut, entries.size()).forEach(tail::accept);
            if (!Arrays.equals(live, StateCodec.toBytes(tail.state()))) {
                return (checkpointForm ? "checkpoint (as stored) at entry " : "checkpoint at entry ") + cut + " plus tail differs at " + Verify.firstDifference(
                        StateCodec.toTree(tail.state()), StateCodec.toTree(sink.core().state()), "");
            }
        }
        return null;
    }

    static String onChronicle(Path dir, List<Action> stream) {
        byte[] live;
        com.fasterxml.jackson.databind.JsonNode liveTree;
        try (JournalSink sink = new JournalSink(dir, RuleSet.CURRENT, 40)) {
            StreamHost.play(sink, stream);
            live = StateCodec.toBytes(sink.engine().state());
            liveTree = StateCodec.toTree(sink.engine().state());
        }
        try (Journal journal = Journal.openReader(dir)) {
            EngineState full = Replay.full(journal).state();
            if (!Arrays.equals(live, StateCodec.toBytes(full))) {
                return "full replay differs at " + Verify.firstDifference(StateCodec.toTree(full), liveTree, "");
            }
            Replay.Result restored = Replay.restore(journal);
            if (!Arrays.equals(live, StateCodec.toBytes(restored.state()))) {
                return "restore from checkpoint " + restored.checkpointIndex() + " differs at "
                        + Verify.firstDifference(StateCodec.toTree(restored.state()), liveTree, "");
            }
            Verify.Report report = Verify.run(journal, n -> { });
            return report.ok() ? null : "verify: " + report.divergence();
        } finally {
            deleteQuietly(dir);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary journal left behind is cleaned with the temp dir
        }
    }

    @Test
    void J2_aStreamWithoutCheckpointsStillRestoresFromTheStart(@TempDir Path dir) {
        assertTrue(onChronicle(dir.resolve("j"), List.of()) == null);
    }
}
