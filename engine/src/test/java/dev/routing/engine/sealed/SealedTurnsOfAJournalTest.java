package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.Replay;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.JournalCopy;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.SameAnswers;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import dev.routing.projections.retention.Retention;
import dev.routing.projections.turns.TurnLedger;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * P13's turn ledger with its closed days sealed beside the journal (docs/decisions/0014, step 2): the
 * engine writes a file a closed day, a checkpoint names the files and holds only the heap's turns,
 * and a restore maps them, answering as the journal's full fold does. A file missing, cut, changed,
 * of another journal, of other rules or not the one the checkpoint names is named on stderr and the
 * state rebuilt from the journal; answers do not change. A day that cannot be sealed stays on the
 * heap and says why.
 */
class SealedTurnsOfAJournalTest {
    @TempDir
    Path dir;
    private Path journal;
    private Path otherJournal;

    // built for each test, not once for the class: PIT links no test to what a @BeforeAll runs
    @BeforeEach
    void journalsOfTheSameStream() {
        journal = dir.resolve("journal");
        otherJournal = dir.resolve("other");
        for (Path p : List.of(journal, otherJournal)) {
            try (JournalSink sink = JournalSink.batched(p, RuleSet.CURRENT, 2_000)) {
                StreamHost.play(sink, SealedKeptOfAJournalTest.stream());
                sink.engine().checkpoint();
            }
        }
    }

    @Test
    void P13_eachClosedDaysTurnsAreSealedAndTheRestoredLedgerAnswersAsTheFullFold() {
        List<Path> files = SealedKeptOfAJournalTest.keptFiles(journal, KeptFile.Of.TURNS);
        assertEquals(3, files.size(), "the three closed days of four: " + files);
        try (Journal j = Journal.openReader(journal)) {
            EngineState named = StateCodec.fromTree(((StateCheckpoint) j.newestCheckpoint(Long.MAX_VALUE).entry()).state());
            List<TurnLedger.SealedDay> days = named.turns.ledger.sealedDays();
            assertEquals(3, days.size(), "the newest checkpoint names them all");
            int sealedTurns = days.stream().mapToInt(TurnLedger.SealedDay::count).sum();
            EngineState restored = Replay.restore(j).state();
            assertTrue(sealedTurns > restored.turns.ledger.size() / 2, sealedTurns + " of " + restored.turns.ledger.size() + " turns sealed");
            // every checkpoint restored and compared with the fold from the first entry
            assertEquals("", SameAnswers.restoredAndVerified(j), "nothing to say when the files read");
        }
    }

    @Test
    void P13_aMissingDayIsNamedAndTheStateRebuiltFromTheJournal() throws IOException {
        faulted("missing", Files::delete, "missing");
    }

    @Test
    void P13_aDayCutShortIsNamedAndTheStateRebuiltFromTheJournal() throws IOException {
        faulted("cut", f -> Files.write(f, java.util.Arrays.copyOf(Files.readAllBytes(f), (int) Files.size(f) - 3)), "cut short");
    }

    @Test
    void P13_aDayWithAByteChangedIsNamedAndTheStateRebuiltFromTheJournal() throws IOException {
        faulted("flipped", f -> {
            byte[] b = Files.readAllBytes(f);
            b[b.length - 2] ^= 0x01;
            Files.write(f, b);
        }, "checksum fails");
    }

    @Test
    void P13_aDayOfAnotherJournalIsNamedAndTheStateRebuiltFromTheJournal() throws IOException {
        faulted("foreign", f -> Files.copy(otherJournal.resolve(IdDayFile.FOLDER).resolve(f.getFileName()), f,
                StandardCopyOption.REPLACE_EXISTING), "of another journal");
    }

    @Test
    void P13_aDayOfOtherRulesIsNamedAndTheStateRebuiltFromTheJournal() throws IOException {
        faulted("stale", f -> rewrite(f, "other-rules", 0), "stale: written under the rules");
    }

    @Test
    void P13_aDayWrittenAgainIsNamedAsNotTheOneTheCheckpointNames() throws IOException {
        faulted("rewritten", f -> rewrite(f, null, -1), "stale: not the file the checkpoint names");
    }

    @Test
    void P13_aDayThatCannotBeSealedStaysOnTheHeapAndSaysWhy() throws IOException {
        Path blocked = dir.resolve("blocked");
        List<Action> actions = SealedKeptOfAJournalTest.stream();
        try (JournalSink sink = JournalSink.batched(blocked, RuleSet.CURRENT, 2_000)) {
            StreamHost.play(sink, actions.subList(0, 1)); // the first day's history: no day closed yet
            long today = Retention.day(sink.engine().state().clockMillis);
            for (long day = today; day < today + 5; day++) {
                Path file = KeptFile.path(blocked, day, KeptFile.Of.TURNS);
                // a folder takes the temporary file's name, and holds a file so the failed write cannot delete it
                Files.createFile(Files.createDirectories(file.resolveSibling(file.getFileName() + ".tmp")).resolve("kept"));
            }
            StreamHost.play(sink, actions.subList(1, actions.size()));
            String why = sink.engine().persistFailure();
            assertNotNull(why, "the engine says why the turns stay on the heap");
            assertTrue(why.startsWith("the turns of day "), why);
            assertEquals(List.of(), sink.engine().state().turns.ledger.sealedDays(), "no day sealed: the folders took their names");
            sink.engine().checkpoint();
        }
        try (Journal j = Journal.openReader(blocked)) {
            assertEquals("", SameAnswers.restoredAndVerified(j), "the checkpoint holds the turns whole");
        }
    }

    /** The newest day the newest checkpoint names, damaged in a copy: restore names it, folds the journal, answers as the full fold. */
    private void faulted(String name, SealedKeptOfAJournalTest.Fault fault, String said) throws IOException {
        Path copy = JournalCopy.of(journal, dir.resolve(name));
        Path victim;
        try (Journal j = Journal.openReader(copy)) {
            EngineState named = StateCodec.fromTree(((StateCheckpoint) j.newestCheckpoint(Long.MAX_VALUE).entry()).state());
            List<TurnLedger.SealedDay> days = named.turns.ledger.sealedDays();
            victim = KeptFile.path(copy, days.get(days.size() - 1).day(), KeptFile.Of.TURNS);
        }
        fault.apply(victim);
        String err;
        try (Journal j = Journal.openReader(copy)) {
            err = SameAnswers.restoredAndVerified(j);
        }
        assertTrue(err.contains(victim.toString()) && err.contains(said) && err.contains("the sealed turns of day")
                && err.contains("is rebuilt from"), err);
    }

    /** The file written again with its own body: under {@code label} (null: its own), covering {@code shift} more of the journal. */
    private static void rewrite(Path f, String label, long shift) throws IOException {
        byte[] bytes = Files.readAllBytes(f);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        String own = new String(bytes, 56, Short.toUnsignedInt(b.getShort(48)), java.nio.charset.StandardCharsets.UTF_8);
        byte[] id = java.util.Arrays.copyOfRange(bytes, 8, 24);
        long day = b.getLong(24);
        KeptFile was = KeptFile.open(f, new KeptFile.Expected(id, day, own, Long.MAX_VALUE), KeptFile.Of.TURNS);
        ByteBuffer body = ByteBuffer.allocate((int) was.length());
        for (int i = 0; i < body.capacity(); i++) body.put(i, was.byteAt(i));
        KeptWriter.write(f.getParent().getParent(), id, day, was.header().coveredIndex() + shift, label == null ? own : label, body, KeptFile.Of.TURNS);
    }
}
