package dev.routing.engine.dayaudit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditSummary;
import dev.routing.engine.audit.AuditWindow;
import dev.routing.engine.audit.Carried;
import dev.routing.engine.audit.FindingsWhy;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.JournalSink;
import dev.routing.engine.testing.StreamGenerator;
import dev.routing.engine.testing.StreamHost;
import dev.routing.journal.store.Journal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole journal's carried audit is read only when it is the fold this build would carry of the
 * journal as it lies: anything else is a reason, and the journal is audited from its first entry. A
 * file the disk refuses leaves nothing under its name; a carried file that does not read is passed
 * over, said, by the next day's carry, which folds from an older one or the first entry.
 */
class WholeAuditFaultsTest {
    @TempDir
    static Path dir;
    private static Path journal;
    private static Path other;
    /** The first sealed day, and the second. */
    private static int day;
    private static int nextDay;

    @BeforeAll
    static void twoJournalsOfTheSameStream() {
        journal = dir.resolve("journal");
        other = dir.resolve("other");
        for (Path p : List.of(journal, other)) {
            try (JournalSink sink = JournalSink.batched(p, RuleSet.V0_30_0, 500)) {
                StreamHost.play(sink, StreamGenerator.threeLongDays());
            }
        }
        try (Journal j = Journal.openReader(journal)) {
            day = Journal.cycleOf(j.firstIndex());
            nextDay = day + 1;
            assertNotNull(j.sealedDay(nextDay));
        }
    }

    private static String write(Journal j, int d) {
        return WholeAudit.write(j, d, n -> { }, note -> { });
    }

    /** Carries to the day afresh, then hands the file's bytes to {@code change} before reading it. */
    private static WholeAudit.Loaded readAfter(int d, UnaryOperator<byte[]> change) throws IOException {
        try (Journal j = Journal.openReader(journal)) {
            assertNull(write(j, d));
            Path file = WholeAudit.path(journal, d);
            Files.write(file, change.apply(Files.readAllBytes(file)));
            return WholeAudit.read(j, d);
        }
    }

    /** {@code rest} (header line and body) behind a first line whose checksum holds. */
    private static byte[] sealed(byte[] rest) {
        CRC32C crc = new CRC32C();
        crc.update(rest);
        byte[] first = String.format(Locale.ROOT, "RJCARRY1 %08x\n", crc.getValue()).getBytes(StandardCharsets.US_ASCII);
        byte[] file = Arrays.copyOf(first, first.length + rest.length);
        System.arraycopy(rest, 0, file, first.length, rest.length);
        return file;
    }

    /** The file with {@code from} replaced by {@code to} in its header, its checksum made to hold again. */
    private static byte[] resealed(byte[] file, String from, String to) {
        int headerAt = indexOf(file, (byte) '\n', 0) + 1;
        int bodyAt = indexOf(file, (byte) '\n', headerAt) + 1;
        String header = new String(file, headerAt, bodyAt - headerAt, StandardCharsets.UTF_8);
        assertTrue(header.contains(from), header);
        byte[] newHeader = header.replace(from, to).getBytes(StandardCharsets.UTF_8);
        byte[] rest = Arrays.copyOf(newHeader, newHeader.length + file.length - bodyAt);
        System.arraycopy(file, bodyAt, rest, newHeader.length, file.length - bodyAt);
        return sealed(rest);
    }

    private static int indexOf(byte[] bytes, byte b, int from) {
        for (int i = from; i < bytes.length; i++) if (bytes[i] == b) return i;
        throw new AssertionError("no newline after " + from);
    }

    @Test
    void aCarriedAuditReadsBackAndResumesAsTheWholeAndTheDayBeingWrittenIsNeverCarried() throws IOException {
        try (Journal j = Journal.openReader(journal)) {
            assertNull(write(j, nextDay));
            WholeAudit.Loaded read = WholeAudit.read(j, nextDay);
            assertNotNull(read.carried(), read.why());
            Carried.Resumed resumed = AuditWindow.resume(j, read.carried(), n -> { });
            AuditReport whole = AuditWindow.run(j, null, null, null, n -> { });
            assertEquals(AuditSummary.of(whole, FindingsWhy.of(j, whole)), resumed.summary(), resumed.refused());
            assertTrue(whole.totals().turns() > 0);
            int today = Journal.cycleOf(j.lastIndex());
            assertEquals("the day " + today + " is not sealed", write(j, today));
            assertFalse(Files.exists(WholeAudit.path(journal, today)));
            assertEquals(nextDay, WholeAudit.newest(journal));
        }
    }

    @Test
    void aByteFlippedAnywhereIsFoundAndTheFileIsNotRead() throws IOException {
        int size;
        try (Journal j = Journal.openReader(journal)) {
            assertNull(write(j, day));
            size = (int) Files.size(WholeAudit.path(journal, day));
        }
        List<Integer> where = new ArrayList<>();
        for (int i = 0; i < 20; i++) where.add(i); // the first line: its magic and its checksum
        for (int i = 1; i <= 40; i++) where.add(20 + (int) ((long) (size - 21) * i / 40)); // header and fold, to the last byte
        for (int at : where) {
            WholeAudit.Loaded r = readAfter(day, bytes -> {
                bytes[at] ^= 0x20;
                return bytes;
            });
            assertNull(r.carried(), "byte " + at + " flipped");
            assertFalse(r.missing());
            assertNotNull(r.why());
        }
    }

    @Test
    void aCutFileIsFoundAtEveryLength() throws IOException {
        int size;
        try (Journal j = Journal.openReader(journal)) {
            assertNull(write(j, day));
            size = (int) Files.size(WholeAudit.path(journal, day));
        }
        for (int length : new int[] {0, 1, 9, 17, 18, 19, size / 3, size / 2, size - 2, size - 1}) {
            WholeAudit.Loaded r = readAfter(day, bytes -> Arrays.copyOf(bytes, length));
            assertNull(r.carried(), "cut to " + length);
            assertTrue(r.why().startsWith("it is cut") || r.why().startsWith("its checksum"), length + ": " + r.why());
        }
    }

    @Test
    void aFoldCarriedUnderOtherRulesOfAnotherFormOrDayOrFromAnotherJournalIsNotRead() throws IOException {
        String rules = "\"rules\":\"" + RuleSet.CURRENT.label() + "\"";
        assertEquals("it read private input under the 0.30.0 rules, and this build's are " + RuleSet.CURRENT.label(),
                readAfter(day, b -> resealed(b, rules, "\"rules\":\"0.30.0\"")).why());
        assertEquals("it is of form 99, and this build makes form " + WholeAudit.FORM,
                readAfter(day, b -> resealed(b, "\"form\":" + WholeAudit.FORM, "\"form\":99")).why());
        try (Journal j = Journal.openReader(journal); Journal o = Journal.openReader(other)) {
            assertNull(write(j, day));
            Files.copy(WholeAudit.path(journal, day), WholeAudit.path(journal, nextDay), StandardCopyOption.REPLACE_EXISTING);
            assertEquals("it is the audit of day " + day, WholeAudit.read(j, nextDay).why());
            Files.createDirectories(WholeAudit.path(other, day).getParent());
            Files.copy(WholeAudit.path(journal, day), WholeAudit.path(other, day), StandardCopyOption.REPLACE_EXISTING);
            assertTrue(WholeAudit.read(o, day).why().startsWith("it is another journal's ("), WholeAudit.read(o, day).why());
        }
    }

    /** Every day file from the journal's first is named by its seal: the first one changed is as stale as the last. */
    @Test
    void aFoldCarriedFromOtherDayFilesIsNotRead() throws IOException {
        WholeAudit.Loaded changed = readAfter(nextDay, b -> {
            String text = new String(b, StandardCharsets.ISO_8859_1);
            int firstChain = text.indexOf("\"chain\":");
            String chain = text.substring(firstChain, text.indexOf('}', firstChain));
            return resealed(b, chain, "\"chain\":12345");
        });
        assertEquals("the day file of day " + day + " is not the one it was made from", changed.why());
        Path seal = journal.resolve(java.time.LocalDate.ofEpochDay(day).format(java.time.format.DateTimeFormatter.BASIC_ISO_DATE) + "F.seal");
        Path aside = dir.resolve("seal-aside");
        try (Journal j = Journal.openReader(journal)) {
            assertNull(write(j, nextDay));
        }
        Files.move(seal, aside);
        try (Journal j = Journal.openReader(journal)) {
            assertEquals("the day file of day " + day + " is not sealed now", WholeAudit.read(j, nextDay).why());
            assertEquals("the day " + day + ", which the audit of day " + nextDay + " reads, is not sealed", write(j, nextDay));
        } finally {
            Files.move(aside, seal);
        }
    }

    @Test
    void aFileWhoseChecksumHoldsButWhoseFoldIsOfAnotherShapeIsAReasonNotAThrow() throws IOException {
        try (Journal j = Journal.openReader(journal)) {
            assertNull(write(j, day));
            byte[] file = Files.readAllBytes(WholeAudit.path(journal, day));
            int headerAt = indexOf(file, (byte) '\n', 0) + 1;
            int bodyAt = indexOf(file, (byte) '\n', headerAt) + 1;
            byte[] header = Arrays.copyOfRange(file, headerAt, bodyAt);
            byte[] body = Arrays.copyOfRange(file, bodyAt, file.length);
            List<byte[]> bodies = List.of(new byte[0], Arrays.copyOf(body, body.length / 2), Arrays.copyOf(body, body.length + 3),
                    Arrays.copyOfRange(body, 7, body.length), new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
                        (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF});
            for (byte[] b : bodies) {
                byte[] rest = Arrays.copyOf(header, header.length + b.length);
                System.arraycopy(b, 0, rest, header.length, b.length);
                Files.write(WholeAudit.path(journal, day), sealed(rest));
                WholeAudit.Loaded r = WholeAudit.read(j, day);
                assertNull(r.carried(), b.length + " bytes of fold");
                assertTrue(r.why().startsWith("its fold does not read ("), r.why());
            }
        }
    }

    @Test
    void aFileTheDiskRefusesLeavesNothingUnderItsNameAndTheOneBeforeReadsAsItWas() throws IOException {
        try (Journal j = Journal.openReader(journal)) {
            assertNull(write(j, day));
            Path file = WholeAudit.path(journal, day);
            byte[] before = Files.readAllBytes(file);
            Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
            Files.createDirectories(temporary); // where the write goes, taken: as a full disk refuses it
            try {
                UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> write(j, day));
                assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
                assertTrue(Arrays.equals(before, Files.readAllBytes(file)));
                assertNotNull(WholeAudit.read(j, day).carried());
            } finally {
                Files.deleteIfExists(temporary);
            }
        }
    }

    @Test
    void aTemporaryFileAKillLeftIsNeverReadAndTheNextWriteReplacesIt() throws IOException {
        try (Journal j = Journal.openReader(journal)) {
            Path file = WholeAudit.path(journal, nextDay);
            Files.deleteIfExists(file);
            Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
            Files.createDirectories(temporary.getParent());
            Files.write(temporary, "RJCARRY1 half a file".getBytes(StandardCharsets.US_ASCII));
            assertTrue(WholeAudit.read(j, nextDay).missing());
            assertNull(write(j, nextDay));
            assertFalse(Files.exists(temporary));
            assertNotNull(WholeAudit.read(j, nextDay).carried());
        }
    }

    /** The chain: the day before's file not read is said, and the next day is carried from the first entry, as the whole. */
    @Test
    void aDayBeforeWhoseFileDoesNotReadIsPassedOverSaidAndTheNextDayIsCarriedFromTheFirstEntry() throws IOException {
        try (Journal j = Journal.openReader(journal)) {
            assertNull(write(j, day));
            Path before = WholeAudit.path(journal, day);
            byte[] bytes = Files.readAllBytes(before);
            bytes[bytes.length - 1] ^= 1;
            Files.write(before, bytes);
            List<String> said = new ArrayList<>();
            assertNull(WholeAudit.write(j, nextDay, n -> { }, said::add));
            assertEquals(List.of("the whole audit carried to day " + day + " is not read: its checksum does not hold: it was cut or changed"), said);
            Carried.Resumed resumed = AuditWindow.resume(j, WholeAudit.read(j, nextDay).carried(), n -> { });
            AuditReport whole = AuditWindow.run(j, null, null, null, n -> { });
            assertEquals(AuditSummary.of(whole, FindingsWhy.of(j, whole)), resumed.summary());
        }
    }
}
