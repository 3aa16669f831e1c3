package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.projections.privacy.ForgottenIds;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closed day's ids in a real file (docs/decisions/0011): written whole, it answers for exactly its
 * ids; a file cut at any length, with any byte changed, of another journal, of other rules, past the
 * checkpoint, of another agent or day, or missing is refused by name and never answers.
 */
class IdDayFileTest {
    @TempDir
    Path dir;

    @Test
    void aDayWrittenWholeAnswersForExactlyItsIdsWithTheirReaders() {
        List<String> ids = IdDays.ids(1000, 0);
        Path file = IdDays.write(dir, ids);
        IdDayFile day = IdDayFile.open(file, IdDays.expected());
        assertEquals(1000, day.ids().size());
        assertEquals(IdDays.DAY, day.ids().day());
        assertEquals(IdDays.AGENT, day.header().agent());
        IdDays.answersExactly(day.ids(), ids);
        assertEquals(List.of(file.getFileName().toString()), names());
    }

    @Test
    void anEmptyDayIsATableOfNoIds() {
        IdDayFile day = IdDayFile.open(IdDays.write(dir, List.of()), IdDays.expected());
        assertEquals(0, day.ids().size());
        IdDays.answersExactly(day.ids(), List.of());
    }

    @Test
    void aFileCutAtAnyLengthIsRefusedAsCut() throws IOException {
        Path file = IdDays.write(dir, IdDays.ids(6, 0));
        byte[] whole = Files.readAllBytes(file);
        for (int length = 0; length < whole.length; length++) {
            Files.write(file, java.util.Arrays.copyOf(whole, length));
            String why = refusal(file, IdDays.expected());
            assertTrue(why.contains("cut short") || why.contains("magic"), length + " bytes: " + why);
        }
        Files.write(file, java.util.Arrays.copyOf(whole, whole.length + 1));
        assertTrue(refusal(file, IdDays.expected()).contains("not of its header's length"));
    }

    @Test
    void aFileWithAnyByteChangedIsRefused() throws IOException {
        Path file = IdDays.write(dir, IdDays.ids(6, 0));
        byte[] whole = Files.readAllBytes(file);
        for (int at = 0; at < whole.length; at++) {
            byte[] flipped = whole.clone();
            flipped[at] ^= (byte) (1 << (at % 8));
            Files.write(file, flipped);
            String why = refusal(file, IdDays.expected());
            assertTrue(why.startsWith(file.toString() + ": "), "byte " + at + ": " + why);
        }
    }

    @Test
    void aFileOfAnotherJournalIsRefusedAsForeign() {
        Path file = IdDays.write(dir, IdDays.ids(10, 0));
        IdDayFile.Expected other = new IdDayFile.Expected(IdDays.OTHER_JOURNAL, IdDays.AGENT, IdDays.DAY, IdDays.LABEL, IdDays.INDEX);
        assertTrue(refusal(file, other).contains("of another journal"));
    }

    @Test
    void aFileOfOtherRulesOrPastTheCheckpointIsRefusedAsStale() {
        Path file = IdDays.write(dir, IdDays.ids(10, 0));
        String otherRules = refusal(file, new IdDayFile.Expected(IdDays.JOURNAL, IdDays.AGENT, IdDays.DAY, "rules-2026-12", IdDays.INDEX));
        assertTrue(otherRules.contains("stale: written under the rules rules-2026-11"), otherRules);
        String past = refusal(file, new IdDayFile.Expected(IdDays.JOURNAL, IdDays.AGENT, IdDays.DAY, IdDays.LABEL, IdDays.INDEX - 1));
        assertTrue(past.contains("stale: it covers the journal to index"), past);
    }

    @Test
    void aFileOfAnotherAgentOrDayIsRefused() throws IOException {
        Path file = IdDays.write(dir, IdDays.ids(10, 0));
        assertTrue(refusal(file, new IdDayFile.Expected(IdDays.JOURNAL, "agent-2", IdDays.DAY, IdDays.LABEL, IdDays.INDEX))
                .contains("of agent"));
        Path moved = Files.move(file, IdDayFile.path(dir, IdDays.AGENT, IdDays.DAY + 1));
        assertTrue(refusal(moved, new IdDayFile.Expected(IdDays.JOURNAL, IdDays.AGENT, IdDays.DAY + 1, IdDays.LABEL, IdDays.INDEX))
                .contains("of epoch day " + IdDays.DAY));
    }

    @Test
    void aMissingFileIsRefusedAsMissing() {
        assertEquals(IdDayFile.path(dir, IdDays.AGENT, IdDays.DAY) + ": missing",
                refusal(IdDayFile.path(dir, IdDays.AGENT, IdDays.DAY), IdDays.expected()));
    }

    @Test
    void aTemporaryFileAKillLeftIsReplacedByTheNextWriteOfItsDay() throws IOException {
        Path file = IdDayFile.path(dir, IdDays.AGENT, IdDays.DAY);
        Files.createDirectories(file.getParent());
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try (RandomAccessFile half = new RandomAccessFile(temporary.toFile(), "rw")) {
            half.setLength(4096);
        }
        assertTrue(refusal(file, IdDays.expected()).endsWith("missing"), "a temporary file is never read");
        List<String> ids = IdDays.ids(50, 3);
        IdDays.write(dir, ids);
        assertFalse(Files.exists(temporary));
        IdDays.answersExactly(IdDayFile.open(file, IdDays.expected()).ids(), ids);
    }

    @Test
    void aDayWrittenAgainReplacesTheFileWhole() {
        IdDays.write(dir, IdDays.ids(30, 1));
        List<String> again = IdDays.ids(70, 2);
        Path file = IdDays.write(dir, again);
        IdDays.answersExactly(IdDayFile.open(file, IdDays.expected()).ids(), again);
        assertEquals(ForgottenIds.NOT_HELD, IdDayFile.open(file, IdDays.expected()).ids().lookup(IdDays.ids(30, 1).get(2)));
    }

    private List<String> names() {
        try (var files = Files.list(dir.resolve(IdDayFile.FOLDER))) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String refusal(Path file, IdDayFile.Expected expected) {
        return assertThrows(IdDayFileException.class, () -> IdDayFile.open(file, expected)).getMessage();
    }
}
