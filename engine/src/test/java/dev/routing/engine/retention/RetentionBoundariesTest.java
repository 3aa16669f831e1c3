package dev.routing.engine.retention;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.routing.engine.context.Context;
import dev.routing.engine.context.Emitter;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.DraftHeld;
import dev.routing.journal.event.DraftLetGo;
import dev.routing.journal.event.RetentionCheckpoint;
import dev.routing.projections.EngineState;
import dev.routing.projections.Evolve;
import dev.routing.projections.retention.Retention;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * T1-T3 at their edges, on the rule itself: the checkpoint at exactly the 500th draft entry, the
 * 100th newest draft kept and the 101st not, and a draft untouched for exactly 7 days let go while
 * one a millisecond younger is kept. RetentionTest drives the same rule through whole turns, where
 * an edge cannot be hit to the entry or the millisecond.
 */
class RetentionBoundariesTest {
    private static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");

    private static List<Decision> decide(EngineState state) {
        Emitter out = new Emitter(state, 0);
        RetentionRule.decide(new Context(state, RuleSet.CURRENT, NOW, out));
        return out.decisions();
    }

    private static void hold(EngineState state, String id, Instant at) {
        Evolve.evolve(state, new DraftHeld(at, id, "qa", "bounce", "words of " + id, false, null, false));
    }

    private static List<String> letGo(List<Decision> decisions) {
        return decisions.stream().filter(DraftLetGo.class::isInstance).map(d -> ((DraftLetGo) d).draft()).toList();
    }

    @Test
    void T3_theCheckpointComesAtThe500thDraftEntryAndNotOneBefore() {
        EngineState state = new EngineState();
        state.retention.draftEntries = Retention.CHECKPOINT_EVERY - 1;
        assertEquals(List.of(), decide(state), "499 draft entries: no checkpoint yet");
        state.retention.draftEntries = Retention.CHECKPOINT_EVERY;
        List<Decision> at500 = decide(state);
        assertEquals(1, at500.stream().filter(RetentionCheckpoint.class::isInstance).count(), "the 500th brings it: " + at500);
    }

    @Test
    void T1_theHundredthNewestDraftIsKeptAndTheOneBeforeItIsNot() {
        EngineState state = new EngineState();
        Instant longAgo = NOW.minusSeconds(30L * 86_400);
        for (int i = 0; i < Retention.KEEP_NEWEST + 1; i++) hold(state, "d" + i, longAgo.plusSeconds(i));
        state.retention.draftEntries = Retention.CHECKPOINT_EVERY;
        List<Decision> decided = decide(state);
        assertEquals(List.of("d0"), letGo(decided), "of 101 drafts a month old, only the oldest goes");
        RetentionCheckpoint checkpoint = (RetentionCheckpoint) decided.get(0);
        assertEquals(Retention.KEEP_NEWEST, (int) checkpoint.kept());
        assertEquals(1, (int) checkpoint.letGo());
    }

    @Test
    void T2_aDraftUntouchedForExactly7DaysGoesAndOneAMillisecondYoungerStays() {
        EngineState state = new EngineState();
        Instant week = NOW.minusMillis(Retention.KEEP_TOUCHED_MILLIS);
        hold(state, "exactlyAWeek", week);
        hold(state, "justUnderAWeek", week.plusMillis(1));
        for (int i = 0; i < Retention.KEEP_NEWEST; i++) hold(state, "new" + i, NOW.minusSeconds(60).plusMillis(i));
        state.retention.draftEntries = Retention.CHECKPOINT_EVERY;
        assertEquals(List.of("exactlyAWeek"), letGo(decide(state)),
                "kept at least 7 days after it was last touched, let go at the checkpoint after that");
    }
}
