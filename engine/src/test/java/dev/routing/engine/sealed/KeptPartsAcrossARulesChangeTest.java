package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.routing.engine.Engine;
import dev.routing.engine.Replay;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Sink;
import dev.routing.engine.testing.Stderr;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.store.Journal;
import dev.routing.projections.StateCodec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parts of seals written under other rules (a restart under other rules) make the table again: each is the one its successor names by checksum. */
class KeptPartsAcrossARulesChangeTest {
    @TempDir
    Path dir;

    /** A journaled engine that comes back from its restart under the 0.30.0 rules. */
    private static final class Switching implements Sink, AutoCloseable {
        final Path journal;
        Engine engine;

        Switching(Path journal) {
            this.journal = journal;
            engine = Engine.open(journal, RuleSet.CURRENT, null, 2_000);
            engine.deferCommits(true);
        }

        @Override
        public List<Decision> accept(Fact fact) {
            return engine.accept(fact);
        }

        @Override
        public List<Decision> restart(Instant at) {
            engine.close();
            engine = Engine.open(journal, RuleSet.V0_30_0, at, 2_000);
            engine.deferCommits(true);
            return engine.openingDecisions();
        }

        @Override
        public void close() {
            engine.close();
        }
    }

    @Test
    void aCheckpointWhoseTableIsGoneRestoresFromPartsWrittenUnderEarlierRules() throws IOException {
        Path journal = dir.resolve("journal");
        try (Switching sink = new Switching(journal)) {
            StreamHost.play(sink, StreamGenerator.threeLongDays());
            sink.engine.checkpoint();
        }
        List<Path> parts = SealedKeptOfAJournalTest.keptFiles(journal, KeptFile.Of.PART);
        assertEquals(3, parts.size(), "a part a seal: " + parts);
        for (Path f : SealedKeptOfAJournalTest.keptFiles(journal, KeptFile.Of.TABLE)) Files.delete(f);
        String err;
        try (Journal j = Journal.openReader(journal)) {
            err = Stderr.of(() -> {
                String restored = StateCodec.toJson(Replay.restore(j).state());
                assertEquals(StateCodec.toJson(Replay.full(j).state()), restored);
                return null;
            });
        }
        // every part is there, whole, of this journal, and the one its successor's link names by checksum
        assertFalse(err.contains("is rebuilt from"), "the parts make the table again, no fold of the journal: " + err);
    }
}
