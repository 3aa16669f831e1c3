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
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checkpoint at a clean stop ({@link Engine#closeAtAStop}): written when at least {@code
 * checkpointEvery} entries, or {@link Checkpoints#AT_STOP} if fewer, follow the newest checkpoint,
 * so the next open folds no tail; not for a shorter tail, so a small session adds nothing to its
 * journal. Its faults (a full disk, a kill while
 * it is written) are replay-cli's {@code StopCheckpointFaultsTest}; a stopped engine's stop,
 * {@link DecideThrowsTest}.
 */
class StopCheckpointTest {
    private static final Instant T0 = Instant.parse("2026-11-02T09:00:00Z");
    private static final int EVERY = 500;

    @TempDir
    Path dir;

    @Test
    void aStopAfterALongTailCheckpointsSoTheNextOpenFoldsNothing() {
        long before = stopAfter(EVERY + 10);
        try (Journal journal = Journal.openReader(dir)) {
            assertTrue(journal.lastIndex() > before, "the stop appended a checkpoint");
            Replay.Result restored = Replay.restore(journal);
            assertEquals(0, restored.entriesRead(), "the next open folds no tail");
            assertEquals(StateCodec.toJson(Replay.full(journal).state()), StateCodec.toJson(restored.state()),
                    "the state restored is the fold of the whole journal");
        }
    }

    /**
     * With the default interval (20,000 entries), a tail of {@link Checkpoints#AT_STOP} is written at
     * the stop: a checkpoint whose closed days are in files is small, and the tail it spares is read at
     * every open.
     */
    @Test
    void aStopAfterATailOfAThousandEntriesCheckpointsWhateverTheInterval() {
        long before = stopAfter(Checkpoints.AT_STOP + 10, Engine.DEFAULT_CHECKPOINT_EVERY);
        try (Journal journal = Journal.openReader(dir)) {
            assertTrue(journal.lastIndex() > before, "the stop appended a checkpoint");
            assertEquals(0, Replay.restore(journal).entriesRead(), "the next open folds no tail");
        }
    }

    @Test
    void aStopAfterATailUnderAThousandEntriesAppendsNothingWhateverTheInterval() {
        long before = stopAfter(Checkpoints.AT_STOP - 10, Engine.DEFAULT_CHECKPOINT_EVERY);
        try (Journal journal = Journal.openReader(dir)) {
            assertEquals(before, journal.lastIndex(), "no checkpoint for a tail under a thousand entries");
        }
    }

    @Test
    void aStopAfterAShortTailAppendsNothing() {
        long before = stopAfter(EVERY - 10);
        try (Journal journal = Journal.openReader(dir)) {
            assertEquals(before, journal.lastIndex(), "no checkpoint for a tail shorter than checkpointEvery");
            assertTrue(Replay.restore(journal).entriesRead() >= EVERY - 10, "the next open folds the tail");
        }
    }

    /**
     * An engine fed a channel, an agent and {@code messages} messages not addressed to it, then
     * stopped; the journal's last index before the stop. The messages are kept, unread, and their long
     * ids and tags are most of their bytes, so the state grows about as fast as the journal and the
     * periodic checkpoint's size rule defers it past the first.
     */
    private long stopAfter(int messages) {
        return stopAfter(messages, EVERY);
    }

    private long stopAfter(int messages, int every) {
        Engine engine = Engine.open(dir, RuleSet.CURRENT, null, every);
        engine.accept(new ChannelRegistered(T0, "work", "discord", "#work", false));
        engine.accept(new AgentConfigured(T0, "qa", Mode.LOCUS, LocusPolicy.DELIVERY, null, false, null));
        for (int i = 0; i < messages; i++) {
            String id = String.format(Locale.ROOT, "night-shift-%0100d", i);
            engine.accept(new MessageReceived(T0.plusMillis(i), id, "qa", "channel-message", "work", "discord", false,
                    List.of("thread-" + id), "ok", "host", null, null));
        }
        long before = engine.journal().lastIndex();
        assertNull(engine.closeAtAStop(), "the checkpoint, when due, is written");
        return before;
    }
}
