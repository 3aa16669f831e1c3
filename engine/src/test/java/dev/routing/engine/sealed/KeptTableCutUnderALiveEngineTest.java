package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.Engine;
import dev.routing.engine.EngineStoppedException;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.SameAnswers;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.event.MessageReceived;
import dev.routing.journal.event.ProcessRestarted;
import dev.routing.journal.store.Journal;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kept messages' table is mapped while the engine runs (docs/decisions/0014). Cut in place under
 * a warm engine, the next lookup that reaches it (a new message's id, looked up before it is stored:
 * P2) faults on the mapping, and the JVM may say so only after the lookup returned: the engine
 * stops for good all the same, nothing of the fact journaled, and the next open names the cut table
 * and makes it again from the parts, answering as the full fold.
 */
class KeptTableCutUnderALiveEngineTest {
    /** Enough lookups for the compilers to have compiled them, as in an engine that has run a while. */
    private static final int WARM = 30_000;

    @TempDir
    Path dir;

    @Test
    void aTableCutUnderAWarmEngineStopsItBeforeTheFactIsJournaledAndTheNextOpenMakesItAgain() throws IOException {
        Path live = dir.resolve("live");
        Path table;
        try (JournalSink sink = JournalSink.batched(live, RuleSet.CURRENT, 2_000)) {
            StreamHost.play(sink, SealedKeptOfAJournalTest.stream());
            Engine engine = sink.engine();
            engine.checkpoint(); // names the newest seal: the next open maps its table
            table = KeptFile.path(live, engine.state().privacy.messages.seal().day());
            long at = engine.state().clockMillis;
            for (int i = 0; i < WARM; i++) engine.accept(fresh(at + i, "warm-" + i));
            try (FileChannel ch = FileChannel.open(table, StandardOpenOption.WRITE)) {
                ch.truncate(0); // to nothing: a page the cut leaves part of reads as zeros, not a fault
            }
            long journaled = engine.journal().lastIndex();
            EngineStoppedException stopped = assertThrows(EngineStoppedException.class, () -> engine.accept(fresh(at + WARM, "never-seen")));
            assertTrue(stopped.getMessage().contains("message.received") && stopped.getMessage().contains("unsafe memory access"),
                    stopped.getMessage());
            assertEquals(journaled, engine.journal().lastIndex(), "nothing of the fact journaled");
            assertThrows(EngineStoppedException.class, () -> engine.accept(fresh(at + WARM + 1, "after")), "stopped for good");
        }
        try (Journal j = Journal.openReader(live)) {
            String err = SameAnswers.restoredAndVerified(j);
            assertTrue(err.contains(table.toString()) && err.contains("cut short") && err.contains("made again from its parts"), err);
        }
    }

    /**
     * Cut before a day rolls, the table is read by the seal of the new day, not by the fact that rolls
     * it: the fact is journaled and answered, the table is not written (it would hold what the cut
     * page read) and {@code persistFailure} says why; the next lookup stops the engine.
     */
    @Test
    void aTableCutBeforeADayRollsIsNotSealedAgainOfWhatTheCutPageRead() throws IOException {
        Path live = dir.resolve("live");
        try (JournalSink sink = JournalSink.batched(live, RuleSet.CURRENT, 2_000)) {
            StreamHost.play(sink, SealedKeptOfAJournalTest.stream());
            Engine engine = sink.engine();
            long sealed = engine.state().privacy.messages.seal().day();
            long at = engine.state().clockMillis;
            for (int i = 0; i < WARM; i++) engine.accept(fresh(at + i, "warm-" + i));
            try (FileChannel ch = FileChannel.open(KeptFile.path(live, sealed), StandardOpenOption.WRITE)) {
                ch.truncate(0);
            }
            long nextDay = (sealed + 1) * 86_400_000L + 1_000;
            engine.accept(new ProcessRestarted(Instant.ofEpochMilli(nextDay)));
            assertEquals(sealed, engine.state().privacy.messages.seal().day(), "the seal before stays the state's");
            // its part holds the heap's changes, not the table's, and is written: no seal names it
            assertTrue(Files.notExists(KeptFile.path(live, sealed + 1)), "no table of what the cut page read");
            String failure = engine.persistFailure();
            assertTrue(failure != null && failure.contains("not sealed on day " + (sealed + 1)) && failure.contains("unsafe memory access"),
                    failure);
            assertThrows(EngineStoppedException.class, () -> engine.accept(fresh(nextDay + 1, "never-seen")));
        }
    }

    private static MessageReceived fresh(long atMillis, String id) {
        return new MessageReceived(Instant.ofEpochMilli(atMillis), id, StreamHost.AGENTS[0], "channel-message", "c0", "discord", true,
                null, "hi", "host", null, null);
    }
}
