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
import dev.routing.engine.testing.Stderr;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import dev.routing.projections.privacy.KeptMessages;
import dev.routing.projections.retention.Retention;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine seals every kept message once a day into a file beside the journal (docs/decisions/0014),
 * and a restore maps its table: the restored record answers as the journal's full fold does, and
 * verify passes. A table missing, cut, changed, of another journal, of other rules or not the one
 * the checkpoint names is named on stderr and made again from the seals' parts; a part not read
 * either sends the restore to the journal: the answers do not change. A seal that cannot be written
 * leaves the messages on the heap and says why.
 */
class SealedKeptOfAJournalTest {
    @TempDir
    Path dir;
    private Path journal;
    private Path otherJournal;

    static List<Action> stream() {
        return StreamGenerator.threeLongDays();
    }

    // built for each test, not once for the class: PIT links no test to what a @BeforeAll runs
    @BeforeEach
    void journalsOfTheSameStream() {
        journal = dir.resolve("journal");
        otherJournal = dir.resolve("other");
        for (Path p : List.of(journal, otherJournal)) {
            try (JournalSink sink = JournalSink.batched(p, RuleSet.CURRENT, 2_000)) {
                StreamHost.play(sink, stream());
                sink.engine().checkpoint();
            }
        }
    }

    @Test
    void theKeptMessagesAreSealedDailyAndTheRestoredRecordAnswersAsTheFullFold() {
        List<Path> tables = keptFiles(journal, KeptFile.Of.TABLE);
        assertEquals(2, tables.size(), "the two newest tables are kept: " + tables);
        assertEquals(3, keptFiles(journal, KeptFile.Of.PART).size(), "a part a seal, all kept");
        try (Journal j = Journal.openReader(journal)) {
            EngineState restored = Replay.restore(j).state();
            KeptMessages.Seal seal = restored.privacy.messages.seal();
            assertNotNull(seal, "the newest checkpoint names a seal");
            assertEquals(KeptFile.path(journal, seal.day()), tables.get(1));
            assertTrue(seal.count() > 0, "the seal holds the kept messages");
            // every checkpoint restored and compared: the older ones' tables made again from the parts
            assertEquals("", SameAnswers.restoredAndVerified(j), "nothing to say when the files read");
        }
    }

    @Test
    void aCheckpointAfterTheSealPacksOnlyWhatChangedSince() {
        try (Journal j = Journal.openReader(journal)) {
            EngineState named = StateCodec.fromTree(((StateCheckpoint) j.newestCheckpoint(Long.MAX_VALUE).entry()).state());
            assertTrue(named.privacy.messages.pending(), "the checkpoint names the seal and holds none of its messages");
            EngineState restored = Replay.restore(j).state();
            assertTrue(restored.privacy.messages.seal().count() > restored.privacy.messages.size() / 2,
                    "most kept messages are the table's: " + restored.privacy.messages.seal() + " of " + restored.privacy.messages.size());
        }
    }

    @Test
    void aMissingTableIsNamedAndMadeAgainFromItsParts() throws IOException {
        tableFaulted("missing", Files::delete, "missing");
    }

    @Test
    void aTableCutShortIsNamedAndMadeAgainFromItsParts() throws IOException {
        tableFaulted("cut", SealedKeptOfAJournalTest::cut, "cut short");
    }

    @Test
    void aTableWithAByteChangedIsNamedAndMadeAgainFromItsParts() throws IOException {
        tableFaulted("flipped", SealedKeptOfAJournalTest::flip, "checksum fails");
    }

    @Test
    void aTableOfAnotherJournalIsNamedAndMadeAgainFromItsParts() throws IOException {
        tableFaulted("foreign", f -> Files.copy(otherJournal.resolve(IdDayFile.FOLDER).resolve(f.getFileName()), f,
                StandardCopyOption.REPLACE_EXISTING), "of another journal");
    }

    @Test
    void aTableOfOtherRulesIsNamedAndMadeAgainFromItsParts() throws IOException {
        tableFaulted("stale", f -> rewrite(f, "other-rules", 0), "stale: written under the rules");
    }

    @Test
    void aTableOfTheSameDayWrittenAgainIsNamedAsNotTheOneTheCheckpointNames() throws IOException {
        tableFaulted("rewritten", f -> rewrite(f, null, -1), "stale: not the table the checkpoint names");
    }

    @Test
    void aMissingPartWithItsTableGoneIsNamedAndTheStateRebuiltFromTheJournal() throws IOException {
        partFaulted("part-missing", 0, Files::delete, "missing");
    }

    @Test
    void anOlderPartWithAByteChangedIsNamedAndTheStateRebuiltFromTheJournal() throws IOException {
        partFaulted("part-flipped", 1, SealedKeptOfAJournalTest::flip, "checksum fails");
    }

    @Test
    void anOlderPartCutShortIsNamedAndTheStateRebuiltFromTheJournal() throws IOException {
        partFaulted("part-cut", 2, SealedKeptOfAJournalTest::cut, "cut short");
    }

    @Test
    void anOlderPartWrittenAgainIsNamedAsNotThePartTheSealAfterItNames() throws IOException {
        partFaulted("part-rewritten", 1, f -> {
            KeptFile.Header h = KeptFile.open(f, new KeptFile.Expected(idOf(f), KeptFile.dayOf(f.getFileName().toString(), KeptFile.Of.PART),
                    labelOf(f), Long.MAX_VALUE), KeptFile.Of.PART).header();
            byte[] body = KeptFile.open(f, new KeptFile.Expected(h.journalId(), h.epochDay(), h.label(), Long.MAX_VALUE), KeptFile.Of.PART).body();
            // the same messages, of this journal, day and rules: only the checksum the part after it names tells it apart
            KeptWriter.write(f.getParent().getParent(), h.journalId(), h.epochDay(), h.coveredIndex() - 1, h.label(), ByteBuffer.wrap(body),
                    KeptFile.Of.PART);
        }, "stale: not the part the seal after it names");
    }

    @Test
    void aJournalCopiedWithoutItsStateFolderRestoresAndVerifiesFromTheJournal() throws IOException {
        Path copy = JournalCopy.of(journal, dir.resolve("copy-without-state"));
        for (KeptFile.Of of : KeptFile.Of.values()) {
            for (Path f : keptFiles(copy, of)) Files.delete(f);
        }
        String err;
        try (Journal j = Journal.openReader(copy)) {
            err = SameAnswers.restoredAndVerified(j);
        }
        assertTrue(err.contains(": missing") && err.contains("is rebuilt from"), err);
    }

    @Test
    void aSealThatCannotBeWrittenLeavesTheMessagesOnTheHeapAndSaysWhy() throws IOException {
        Path blocked = dir.resolve("blocked");
        List<Action> actions = stream();
        try (JournalSink sink = JournalSink.batched(blocked, RuleSet.CURRENT, 2_000)) {
            // the first two days, then every seal's temporary file taken by a folder: no seal can be written
            StreamHost.play(sink, actions.subList(0, 2));
            long today = Retention.day(sink.engine().state().clockMillis);
            for (long day = today; day < today + 5; day++) {
                Files.createDirectories(KeptFile.path(blocked, day).resolveSibling(KeptFile.path(blocked, day).getFileName() + ".tmp"));
            }
            StreamHost.play(sink, actions.subList(2, actions.size()));
            String why = sink.engine().persistFailure();
            assertNotNull(why, "the engine says why the messages stay on the heap");
            assertTrue(why.startsWith("the kept messages stay on the heap, not sealed on day "), why);
            KeptMessages.Seal seal = sink.engine().state().privacy.messages.seal();
            assertTrue(seal == null || seal.day() < today, "no seal since the folder took its name: " + seal);
            sink.engine().checkpoint();
        }
        try (Journal j = Journal.openReader(blocked)) {
            assertEquals("", SameAnswers.restoredAndVerified(j), "the checkpoint holds the messages whole");
        }
    }

    /** The table the journal's newest checkpoint names, damaged in a copy: restore names it, makes it again from the parts, answers as the full fold. */
    private void tableFaulted(String name, Fault fault, String said) throws IOException {
        Path copy = JournalCopy.of(journal, dir.resolve(name));
        Path victim = newestNamed(copy);
        fault.apply(victim);
        String err;
        try (Journal j = Journal.openReader(copy)) {
            err = SameAnswers.restoredAndVerified(j);
        }
        assertTrue(err.contains(victim.toString()) && err.contains(said) && err.contains("made again from its parts"), err);
        assertTrue(!err.contains("is rebuilt from"), "no fold of the journal: " + err);
    }

    /**
     * Every table gone and the {@code back}-th newest part damaged in a copy: the restore names the part
     * and folds the journal (from an older checkpoint or its first entry), answering as the full fold.
     */
    private void partFaulted(String name, int back, Fault fault, String said) throws IOException {
        Path copy = JournalCopy.of(journal, dir.resolve(name));
        for (Path f : keptFiles(copy, KeptFile.Of.TABLE)) Files.delete(f);
        List<Path> parts = keptFiles(copy, KeptFile.Of.PART);
        Path victim = parts.get(parts.size() - 1 - back);
        fault.apply(victim);
        String err;
        try (Journal j = Journal.openReader(copy)) {
            err = SameAnswers.restoredAndVerified(j);
        }
        assertTrue(err.contains(victim.toString()) && err.contains(said) && err.contains("is rebuilt from"), err);
    }

    private static void cut(Path f) throws IOException {
        Files.write(f, java.util.Arrays.copyOf(Files.readAllBytes(f), (int) Files.size(f) - 9));
    }

    private static void flip(Path f) throws IOException {
        byte[] b = Files.readAllBytes(f);
        b[b.length / 2] ^= 0x10;
        Files.write(f, b);
    }

    private static Path newestNamed(Path journalDir) {
        try (Journal j = Journal.openReader(journalDir)) {
            EngineState named = StateCodec.fromTree(((StateCheckpoint) j.newestCheckpoint(Long.MAX_VALUE).entry()).state());
            KeptMessages.Seal seal = named.privacy.messages.seal();
            assertNotNull(seal, "the newest checkpoint names a seal");
            return KeptFile.path(journalDir, seal.day());
        }
    }

    /** The file written again with its own body: under {@code label} (null: its own), covering {@code shift} more of the journal. */
    private static void rewrite(Path f, String label, long shift) {
        KeptFile was = KeptFile.open(f, new KeptFile.Expected(idOf(f), dayOfFile(f), labelOf(f), Long.MAX_VALUE));
        KeptFile.Header h = was.header();
        ByteBuffer body = ByteBuffer.allocate((int) was.length());
        for (int i = 0; i < body.capacity(); i++) body.put(i, was.byteAt(i));
        KeptWriter.write(f.getParent().getParent(), h.journalId(), h.epochDay(), h.coveredIndex() + shift, label == null ? h.label() : label, body);
    }

    private static byte[] idOf(Path f) {
        try {
            byte[] b = Files.readAllBytes(f);
            return java.util.Arrays.copyOfRange(b, 8, 24);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The label the header holds: its length at byte 48, its bytes from 56. */
    private static String labelOf(Path f) {
        try {
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f)).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            return new String(b.array(), 56, Short.toUnsignedInt(b.getShort(48)), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long dayOfFile(Path f) {
        return KeptFile.dayOf(f.getFileName().toString());
    }

    interface Fault {
        void apply(Path file) throws IOException;
    }

    static List<Path> keptFiles(Path journalDir, KeptFile.Of of) {
        if (!Files.isDirectory(journalDir.resolve(IdDayFile.FOLDER))) return List.of();
        try (Stream<Path> files = Files.list(journalDir.resolve(IdDayFile.FOLDER))) {
            return files.filter(f -> KeptFile.dayOf(f.getFileName().toString(), of) != Long.MAX_VALUE).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
