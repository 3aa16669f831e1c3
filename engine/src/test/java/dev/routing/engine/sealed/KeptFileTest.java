package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A day's kept messages in a real file: written whole, its body reads back byte for byte and long
 * for long; a file missing, cut, with any byte changed, of another journal, of other rules, past the
 * checkpoint, of another day or of another kind is refused, naming the file and why, and never
 * answers. A temporary file a kill left is never read, and the next write replaces it.
 */
class KeptFileTest {
    @TempDir
    Path dir;

    @Test
    void aBodyWrittenWholeReadsBackEveryByteAndEveryLong() throws IOException {
        for (int length : new int[] {0, 1, 7, 8, 100_000}) {
            byte[] body = body(length, length);
            int crc = KeptWriter.write(dir, IdDays.JOURNAL, IdDays.DAY, IdDays.INDEX, IdDays.LABEL, ByteBuffer.wrap(body));
            KeptFile kept = KeptFile.open(file(), expected());
            assertEquals(length, kept.length());
            ByteBuffer wanted = ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN);
            for (int at = 0; at < length; at++) assertEquals(body[at], kept.byteAt(at), "byte " + at + " of " + length);
            for (int at = 0; at + 8 <= length; at++) assertEquals(wanted.getLong(at), kept.longAt(at), "long at " + at + " of " + length);
            KeptFile.Header h = kept.header();
            assertTrue(Arrays.equals(IdDays.JOURNAL, h.journalId()));
            assertEquals(List.of(IdDays.DAY, IdDays.INDEX, IdDays.LABEL, crc), List.of(h.epochDay(), h.coveredIndex(), h.label(), h.crc()));
            assertEquals(file(), kept.path());
            assertEquals(List.of("kept-" + IdDays.DAY + ".tbl"), names(), "one file, of no agent, and no temporary one");
        }
    }

    @Test
    void aBodyFromItsBuffersPositionToItsLimitIsWhatIsWritten() {
        byte[] body = body(64, 9);
        ByteBuffer part = ByteBuffer.wrap(body).position(8).limit(40);
        KeptWriter.write(dir, IdDays.JOURNAL, IdDays.DAY, IdDays.INDEX, IdDays.LABEL, part);
        KeptFile kept = KeptFile.open(file(), expected());
        assertEquals(32, kept.length());
        for (int at = 0; at < 32; at++) assertEquals(body[8 + at], kept.byteAt(at));
        assertEquals(8, part.position(), "the caller's buffer is left as it was");
    }

    @Test
    void aMissingFileIsRefusedAsMissing() {
        assertEquals(file() + ": missing", refusal(file(), expected()));
    }

    @Test
    void aFileCutInsideItsHeaderInsideItsBodyOrOneByteShortIsRefusedAsCut() throws IOException {
        byte[] whole = write(body(100, 1));
        int bodyAt = whole.length - 100;
        for (int length : new int[] {0, 3, 4, 40, 52, 55, 56, bodyAt - 1, bodyAt, bodyAt + 1, bodyAt + 50, whole.length - 1}) {
            Files.write(file(), Arrays.copyOf(whole, length));
            String why = refusal(file(), expected());
            assertTrue(why.startsWith(file() + ": cut short: " + length + " bytes, its header "), length + " bytes: " + why);
        }
        Files.write(file(), Arrays.copyOf(whole, whole.length + 1));
        assertEquals(file() + ": not of its header's length: " + (whole.length + 1) + " bytes, its header says " + whole.length,
                refusal(file(), expected()));
    }

    @Test
    void aFileCutAtAnyLengthIsRefusedAsCut() throws IOException {
        byte[] whole = write(body(24, 2));
        for (int length = 0; length < whole.length; length++) {
            Files.write(file(), Arrays.copyOf(whole, length));
            String why = refusal(file(), expected());
            assertTrue(why.startsWith(file() + ": cut short: "), length + " bytes: " + why);
        }
    }

    /** A byte of the file changed, by XOR with {@code mask}, and the refusal that names what it broke. */
    private record Flip(String part, int at, int mask, String why) {
    }

    @Test
    void aByteFlippedInEachPartOfTheFileIsRefusedForWhatItBroke() throws IOException {
        byte[] whole = write(body(100, 3));
        int labelAt = SealedFileHeader.FIXED;
        int paddingAt = labelAt + IdDays.LABEL.length(); // the label is ASCII: 13 bytes, then 3 of zeros
        String checksum = "its checksum fails: a byte changed since it was written";
        List<Flip> flips = List.of(
                new Flip("magic", 1, 0x40, "not a kept file (its magic is not \"RKPT\")"),
                new Flip("format", 4, 0x40, "of format " + (KeptFile.FORMAT ^ 0x40) + ", this build reads 1"),
                new Flip("journal id", 8 + 5, 0x40, checksum),
                new Flip("epoch day", 24, 0x40, checksum),
                new Flip("covered index", 32 + 7, 0x01, checksum),
                new Flip("body length, fewer", 40, 0x04, "not of its header's length: " + whole.length + " bytes, its header says " + (whole.length - 4)),
                new Flip("body length, more", 47, 0x40, "cut short: " + whole.length + " bytes, its header says "),
                new Flip("label length", 49, 0x40, "cut short: "),
                new Flip("agent length, within the padding", 50, 0x01, checksum),
                new Flip("label", labelAt + 3, 0x40, checksum),
                new Flip("padding", paddingAt + 1, 0x40, checksum),
                new Flip("body", whole.length - 37, 0x40, checksum),
                new Flip("crc", SealedFileHeader.CRC_AT + 2, 0x40, checksum));
        for (Flip f : flips) {
            byte[] flipped = whole.clone();
            flipped[f.at()] ^= (byte) f.mask();
            Files.write(file(), flipped);
            String why = refusal(file(), expected());
            assertTrue(why.startsWith(file() + ": " + f.why()), f.part() + " (byte " + f.at() + "): " + why);
        }
    }

    @Test
    void aFileWithAnyByteChangedIsRefusedNamingIt() throws IOException {
        byte[] whole = write(body(40, 4));
        for (int at = 0; at < whole.length; at++) {
            byte[] flipped = whole.clone();
            flipped[at] ^= (byte) (1 << (at % 8));
            Files.write(file(), flipped);
            String why = refusal(file(), expected());
            assertTrue(why.startsWith(file() + ": "), "byte " + at + ": " + why);
        }
    }

    @Test
    void aFileOfAnotherJournalIsRefusedAsForeign() {
        write(body(10, 5));
        String why = refusal(file(), new KeptFile.Expected(IdDays.OTHER_JOURNAL, IdDays.DAY, IdDays.LABEL, IdDays.INDEX));
        assertEquals(file() + ": of another journal (its journal id " + java.util.HexFormat.of().formatHex(IdDays.JOURNAL)
                + ", this journal's " + java.util.HexFormat.of().formatHex(IdDays.OTHER_JOURNAL) + ")", why);
    }

    @Test
    void aFileOfOtherRulesIsRefusedAsStale() {
        write(body(10, 6));
        assertEquals(file() + ": stale: written under the rules rules-2026-11, not rules-2026-12",
                refusal(file(), new KeptFile.Expected(IdDays.JOURNAL, IdDays.DAY, "rules-2026-12", IdDays.INDEX)));
        assertThrows(NullPointerException.class, () -> new KeptFile.Expected(IdDays.JOURNAL, IdDays.DAY, null, IdDays.INDEX),
                "a kept file is never read whatever rules wrote it");
    }

    @Test
    void aFileCoveringAnIndexPastTheCheckpointIsRefusedAsStale() {
        write(body(10, 7));
        assertEquals(file() + ": stale: it covers the journal to index 0x" + Long.toHexString(IdDays.INDEX) + ", past the checkpoint's 0x"
                + Long.toHexString(IdDays.INDEX - 1), refusal(file(), new KeptFile.Expected(IdDays.JOURNAL, IdDays.DAY, IdDays.LABEL, IdDays.INDEX - 1)));
        KeptFile.open(file(), new KeptFile.Expected(IdDays.JOURNAL, IdDays.DAY, IdDays.LABEL, IdDays.INDEX + 1)); // covering less is fine
    }

    @Test
    void aFileOfAnotherDayIsRefusedEvenUnderThatDaysName() throws IOException {
        write(body(10, 8));
        Path moved = Files.move(file(), KeptFile.path(dir, IdDays.DAY + 1));
        assertEquals(moved + ": of epoch day " + IdDays.DAY + ", not " + (IdDays.DAY + 1),
                refusal(moved, new KeptFile.Expected(IdDays.JOURNAL, IdDays.DAY + 1, IdDays.LABEL, IdDays.INDEX)));
    }

    @Test
    void anIdDayFileIsNeverReadAsAKeptFileNorAKeptFileAsAnIdDayFile() throws IOException {
        Path ids = IdDays.write(dir, IdDays.ids(10, 0));
        Files.move(ids, file());
        assertEquals(file() + ": not a kept file (its magic is not \"RKPT\")", refusal(file(), expected()));

        write(body(10, 9));
        Files.move(file(), ids);
        IdDayFileException e = assertThrows(IdDayFileException.class, () -> IdDayFile.open(ids, IdDays.expected()));
        assertEquals(ids + ": not an id day file (its magic is not \"RIDS\")", e.getMessage());
    }

    @Test
    void aKeptFileThatNamesAnAgentIsRefused() throws IOException {
        // whole, its checksum made good again: only a writer that is not this build's could leave it
        ByteBuffer agentless = ByteBuffer.wrap(body(16, 10));
        ByteBuffer header = SealedFileHeader.bytes(IdDayFile.KIND, IdDays.JOURNAL, "qa", IdDays.DAY, IdDays.INDEX, IdDays.LABEL, agentless);
        header.put(0, "RKPT".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).putInt(4, KeptFile.FORMAT);
        CRC32C crc = new CRC32C();
        crc.update(header.slice(0, SealedFileHeader.CRC_AT));
        crc.update(header.slice(SealedFileHeader.FIXED, header.capacity() - SealedFileHeader.FIXED));
        crc.update(agentless.duplicate());
        header.putInt(SealedFileHeader.CRC_AT, (int) crc.getValue());
        WholeFile.write(file(), header, agentless);
        assertEquals(file() + ": names an agent (qa), as a kept file never does", refusal(file(), expected()));
        assertThrows(IllegalArgumentException.class,
                () -> SealedFileHeader.bytes(KeptFile.KIND, IdDays.JOURNAL, "qa", IdDays.DAY, IdDays.INDEX, IdDays.LABEL, agentless));
    }

    @Test
    void aTemporaryFileAKillLeftIsNeverReadAndTheNextWriteReplacesIt() throws IOException {
        Path temporary = file().resolveSibling(file().getFileName() + ".tmp");
        Files.createDirectories(temporary.getParent());
        // a kill after the temporary file was whole, before its rename: even that is not read
        byte[] old = write(body(50, 11));
        Files.move(file(), temporary);
        assertEquals(file() + ": missing", refusal(file(), expected()), "a temporary file is never read");

        byte[] body = body(300, 12);
        KeptWriter.write(dir, IdDays.JOURNAL, IdDays.DAY, IdDays.INDEX, IdDays.LABEL, ByteBuffer.wrap(body));
        assertFalse(Files.exists(temporary));
        assertEquals(List.of(file().getFileName().toString()), names());
        assertBody(body, KeptFile.open(file(), expected()));

        Files.write(temporary, Arrays.copyOf(old, 70)); // a kill mid body beside a whole file: the whole one answers
        assertBody(body, KeptFile.open(file(), expected()));
    }

    @Test
    void aDayWrittenAgainReplacesTheFileWhole() {
        write(body(1000, 13));
        byte[] again = body(10, 14);
        write(again);
        assertBody(again, KeptFile.open(file(), expected()));
    }

    @Test
    void theDayOfAKeptFilesNameAndOfNoOtherName() {
        for (long day : new long[] {0, 1, IdDays.DAY, -3, Long.MIN_VALUE, Long.MAX_VALUE - 1}) {
            assertEquals(day, KeptFile.dayOf(KeptFile.path(dir, day).getFileName().toString()), "day " + day);
        }
        for (String name : List.of("kept-20400.tbl.tmp", IdDayFile.path(dir, IdDays.AGENT, IdDays.DAY).getFileName().toString(), "ids-20400.tbl",
                "kept-.tbl", "kept-x.tbl", "kept-+5.tbl", "kept-05.tbl", "kept--0.tbl", "kept-1-2.tbl", "kept-20400.log", "kept-20400",
                "Kept-1.tbl", "kept-1.TBL", "kept-99999999999999999999.tbl", "20400.tbl", "")) {
            assertEquals(Long.MAX_VALUE, KeptFile.dayOf(name), name);
        }
    }

    private Path file() {
        return KeptFile.path(dir, IdDays.DAY);
    }

    private static KeptFile.Expected expected() {
        return new KeptFile.Expected(IdDays.JOURNAL, IdDays.DAY, IdDays.LABEL, IdDays.INDEX);
    }

    /** Writes the day's kept file of {@code body}; its bytes. */
    private byte[] write(byte[] body) {
        KeptWriter.write(dir, IdDays.JOURNAL, IdDays.DAY, IdDays.INDEX, IdDays.LABEL, ByteBuffer.wrap(body));
        try {
            return Files.readAllBytes(file());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] body(int length, long seed) {
        byte[] b = new byte[length];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static void assertBody(byte[] body, KeptFile kept) {
        assertEquals(body.length, kept.length());
        for (int at = 0; at < body.length; at++) assertEquals(body[at], kept.byteAt(at), "byte " + at);
    }

    private List<String> names() {
        try (var files = Files.list(dir.resolve(IdDayFile.FOLDER))) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String refusal(Path file, KeptFile.Expected expected) {
        String why = assertThrows(IdDayFileException.class, () -> KeptFile.open(file, expected)).getMessage();
        assertTrue(why.startsWith(file + ": "), "names the file: " + why);
        return why;
    }
}
