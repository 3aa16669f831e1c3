package dev.routing.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.FocusOpened;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.event.TurnStarted;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalWriter;
import dev.routing.journal.store.JournalRecord;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code decide} that throws. Before, the fact was journaled first and the state had moved past
 * the journal, and the engine went on. Now the engine decides before it writes: nothing of that
 * fact is journaled, the engine stops for good (as Disruptor's fatal handler does) and every later
 * call names the fact that failed; opening the journal again restores from what it holds.
 *
 * <p>decide is made to throw as a bug would: a checkpoint whose state holds a null where an agent's
 * settings belong (the state a faulty fold could leave), so deciding that agent's start fails.
 */
class DecideThrowsTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");

    @TempDir
    Path dir;

    /** A journal whose newest checkpoint holds a null where agent qa's settings belong: deciding qa's start throws. */
    private void aJournalWhoseCheckpointMakesDecideThrow() {
        try (Engine e = Engine.open(dir, RuleSet.CURRENT, null)) {
            e.accept(new ChannelRegistered(T0, "work", "discord", "#work", false));
            e.accept(new AgentConfigured(T0.plusSeconds(1), "qa", Mode.LOCUS, LocusPolicy.DELIVERY, null, false, null));
            e.accept(new AgentConfigured(T0.plusSeconds(2), "ops", Mode.LOCUS, LocusPolicy.DELIVERY, null, false, null));
        }
        try (JournalWriter j = Journal.openWriter(dir)) {
            EngineState state = Replay.restore(j).state();
            ObjectNode tree = (ObjectNode) StateCodec.toTree(state);
            ((ObjectNode) tree.get("roster").get("agents")).putNull("qa");
            j.append(new StateCheckpoint(T0.plusSeconds(3), j.lastIndex(), state.entries, tree));
        }
    }

    @Test
    void aDecideThatThrowsJournalsNothingAndStopsTheEngineForGoodNamingTheFact() {
        aJournalWhoseCheckpointMakesDecideThrow();
        Engine engine = Engine.open(dir, RuleSet.CURRENT, T0.plusSeconds(4));
        List<JournalRecord> before = all(engine.journal());
        TurnStarted start = new TurnStarted(T0.plusSeconds(5), "qa", List.of(), List.of(), null, false);

        EngineStoppedException thrown = assertThrows(EngineStoppedException.class, () -> engine.accept(start));
        assertTrue(thrown.getMessage().contains("deciding the turn.started at " + start.at() + " threw"), thrown.getMessage());
        assertTrue(thrown.getMessage().contains("nothing of it was journaled"), thrown.getMessage());
        assertEquals(before, all(engine.journal()), "nothing of the fact is journaled");

        FocusOpened later = new FocusOpened(T0.plusSeconds(6), "ops", "work", null);
        EngineStoppedException again = assertThrows(EngineStoppedException.class, () -> engine.accept(later));
        assertTrue(again.getMessage().contains("the turn.started at " + start.at()), () -> "names the fact: " + again.getMessage());
        assertEquals(before, all(engine.journal()), "a stopped engine journals nothing more");
        engine.close();

        try (Engine reopened = Engine.open(dir, RuleSet.CURRENT, T0.plusSeconds(7))) {
            reopened.accept(new FocusOpened(T0.plusSeconds(8), "ops", "work", null));
            assertNull(reopened.stopped(), "reopening restores from the journal and goes on");
            assertTrue(all(reopened.journal()).stream().noneMatch(r -> r.entry() instanceof TurnStarted),
                    "the failed fact never reached the journal");
        }
    }

    /** Its state moved past the journal: a checkpoint of it at the stop would persist what the journal never held. */
    @Test
    void aStoppedEngineWritesNoCheckpointAtItsStop() {
        aJournalWhoseCheckpointMakesDecideThrow();
        // a checkpoint every entry: one is due at the stop, but for the stop
        Engine engine = Engine.open(dir, RuleSet.CURRENT, T0.plusSeconds(4), 1);
        assertThrows(EngineStoppedException.class,
                () -> engine.accept(new TurnStarted(T0.plusSeconds(5), "qa", List.of(), List.of(), null, false)));
        List<JournalRecord> before = all(engine.journal());
        assertNull(engine.closeAtAStop(), "nothing to say: no checkpoint was due from a stopped engine");
        try (Journal j = Journal.openReader(dir)) {
            assertEquals(before, all(j), "nothing appended at the stop");
        }
    }

    private static List<JournalRecord> all(Journal j) {
        List<JournalRecord> out = new ArrayList<>();
        j.read(-1, out::add);
        return out;
    }
}
