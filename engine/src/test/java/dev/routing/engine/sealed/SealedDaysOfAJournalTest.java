package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.Replay;
import dev.routing.engine.Verify;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Action;
import dev.routing.engine.testing.JournalCopy;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.SameAnswers;
import dev.routing.engine.testing.Stderr;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import dev.routing.projections.privacy.ForgottenIds;
import dev.routing.projections.privacy.SealedIds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine seals each closed day of forgotten ids in a file beside the journal (docs/decisions/0011),
 * and every reader restores through them: the restored record answers as the journal's full fold does,
 * and verify passes. A day file missing, cut, changed, of another journal or stale is named on stderr
 * and its days rebuilt from the journal: the answers do not change.
 */
class SealedDaysOfAJournalTest {
    @TempDir
    Path dir;
    private Path journal;
    private Path otherJournal;

    /** Three agents' long histories on three days, a restart in the second, a message on the fourth. */
    static List<Action> stream() {
        return StreamGenerator.threeLongDays();
    }

    private boolean onlyTodayOnTheHeap;

    // built for each test, not once for the class: PIT links no test to what a @BeforeAll runs
    // (pitest issues 1026, 1081), so the sealing and logging it does would meet no test
    @BeforeEach
    void journalsOfTheSameStream() {
        journal = dir.resolve("journal");
        otherJournal = dir.resolve("other");
        for (Path p : List.of(journal, otherJournal)) {
            try (JournalSink sink = JournalSink.batched(p, RuleSet.CURRENT, 2_000)) {
                StreamHost.play(sink, stream());
                EngineState state = sink.engine().state();
                long today = dev.routing.projections.retention.Retention.day(state.clockMillis);
                onlyTodayOnTheHeap = state.privacy.forgotten.values().stream().allMatch(ids -> ids.oldestDayOnHeap() >= today);
                sink.engine().checkpoint(); // a restore starts where every closed day is named
            }
        }
    }

    @Test
    void closedDaysAreSealedAndTheRestoredRecordAnswersAsTheFullFold() {
        assertEquals(3, dayFiles(journal).size(), "a file per agent and closed day: " + dayFiles(journal));
        assertTrue(onlyTodayOnTheHeap, "the engine holds today's ids alone on the heap");
        try (Journal j = Journal.openReader(journal)) {
            String err = Stderr.of(() -> {
                EngineState full = Replay.full(j).state();
                EngineState restored = Replay.restore(j).state();
                assertTrue(restored.privacy.forgotten.values().stream().anyMatch(ids -> !ids.sealedDays().isEmpty()),
                        "the newest checkpoint names sealed days");
                SameAnswers.check(full, restored);
                Verify.Report report = Verify.run(j, n -> { });
                assertTrue(report.ok(), report::divergence);
                return null;
            });
            assertEquals("", err, "nothing to say when every file reads");
        }
    }

    @Test
    void aMissingDayFileIsNamedAndItsDaysRebuiltFromTheJournal() throws IOException {
        faulted("missing", Files::delete, "missing");
    }

    @Test
    void aDayFileCutShortIsNamedAndItsDaysRebuiltFromTheJournal() throws IOException {
        faulted("cut", f -> Files.write(f, java.util.Arrays.copyOf(Files.readAllBytes(f), (int) Files.size(f) - 9)), "cut short");
    }

    @Test
    void aDayFileWithAByteChangedIsNamedAndItsDaysRebuiltFromTheJournal() throws IOException {
        faulted("flipped", f -> {
            byte[] b = Files.readAllBytes(f);
            b[b.length / 2] ^= 0x10;
            Files.write(f, b);
        }, "checksum fails");
    }

    @Test
    void aDayFileOfAnotherJournalIsNamedAndItsDaysRebuiltFromTheJournal() throws IOException {
        faulted("foreign", f -> Files.copy(otherJournal.resolve(IdDayFile.FOLDER).resolve(f.getFileName()), f,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING), "of another journal");
    }

    @Test
    void aDayFileOfOtherRulesIsNamedAndItsDaysRebuiltFromTheJournal() throws IOException {
        faulted("stale", f -> {
            IdDayFile.Header h = IdDayFile.open(f, anyOf(f)).header();
            IdDayWriter.write(f.getParent().getParent(), h.journalId(), h.agent(), h.epochDay(), h.coveredIndex(), "other-rules",
                    SealedIds.encode(1, i -> "1", i -> ForgottenIds.NO_READER));
        }, "stale: written under the rules");
    }

    @Test
    void aDayFileOfAnEarlierFormatIsNamedAndItsDaysRebuiltFromTheJournal() throws IOException {
        faulted("format-1", f -> {
            // format 1's header, its checksum made whole again: only the format tells it apart
            java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(Files.readAllBytes(f)).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            b.putInt(4, 1);
            java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
            crc.update(b.array(), 0, IdDayFile.CRC_AT);
            crc.update(b.array(), IdDayFile.FIXED, b.capacity() - IdDayFile.FIXED);
            b.putInt(IdDayFile.CRC_AT, (int) crc.getValue());
            Files.write(f, b.array());
        }, "of format 1, this build reads 2 and 3");
    }

    @Test
    void aDayFileOfTheSameDayWrittenAgainIsNamedAsNotTheOneTheCheckpointNames() throws IOException {
        faulted("rewritten", f -> {
            IdDayFile was = IdDayFile.open(f, anyOf(f));
            IdDayFile.Header h = was.header();
            // as many ids as the checkpoint says, of this journal, day and rules: only what the checkpoint names of the file tells it apart
            IdDayWriter.write(f.getParent().getParent(), h.journalId(), h.agent(), h.epochDay(), h.coveredIndex() - 1, h.label(),
                    SealedIds.encode((int) was.ids().size(), i -> "x" + i, i -> ForgottenIds.NO_READER));
        }, "stale: not the file the checkpoint names");
    }

    @Test
    void aJournalCopiedWithoutItsDayFilesRestoresAndVerifiesFromTheJournal() throws IOException {
        Path copy = JournalCopy.of(journal, dir.resolve("copy-without-state"));
        deleteTree(copy.resolve(IdDayFile.FOLDER));
        String err = restoresAsTheFullFoldAndVerifies(copy);
        assertTrue(err.contains(": missing") && err.contains("is rebuilt from"), err);
    }

    /** The copy restores answering as the fold from its first entry, and verifies; what it said on stderr. */
    private static String restoresAsTheFullFoldAndVerifies(Path copy) {
        try (Journal j = Journal.openReader(copy)) {
            return SameAnswers.restoredAndVerified(j);
        }
    }

    /** The newest sealed file of the journal, damaged in a copy: restore names it and answers as the full fold. */
    private void faulted(String name, Fault fault, String said) throws IOException {
        Path copy = JournalCopy.of(journal, dir.resolve(name));
        Path victim = newestNamed(copy);
        fault.apply(victim);
        String err = restoresAsTheFullFoldAndVerifies(copy);
        assertTrue(err.contains(victim.toString()) && err.contains(said) && err.contains("is rebuilt from"), err);
    }

    /** The file of the newest day the journal's newest checkpoint names. */
    private static Path newestNamed(Path journalDir) {
        try (Journal j = Journal.openReader(journalDir)) {
            var checkpoint = (dev.routing.journal.event.StateCheckpoint) j.newestCheckpoint(Long.MAX_VALUE).entry();
            EngineState named = StateCodec.fromTree(checkpoint.state());
            Path newest = null;
            long day = Long.MIN_VALUE;
            for (var agent : named.privacy.forgotten.entrySet()) {
                for (ForgottenIds.SealedDay d : agent.getValue().sealedDays()) {
                    if (d.day() > day) {
                        day = d.day();
                        newest = IdDayFile.path(journalDir, agent.getKey(), d.day());
                    }
                }
            }
            assertTrue(newest != null, "the newest checkpoint names a sealed day");
            return newest;
        }
    }

    interface Fault {
        void apply(Path file) throws IOException;
    }

    private static IdDayFile.Expected anyOf(Path f) {
        try (var ch = java.nio.channels.FileChannel.open(f)) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(56).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            ch.read(b, 0);
            byte[] id = new byte[16];
            b.get(8, id);
            byte[] rest = new byte[b.getShort(48) + b.getShort(50)];
            ch.read(java.nio.ByteBuffer.wrap(rest), 56);
            String label = new String(rest, 0, b.getShort(48), StandardCharsets.UTF_8);
            String agent = new String(rest, b.getShort(48), b.getShort(50), StandardCharsets.UTF_8);
            return new IdDayFile.Expected(id, agent, b.getLong(24), label, Long.MAX_VALUE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Path> dayFiles(Path journalDir) {
        if (!Files.isDirectory(journalDir.resolve(IdDayFile.FOLDER))) return List.of();
        try (Stream<Path> files = Files.list(journalDir.resolve(IdDayFile.FOLDER))) {
            return files.filter(f -> f.getFileName().toString().endsWith(".tbl") && IdDayFile.dayOf(f.getFileName().toString()) != Long.MAX_VALUE)
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) Files.delete(p);
        }
    }
}
