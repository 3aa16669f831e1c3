package dev.routing.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.AgentConfigured;
import dev.routing.journal.event.ChannelRegistered;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.Mode;
import dev.routing.journal.store.Journal;
import dev.routing.projections.StateCodec;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restore gives today's remembered ids room for the tail it is about to fold ({@code
 * Replay.tailShare}): the tail's entries over those of the checkpoint's own day before it, counted
 * here by reading every entry, not by the indexes the restore uses. An earlier, busier day must not
 * count, or a restore late in a quiet day would reserve too little.
 */
class TailShareTest {
    private static final Instant MONDAY = Instant.parse("2026-11-02T09:00:00Z");
    private static final Instant TUESDAY = MONDAY.plus(Duration.ofDays(1));
    private static final int EVERY = 300;

    @TempDir
    Path dir;

    @Test
    void theShareIsTheTailOverTheCheckpointsOwnDayBeforeIt() {
        Engine engine = Engine.open(dir, RuleSet.CURRENT, null, EVERY);
        engine.accept(new ChannelRegistered(MONDAY, "work", "discord", "#work", false));
        engine.accept(new AgentConfigured(MONDAY, "qa", Mode.LOCUS, LocusPolicy.DELIVERY, null, false, null));
        feed(engine, MONDAY, 0, 900);
        feed(engine, TUESDAY, 900, 400);
        assertNull(engine.closeAtAStop(), "Tuesday's checkpoint at the stop");
        Engine again = Engine.open(dir, RuleSet.CURRENT, null, 1_000_000);
        feed(again, TUESDAY.plusSeconds(3_600), 1_300, 250);
        again.close(); // as a crash leaves it: no checkpoint at the stop

        try (Journal journal = Journal.openReader(dir)) {
            long checkpoint = journal.newestCheckpointJson(Long.MAX_VALUE).index();
            int tuesday = Journal.cycleOf(checkpoint);
            assertEquals(tuesday, Journal.cycleOf(journal.lastIndex()), "the tail is in the checkpoint's day");
            long[] counted = new long[3]; // earlier days, the checkpoint's day before it, after it
            journal.read(-1, r -> {
                if (Journal.cycleOf(r.index()) < tuesday) counted[0]++;
                else if (r.index() < checkpoint) counted[1]++;
                else if (r.index() > checkpoint) counted[2]++;
            });
            assertTrue(counted[0] > 2 * counted[1], "Monday is the busier day: " + counted[0] + " against " + counted[1]);
            assertTrue(counted[2] > 0, "a tail");
            assertEquals((double) counted[2] / counted[1], Replay.tailShare(journal, checkpoint, Long.MAX_VALUE), 1e-9);
            assertEquals(0.0, Replay.tailShare(journal, -1, Long.MAX_VALUE), "no checkpoint, no share");
            assertEquals(StateCodec.toJson(Replay.full(journal).state()), StateCodec.toJson(Replay.restore(journal).state()),
                    "the room changes nothing the restore answers");
        }
    }

    /** {@code n} messages to qa in #work from {@code at}, numbered from {@code first}. */
    private static void feed(Engine engine, Instant at, int first, int n) {
        for (int i = first; i < first + n; i++) {
            String id = String.format(Locale.ROOT, "m-%06d", i);
            engine.accept(new MessageReceived(at.plusMillis(i), id, "qa", "channel-message", "work", "discord", false,
                    List.of(), "ok", "host", null, null));
        }
    }
}
