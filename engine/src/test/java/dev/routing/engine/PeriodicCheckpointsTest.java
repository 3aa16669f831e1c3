package dev.routing.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Host;
import dev.routing.journal.event.LocusPolicy;
import dev.routing.journal.event.Mode;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.Journal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The state checkpoints the engine writes on its own, every {@code checkpointEvery} entries: each
 * waits until the journal has grown by twice the last one's size (T3's, beside a retention
 * checkpoint, by once: RetentionTest) and no longer, so that a state of megabytes is not most of
 * what is written and a restore's tail stays about twice the state.
 */
class PeriodicCheckpointsTest {

    @Test
    void aPeriodicCheckpointFollowsTwiceTheLastOnesSizeOfJournal(@TempDir Path dir) {
        try (Engine engine = Engine.open(dir, RuleSet.CURRENT, null, 10)) {
            Host host = new Host(engine::accept);
            host.channel("work", "discord").agent("qa", Mode.LOCUS, LocusPolicy.DELIVERY);
            // every message is remembered (P), so the state grows with the journal and is never small beside it
            for (int i = 0; i < 3_000; i++) {
                host.advance(1);
                host.room("qa", "work", "Message " + i + " about the weather, which stays the same.", false);
            }
        }
        // {its state's size, the bytes of other entries since the last}, in the journal's order
        List<long[]> checkpoints = new ArrayList<>();
        long[] since = {0};
        try (Journal journal = Journal.openReader(dir)) {
            List<Long> sizes = new ArrayList<>();
            journal.read(-1, record -> {
                if (record.entry() instanceof StateCheckpoint c) sizes.add((long) c.state().toString().length());
            });
            journal.readRaw(-1, Long.MAX_VALUE, (index, kind, version, bytes, offset, length) -> {
                if (kind == 'C') {
                    checkpoints.add(new long[] {sizes.get(checkpoints.size()), since[0]});
                    since[0] = 0;
                } else {
                    since[0] += length;
                }
            });
        }
        assertTrue(checkpoints.size() >= 3, "the test needs checkpoints to compare: " + checkpoints.size());
        for (int i = 1; i < checkpoints.size(); i++) {
            long last = checkpoints.get(i - 1)[0];
            long grown = checkpoints.get(i)[1];
            // the rule weighs whole excerpts (headers and all); the entries' own bytes are within a tenth of them
            assertTrue(grown >= 1.8 * last, "checkpoint " + i + " followed " + grown + " bytes after one of " + last);
            // and no later than the group that crossed twice its size: a checkpoint is not put off further
            assertTrue(grown <= 2.2 * last + 2048, "checkpoint " + i + " waited for " + grown + " bytes after one of " + last);
        }
    }
}
