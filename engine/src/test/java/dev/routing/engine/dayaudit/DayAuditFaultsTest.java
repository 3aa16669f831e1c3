package dev.routing.engine.dayaudit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.context.RuleSet;
import dev.routing.engine.testing.Action;
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
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sealed day's persisted audit is read only when it is the audit this build would make of the
 * journal as it lies: anything else is a reason, said, and the day is audited from the journal. And
 * a file the disk refuses leaves nothing under its name, and the one there before as it was.
 */
class DayAuditFaultsTest {
    @TempDir
    static Path dir;
    private static Path journal;
    private static Path other;
    /** The first sealed day, and the second. */
    private static int day;
    private static int nextDay;

    /** Three agents' long histories on three days, a restart in the second, a message on the fourth. */
    static List<Action> stream() {
        return StreamGenerator.threeLongDays();
    }

    @BeforeAll
    static void twoJournalsOfTheSameStream() {
        journal = dir.resolve("journal");
        other = dir.resolve("other");
        for (Path p : List.of(journal, other)) {
            try (JournalSink sink = JournalSink.batched(p, RuleSet.V0_30_0, 500)) {
                StreamHost.play(sink, stream());
            }
        }
        try (Journal j = Journal.openReader(journal)) {
            day = Journal.cycleOf(j.firstIndex());
            nextDay = day + 1;
            assertNotNull(j.sealedDay(day));
            assertNotNull(j.sealedDay(nextDay));
        }
    }

    /** A copy of the journal, its state folder too, to change as a test needs. */
    private static Path copyOf(String name) throws IOException {
        Path copy = dir.resolve(name);
        try (java.util.stream.Stream<Path> files = Files.walk(journal)) {
            for (Path f : files.toList()) {
                Path to = copy.resolve(journal.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(to);
                else Files.copy(f, to);
            }
        }
        return copy;
    }

    /** Writes the day's audit afresh; its file's size. */
    private static int writtenSize(int d) throws IOException {
        try (Journal j = Journal.openReader(journal)) {
            assertNull(DayAudit.write(j, d, n -> { }));
            return (int) Files.size(DayAudit.path(journal, d));
        }
    }

    /** Writes the day's audit afresh, then hands its file's bytes to {@code change} before reading it. */
    private static DayAudit.Reading readAfter(int d, java.util.function.UnaryOperator<byte[]> change) throws IOException {
        try (Journal j = Journal.openReader(journal)) {
            assertNull(DayAudit.write(j, d, n -> { }));
            Path file = DayAudit.path(journal, d);
            Files.write(file, change.apply(Files.readAllBytes(file)));
            return DayAudit.read(j, d);
        }
    }

    /** The file with {@code from} replaced by {@code to} in its header, and its checksum made to hold again. */
    private static byte[] resealed(byte[] file, String from, String to) {
        String text = new String(file, StandardCharsets.UTF_8);
        int firstLine = text.indexOf('\n') + 1;
        int headerEnd = text.indexOf('\n', firstLine);
        String header = text.substring(firstLine, headerEnd);
        assertTrue(header.contains(from), header);
        String rest = header.replace(from, to) + text.substring(headerEnd);
        byte[] bytes = rest.getBytes(StandardCharsets.UTF_8);
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return (String.format(Locale.ROOT, "RJAUDIT1 %08x\n", crc.getValue()) + rest).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aSealedDaysAuditReadsBackAndTheDayBeingWrittenIsNeverPersisted() throws IOException {
        try (Journal j = Journal.openReader(journal)) {
            assertNull(DayAudit.write(j, day, n -> { }));
            assertNotNull(DayAudit.read(j, day).summary());
            int today = Journal.cycleOf(j.lastIndex());
            assertEquals("the day " + today + " is not sealed", DayAudit.write(j, today, n -> { }));
            assertFalse(Files.exists(DayAudit.path(journal, today)));
        }
    }

    @Test
    void aDayWithNoFileIsMissingAndSaysSo() throws IOException {
        try (Journal j = Journal.openReader(journal)) {
            Files.deleteIfExists(DayAudit.path(journal, nextDay));
            DayAudit.Reading r = DayAudit.read(j, nextDay);
            assertNull(r.summary());
            assertTrue(r.missing());
            assertEquals("there is none", r.why());
        }
    }

    @Test
    void aByteFlippedAnywhereIsFoundAndTheFileIsNotRead() throws IOException {
        int size = writtenSize(day);
        List<Integer> where = new ArrayList<>();
        for (int i = 0; i < 20; i++) where.add(i); // the first line: its magic and its checksum
        for (int i = 1; i <= 60; i++) where.add(20 + (int) ((long) (size - 21) * i / 60)); // header and summary, to the last byte
        for (int at : where) {
            DayAudit.Reading r = readAfter(day, bytes -> {
                bytes[at] ^= 0x20;
                return bytes;
            });
            assertNull(r.summary(), "byte " + at + " flipped");
            assertFalse(r.missing());
            assertNotNull(r.why());
        }
    }

    @Test
    void aCutFileIsFoundAtEveryLength() throws IOException {
        int size = writtenSize(day);
        for (int length : new int[] {0, 1, 9, 17, 18, 19, size / 3, size / 2, size - 2, size - 1}) {
            DayAudit.Reading r = readAfter(day, bytes -> java.util.Arrays.copyOf(bytes, length));
            assertNull(r.summary(), "cut to " + length);
            assertTrue(r.why().startsWith("it is cut") || r.why().startsWith("its checksum"), length + ": " + r.why());
        }
    }

    @Test
    void anAuditMadeUnderOtherRulesOfAnotherFormOrDayIsNotRead() throws IOException {
        String rules = "\"rules\":\"" + RuleSet.CURRENT.label() + "\"";
        assertEquals("it read private input under the 0.30.0 rules, and this build's are " + RuleSet.CURRENT.label(),
                readAfter(day, b -> resealed(b, rules, "\"rules\":\"0.30.0\"")).why());
        assertEquals("it is of form 99, and this build makes form " + DayAudit.FORM,
                readAfter(day, b -> resealed(b, "\"form\":" + DayAudit.FORM, "\"form\":99")).why());
        try (Journal j = Journal.openReader(journal)) {
            assertNull(DayAudit.write(j, day, n -> { }));
            Files.copy(DayAudit.path(journal, day), DayAudit.path(journal, nextDay), StandardCopyOption.REPLACE_EXISTING);
            assertEquals("it is the audit of day " + day, DayAudit.read(j, nextDay).why());
        }
    }

    @Test
    void anAuditMadeFromOtherDayFilesIsNotRead() throws IOException {
        DayAudit.Reading changed = readAfter(nextDay, b -> {
            String text = new String(b, StandardCharsets.UTF_8);
            String chain = text.substring(text.indexOf("\"chain\":"), text.indexOf('}', text.indexOf("\"chain\":")));
            return resealed(b, chain, "\"chain\":12345");
        });
        assertTrue(changed.why().matches("the day file of day \\d+ is not the one it was made from"), changed.why());
        // the day's seal gone (a day file replaced by one sealed by no writer): the open trusts no seal, and the audit is not read
        try (Journal j = Journal.openReader(journal)) {
            assertNull(DayAudit.write(j, nextDay, n -> { }));
        }
        Path seal = journal.resolve(java.time.LocalDate.ofEpochDay(nextDay).format(java.time.format.DateTimeFormatter.BASIC_ISO_DATE) + "F.seal");
        Path aside = dir.resolve("seal-aside");
        Files.move(seal, aside);
        try (Journal j = Journal.openReader(journal)) {
            assertEquals("the day file of day " + nextDay + " is not sealed now", DayAudit.read(j, nextDay).why());
        } finally {
            Files.move(aside, seal);
        }
    }

    @Test
    void anotherJournalsAuditOfTheSameDayIsNotRead() throws IOException {
        try (Journal j = Journal.openReader(journal); Journal o = Journal.openReader(other)) {
            assertNull(DayAudit.write(j, day, n -> { }));
            Files.createDirectories(DayAudit.path(other, day).getParent());
            Files.copy(DayAudit.path(journal, day), DayAudit.path(other, day), StandardCopyOption.REPLACE_EXISTING);
            assertTrue(DayAudit.read(o, day).why().startsWith("it is another journal's ("), DayAudit.read(o, day).why());
        }
    }

    @Test
    void aFileTheDiskRefusesLeavesNothingUnderItsNameAndTheOneBeforeReadsAsItWas() throws IOException {
        try (Journal j = Journal.openReader(journal)) {
            assertNull(DayAudit.write(j, day, n -> { }));
            byte[] before = Files.readAllBytes(DayAudit.path(journal, day));
            Path temporary = DayAudit.path(journal, day).resolveSibling(DayAudit.path(journal, day).getFileName() + ".tmp");
            Files.createDirectories(temporary); // where the write goes, taken: as a full disk refuses it
            try {
                UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> DayAudit.write(j, day, n -> { }));
                assertTrue(e.getMessage().contains(DayAudit.path(journal, day).toString()), e.getMessage());
                assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(DayAudit.path(journal, day))));
                assertNotNull(DayAudit.read(j, day).summary());
            } finally {
                Files.deleteIfExists(temporary);
            }
        }
    }

    @Test
    void aTemporaryFileAKillLeftIsNeverReadAndTheNextWriteReplacesIt() throws IOException {
        try (Journal j = Journal.openReader(journal)) {
            Files.deleteIfExists(DayAudit.path(journal, nextDay));
            Path temporary = DayAudit.path(journal, nextDay).resolveSibling(DayAudit.path(journal, nextDay).getFileName() + ".tmp");
            Files.createDirectories(temporary.getParent());
            Files.write(temporary, "RJAUDIT1 half a file".getBytes(StandardCharsets.US_ASCII));
            assertTrue(DayAudit.read(j, nextDay).missing());
            assertNull(DayAudit.write(j, nextDay, n -> { }));
            assertFalse(Files.exists(temporary));
            assertNotNull(DayAudit.read(j, nextDay).summary());
        }
    }

    @Test
    void aFileWhoseChecksumHoldsButWhoseHeaderOrSummaryIsOfAnotherShapeIsAReasonNotAThrow() throws IOException {
        try (Journal j = Journal.openReader(journal)) {
            assertNull(DayAudit.write(j, day, n -> { }));
            String text = Files.readString(DayAudit.path(journal, day));
            int headerAt = text.indexOf('\n') + 1;
            int bodyAt = text.indexOf('\n', headerAt) + 1;
            String header = text.substring(headerAt, bodyAt - 1);
            String body = text.substring(bodyAt);
            String noSeal = header.substring(0, header.indexOf("\"seals\":[") + 9) + "]}";
            for (String rest : List.of("{\"form\":" + DayAudit.FORM + ",\"day\":" + day + "}\n" + body, "null\n" + body, header + "\nnull\n",
                    header + "\n{}\n", "[]\n" + body, header, noSeal + "\n" + body)) {
                CRC32C crc = new CRC32C();
                crc.update(rest.getBytes(StandardCharsets.UTF_8));
                Files.writeString(DayAudit.path(journal, day), String.format(Locale.ROOT, "RJAUDIT1 %08x\n", crc.getValue()) + rest);
                DayAudit.Reading r = DayAudit.read(j, day);
                assertNull(r.summary(), rest);
                assertNotNull(r.why(), rest);
            }
        }
    }

    /**
     * The trade-off ADR 0013 takes, as a restore takes it: the open trusts a sealed day file by its
     * seal without reading it again, so a byte changed inside it after its audit was persisted is not
     * found by that day's audit, which prints what the day held when it was sealed; verify, and every
     * command that reads the file, find it.
     */
    @Test
    void aByteChangedInsideTheSealedDayLaterIsFoundByVerifyAndNotByThatDaysPersistedAudit() throws IOException {
        Path copy = copyOf("flipped");
        try (Journal j = Journal.openReader(copy)) {
            assertNull(DayAudit.write(j, day, n -> { }));
        }
        Path dayFile = copy.resolve(java.time.LocalDate.ofEpochDay(day).format(java.time.format.DateTimeFormatter.BASIC_ISO_DATE) + "F.cq4");
        byte[] bytes = Files.readAllBytes(dayFile);
        int at = indexOf(bytes, "pong 49".getBytes(StandardCharsets.US_ASCII));
        bytes[at + 5] ^= 1;
        Files.write(dayFile, bytes);
        try (Journal j = Journal.openReader(copy)) {
            assertNotNull(DayAudit.read(j, day).summary(), "read on the seal's word");
            List<String> problems = j.sealProblems();
            assertEquals(1, problems.size(), problems::toString);
            assertTrue(problems.get(0).contains(dayFile.getFileName().toString()), problems.get(0));
        } catch (dev.routing.journal.store.faults.JournalDamagedException e) {
            assertTrue(e.getMessage().contains(dayFile.getFileName().toString()), e.getMessage()); // verify's walk refuses the excerpt, naming the file
        }
    }

    private static int indexOf(byte[] bytes, byte[] what) {
        outer:
        for (int i = 0; i + what.length <= bytes.length; i++) {
            for (int k = 0; k < what.length; k++) if (bytes[i + k] != what[k]) continue outer;
            return i;
        }
        throw new AssertionError("not found");
    }

    @Test
    void somethingNoDaysAuditIsInItsPlaceIsAReasonNotARead() throws Exception {
        Path file = DayAudit.path(journal, nextDay);
        try (Journal j = Journal.openReader(journal)) {
            Files.deleteIfExists(file);
            try (java.io.RandomAccessFile huge = new java.io.RandomAccessFile(file.toFile(), "rw")) {
                huge.setLength(3L << 30); // sparse: no disk, and more than any heap reads whole
            }
            assertEquals("it is " + (3L << 30) + " bytes, more than any day's audit", DayAudit.read(j, nextDay).why());
            Files.delete(file);
            Files.createDirectories(file);
            assertEquals("it is not a regular file", DayAudit.read(j, nextDay).why());
            Files.delete(file);
            Process fifo = new ProcessBuilder("mkfifo", file.toString()).start(); // a reader of a FIFO would wait forever
            assertEquals(0, fifo.waitFor());
            assertEquals("it is not a regular file", DayAudit.read(j, nextDay).why());
            Files.delete(file);
            assertNull(DayAudit.write(j, nextDay, n -> { }), "and the next write puts the day's audit there");
            assertNotNull(DayAudit.read(j, nextDay).summary());
        }
    }

    @Test
    void aDayWhoseAuditReadsADayNotSealedIsNotPersisted() throws IOException {
        Path copy = copyOf("unsealed-between");
        Files.deleteIfExists(DayAudit.path(copy, nextDay + 1));
        // the day before's seal gone: its file is checked whole at every open, and trusted by no persisted audit
        Files.delete(copy.resolve(java.time.LocalDate.ofEpochDay(nextDay).format(java.time.format.DateTimeFormatter.BASIC_ISO_DATE) + "F.seal"));
        try (Journal j = Journal.openReader(copy)) {
            assertEquals("the day " + nextDay + ", which the audit of day " + (nextDay + 1) + " reads, is not sealed",
                    DayAudit.write(j, nextDay + 1, n -> { }));
            assertTrue(DayAudit.read(j, nextDay + 1).missing());
        }
    }
}
