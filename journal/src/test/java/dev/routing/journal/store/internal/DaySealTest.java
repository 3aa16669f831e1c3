package dev.routing.journal.store.internal;

import static dev.routing.journal.store.Entries.message;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalReader;
import dev.routing.journal.store.JournalRecord;
import dev.routing.journal.store.JournalWriter;
import dev.routing.journal.store.faults.JournalDamagedException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Day files sealed when their day rolls ({@link DaySeal}, {@link Seals}): a check up to a checkpoint
 * (a restore) reads no sealed file again, and a seal that is missing, cut or does not match the file
 * as it lies is never trusted: the file is checked whole, and the open says so. Faults on real files.
 */
class DaySealTest {
    private static final Instant MONDAY = Instant.parse("2026-11-02T09:00:00Z");
    private static final String MONDAY_FILE = "20261102F.cq4";

    @TempDir
    Path dir;

    @AfterEach
    void release() {
        BackgroundResourceReleaser.releasePendingResources();
    }

    /** Three days of five messages each, "d<day>-<k>": Monday's and Tuesday's files roll, Wednesday's is the last. */
    private List<String> threeDays() {
        List<String> ids = new ArrayList<>();
        try (JournalWriter j = Journal.openWriter(dir)) {
            for (int day = 0; day < 3; day++) {
                for (int k = 0; k < 5; k++) {
                    String id = "d" + day + "-" + k;
                    j.append(message(MONDAY.plus(Duration.ofDays(day)).plusSeconds(k), id));
                    ids.add(id);
                }
            }
        }
        return ids;
    }

    private Path seal(String day) {
        return dir.resolve(day.replace(".cq4", ".seal"));
    }

    @Test
    void aDayFileIsSealedWhenItsDayRollsAndTheLastIsNot() {
        threeDays();
        assertTrue(Files.exists(seal(MONDAY_FILE)), "Monday rolled");
        assertTrue(Files.exists(seal("20261103F.cq4")), "Tuesday rolled");
        assertFalse(Files.exists(seal("20261104F.cq4")), "Wednesday's file still takes excerpts");
        try (JournalReader j = Journal.openReader(dir)) {
            assertEquals(List.of(), j.notes(), "every rolled file matches its seal");
            assertEquals(List.of(), j.sealProblems());
        }
    }

    @Test
    void aCheckUpToAnIndexReadsNoSealedFileAgainButEveryReadAndVerifyNameAByteChangedInIt() throws IOException {
        threeDays();
        flip(dir.resolve(MONDAY_FILE), "d0-3");
        try (JournalReader j = Journal.openReader(dir)) {
            j.checkUpTo(j.lastIndex() + 1); // trusts Monday's seal: its size and neighbours are as sealed
            JournalDamagedException read = assertThrows(JournalDamagedException.class, () -> j.read(-1, r -> { }));
            assertTrue(read.getMessage().contains(MONDAY_FILE), read.getMessage());
            JournalDamagedException verify = assertThrows(JournalDamagedException.class, j::sealProblems);
            assertTrue(verify.getMessage().contains(MONDAY_FILE), verify.getMessage());
        }
    }

    @Test
    void aCheckThatStopsInsideASealedDayReadsNoneOfItEither() throws IOException {
        threeDays();
        long[] inMonday = {-1};
        try (JournalReader j = Journal.openReader(dir)) {
            j.read(-1, (JournalRecord r) -> {
                if (((dev.routing.journal.event.MessageReceived) r.entry()).id().equals("d0-4")) inMonday[0] = r.index();
            });
        }
        flip(dir.resolve(MONDAY_FILE), "d0-1");
        try (JournalReader j = Journal.openReader(dir)) {
            j.checkUpTo(inMonday[0]); // a restore from a checkpoint inside Monday: its seal holds every excerpt of the file
            JournalDamagedException e = assertThrows(JournalDamagedException.class, () -> j.read(-1, r -> { }));
            assertTrue(e.getMessage().contains(MONDAY_FILE), e.getMessage());
        }
    }

    @Test
    void aWritersFirstExcerptInTheDayItOpenedInRollsNothingAndReadsNothingOfThatDay() {
        threeDays();
        int[] rolls = {0};
        Seals.beforeSeal = () -> rolls[0]++;
        try {
            try (JournalWriter j = Journal.openWriter(dir)) {
                j.append(message(MONDAY.plus(Duration.ofDays(2)).plusSeconds(30), "d2-late"));
                assertEquals(0, rolls[0], "Wednesday goes on: nothing rolled, and the day is not walked to be sealed");
                j.append(message(MONDAY.plus(Duration.ofDays(3)), "d3-0"));
                assertEquals(1, rolls[0], "Thursday's first excerpt rolled Wednesday");
            }
        } finally {
            Seals.beforeSeal = null;
        }
        assertTrue(Files.exists(seal("20261104F.cq4")), "Wednesday sealed by a walk, as a day a writer opened in is");
        try (JournalReader j = Journal.openReader(dir)) {
            assertEquals(List.of(), j.notes());
            assertEquals(List.of(), j.sealProblems());
        }
    }

    @Test
    void aSealOrMarksTheDiskRefusesAreSaidByTheWriterUntilADayIsSealedWhole() throws IOException {
        Files.createDirectories(dir.resolve("20261102F.seal.new")); // where Monday's seal is written first: no file can be made there
        Files.createDirectories(dir.resolve("20261103F.marks.new"));
        try (JournalWriter j = Journal.openWriter(dir)) {
            for (int day = 0; day < 4; day++) {
                j.append(message(MONDAY.plus(Duration.ofDays(day)), "d" + day));
                String why = j.sealFailure();
                switch (day) {
                    case 0 -> assertEquals(null, why, "nothing rolled yet");
                    case 1 -> assertTrue(why != null && why.startsWith("the day file " + MONDAY_FILE + " could not be sealed (")
                            && why.endsWith("): every open checks it whole"), why);
                    case 2 -> assertTrue(why != null && why.startsWith("the day file 20261103F.cq4's marks could not be written (")
                            && why.endsWith("): explain walks that day"), why);
                    default -> assertEquals(null, why, "Wednesday sealed and marked");
                }
            }
        }
        assertFalse(Files.exists(seal(MONDAY_FILE)));
        assertTrue(Files.exists(seal("20261103F.cq4")) && !Files.exists(dir.resolve("20261103F.marks")));
        try (JournalReader j = Journal.openReader(dir)) {
            int[] n = {0};
            j.read(-1, r -> n[0]++);
            assertEquals(4, n[0], "every message journaled and read");
        }
    }

    @Test
    void aDeletedSealIsNotedTheFileCheckedWholeAndTheWritersCheckSealsItAgain() throws IOException {
        threeDays();
        byte[] sealed = Files.readAllBytes(seal(MONDAY_FILE));
        Files.delete(seal(MONDAY_FILE));
        try (JournalReader j = Journal.openReader(dir)) {
            assertEquals(1, j.notes().size(), j.notes()::toString);
            assertTrue(j.notes().get(0).contains("1 day file(s) have no seal (" + MONDAY_FILE + ")"), j.notes().get(0));
            j.checkUpTo(j.lastIndex() + 1);
        }
        assertFalse(Files.exists(seal(MONDAY_FILE)), "a reader changes no byte");
        try (JournalWriter j = Journal.openWriter(dir)) {
            j.checkUpTo(j.lastIndex() + 1);
        }
        assertTrue(Files.exists(seal(MONDAY_FILE)), "the writer sealed what it checked whole");
        assertEquals(List.of(sealed.length), List.of(Files.readAllBytes(seal(MONDAY_FILE)).length));
        assertTrue(java.util.Arrays.equals(sealed, Files.readAllBytes(seal(MONDAY_FILE))), "the same seal as at the roll");
        try (JournalReader j = Journal.openReader(dir)) {
            assertEquals(List.of(), j.notes());
        }
    }

    @Test
    void aDeletedSealLeavesAByteChangedInItsFileToTheCheck() throws IOException {
        threeDays();
        Files.delete(seal(MONDAY_FILE));
        flip(dir.resolve(MONDAY_FILE), "d0-3");
        try (JournalWriter j = Journal.openWriter(dir)) {
            JournalDamagedException e = assertThrows(JournalDamagedException.class, () -> j.checkUpTo(j.lastIndex() + 1));
            assertTrue(e.getMessage().contains(MONDAY_FILE), e.getMessage());
        }
        assertFalse(Files.exists(seal(MONDAY_FILE)), "a damaged file is never sealed");
    }

    @Test
    void aSealWithAnotherLastOrdinalIsNotTrustedAndSaysSo() throws IOException {
        threeDays();
        rewriteSeal(MONDAY_FILE, 48, 3); // last ordinal 3, not 4
        flip(dir.resolve(MONDAY_FILE), "d0-3");
        try (JournalReader j = Journal.openReader(dir)) {
            assertEquals(1, j.notes().size(), j.notes()::toString);
            assertTrue(j.notes().get(0).contains("the day file " + MONDAY_FILE + " does not match its seal (its seal ends at ordinal 3"),
                    j.notes().get(0));
            JournalDamagedException e = assertThrows(JournalDamagedException.class, () -> j.checkUpTo(j.lastIndex() + 1));
            assertTrue(e.getMessage().contains(MONDAY_FILE), e.getMessage());
        }
    }

    @Test
    void aSealWithAnotherSizeIsNotTrusted() throws IOException {
        threeDays();
        rewriteSeal(MONDAY_FILE, 32, 4096);
        try (JournalReader j = Journal.openReader(dir)) {
            assertTrue(j.notes().get(0).contains("its seal says 4,096"), j.notes()::toString);
        }
    }

    @Test
    void aSealThatFailsItsOwnChecksumOrIsCutIsNotTrusted() throws IOException {
        threeDays();
        Path s = seal(MONDAY_FILE);
        byte[] b = Files.readAllBytes(s);
        b[50] ^= 1;
        Files.write(s, b);
        flip(dir.resolve(MONDAY_FILE), "d0-3");
        try (JournalReader j = Journal.openReader(dir)) {
            assertTrue(j.notes().get(0).contains("its seal fails its checksum"), j.notes()::toString);
            assertThrows(JournalDamagedException.class, () -> j.checkUpTo(j.lastIndex() + 1));
        }
        Files.write(s, java.util.Arrays.copyOf(b, 40));
        try (JournalReader j = Journal.openReader(dir)) {
            assertTrue(j.notes().get(0).contains("its seal is 40 bytes, not 96 (cut)"), j.notes()::toString);
            assertThrows(JournalDamagedException.class, () -> j.checkUpTo(j.lastIndex() + 1));
        }
    }

    @Test
    void aSealWithAnotherChecksumOfItsExcerptsIsNamedByVerify() throws IOException {
        threeDays();
        rewriteSeal(MONDAY_FILE, 28, 12345);
        try (JournalReader j = Journal.openReader(dir)) {
            assertEquals(List.of(), j.notes(), "the open compares sizes and ordinals, not checksums");
            j.checkUpTo(j.lastIndex() + 1);
            assertEquals(List.of("the day file " + MONDAY_FILE + " does not match its seal: the checksums of its excerpts are not those sealed"),
                    j.sealProblems());
        }
    }

    @Test
    void aSealOfAnotherJournalIsNotTrusted() throws IOException {
        threeDays();
        Path other = Files.createDirectory(dir.resolve("other"));
        try (JournalWriter j = Journal.openWriter(other)) {
            for (int day = 0; day < 2; day++) j.append(message(MONDAY.plus(Duration.ofDays(day)), "x" + day));
        }
        Files.copy(other.resolve(MONDAY_FILE.replace(".cq4", ".seal")), seal(MONDAY_FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        try (JournalReader j = Journal.openReader(dir)) {
            assertTrue(j.notes().get(0).contains("its seal is another journal's"), j.notes()::toString);
        }
    }

    @Test
    void aJournalWithoutSealsOpensCheckedAsBeforeAndItsWriterSealsWhatItChecks() throws IOException {
        List<String> ids = threeDays();
        Files.delete(seal(MONDAY_FILE));
        Files.delete(seal("20261103F.cq4"));
        try (JournalReader j = Journal.openReader(dir)) {
            assertTrue(j.notes().get(0).contains("2 day file(s) have no seal (" + MONDAY_FILE + " to 20261103F.cq4)"), j.notes()::toString);
            assertEquals(ids, read(j));
        }
        try (JournalWriter j = Journal.openWriter(dir)) {
            j.checkUpTo(j.lastIndex() + 1);
            j.append(message(MONDAY.plus(Duration.ofDays(3)), "d3-0"));
        }
        try (JournalReader j = Journal.openReader(dir)) {
            assertEquals(List.of(), j.notes());
            assertEquals(List.of(), j.sealProblems());
            assertTrue(Files.exists(seal("20261104F.cq4")), "Wednesday rolled in a writer that opened in it: sealed by a walk of it");
        }
    }

    private static List<String> read(Journal j) {
        List<String> ids = new ArrayList<>();
        j.read(-1, (JournalRecord r) -> ids.add(((dev.routing.journal.event.MessageReceived) r.entry()).id()));
        return ids;
    }

    /** Changes one byte of {@code marker} where it lies in {@code file}: a bit flipped on the disk, the size kept. */
    static void flip(Path file, String marker) throws IOException {
        byte[] m = marker.getBytes(StandardCharsets.UTF_8);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(1 << 20);
            ch.read(b, 0);
            byte[] a = b.array();
            for (int i = 0; i + m.length <= a.length; i++) {
                if (java.util.Arrays.equals(a, i, i + m.length, m, 0, m.length)) {
                    ch.write(ByteBuffer.wrap(new byte[] {(byte) (a[i + m.length - 1] ^ 1)}), i + m.length - 1);
                    return;
                }
            }
        }
        throw new AssertionError(marker + " is not in " + file);
    }

    /** Puts {@code value} at {@code at} in the seal of {@code day} (an i32 at 24 and 28, an i64 elsewhere), its own checksum made to hold. */
    private void rewriteSeal(String day, int at, long value) throws IOException {
        Path s = seal(day);
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(s)).order(ByteOrder.LITTLE_ENDIAN);
        if (at == 24 || at == 28) b.putInt(at, (int) value);
        else b.putLong(at, value);
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, 80);
        b.putInt(80, (int) crc.getValue());
        Files.write(s, b.array());
    }
}
