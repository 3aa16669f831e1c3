package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.routing.cli.options.ExitCodes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code audit-days} persists the audit of each sealed day (docs/decisions/0013), and {@code audit}
 * of that whole day, as text, prints it: the same text, byte for byte, as the day audited from the
 * journal. A file that does not read is said on stderr and the day is audited from the journal;
 * other windows, an agent's audit and the other formats read the journal as before.
 */
class AuditOfASealedDayTest {
    @TempDir
    static Path dir;
    private static Path journal;
    /** The week's sealed days: every day but the last. */
    private static final List<LocalDate> DAYS = new ArrayList<>();

    @BeforeAll
    static void aCopyOfTheIncidentWeekWithItsDaysAudited() throws IOException {
        journal = dir.resolve("journal");
        Path from = Weeks.incident("0.30.0").journal(); // shared and read-only: the audits are written into a copy
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path to = journal.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(to);
                else Files.copy(f, to, StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
        Cli.Result days = Cli.run("audit-days", "--journal", journal.toString()).exits(ExitCodes.OK);
        for (LocalDate d = LocalDate.of(2026, 11, 2); d.isBefore(LocalDate.of(2026, 11, 8)); d = d.plusDays(1)) DAYS.add(d);
        assertEquals("6 persisted, 0 already read as they are, 0 not persisted", days.lines().get(days.lines().size() - 1), days::toString);
    }

    private static Path file(LocalDate day) {
        return journal.resolve("state").resolve("audit-" + day.toEpochDay() + ".json");
    }

    private static Cli.Result audit(LocalDate day, String... more) {
        List<String> args = new ArrayList<>(List.of("audit", "--journal", journal.toString(), "--from", start(day).toString(),
                "--to", start(day.plusDays(1)).toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new)).exits(ExitCodes.OK);
    }

    private static Instant start(LocalDate day) {
        return day.atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    /** The day audited from the journal: its file moved aside while it is. */
    private static Cli.Result fromTheJournal(LocalDate day, String... more) {
        Path aside = dir.resolve("aside");
        try {
            Files.move(file(day), aside);
            try {
                return audit(day, more);
            } finally {
                Files.move(aside, file(day));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void eachSealedDaysAuditPrintsWhatTheDayAuditedFromTheJournalDoes() {
        int explained = 0;
        for (LocalDate day : DAYS) {
            Cli.Result persisted = audit(day);
            assertEquals("", persisted.err(), day + ": nothing to say when the day's file reads");
            Cli.Result fresh = fromTheJournal(day);
            assertEquals("note: the persisted audit of " + named(day) + " is not read: there is none; the day is audited from the journal\n",
                    fresh.err().replace("\r\n", "\n"));
            assertEquals(fresh.out(), persisted.out(), day.toString());
            explained += (int) persisted.out().lines().filter(l -> l.contains("why it was published (explain --index")).count();
        }
        assertTrue(explained > 0, "the week's findings are explained in place, from the persisted files too");
    }

    @Test
    void whatIsPrintedIsReadFromTheDaysFile() throws IOException {
        LocalDate day = DAYS.get(2);
        byte[] before = Files.readAllBytes(file(day));
        try {
            ObjectMapper json = new ObjectMapper();
            String text = new String(before, StandardCharsets.UTF_8);
            int bodyAt = text.indexOf('\n', text.indexOf('\n') + 1) + 1;
            ObjectNode body = (ObjectNode) json.readTree(text.substring(bodyAt));
            ((ObjectNode) body.get("totals")).put("refusals", 424_242);
            String rest = text.substring(text.indexOf('\n') + 1, bodyAt) + json.writeValueAsString(body) + "\n";
            Files.writeString(file(day), firstLine(rest) + rest);
            assertTrue(audit(day).out().contains("; 424,242 refusals; "), "the totals are the file's");
        } finally {
            Files.write(file(day), before);
        }
    }

    @Test
    void aChangedFileIsSaidAndTheDayAuditedFromTheJournal() throws IOException {
        LocalDate day = DAYS.get(0);
        byte[] before = Files.readAllBytes(file(day));
        try {
            byte[] changed = before.clone();
            changed[changed.length / 2] ^= 1;
            Files.write(file(day), changed);
            Cli.Result r = audit(day);
            assertEquals("note: the persisted audit of " + named(day)
                    + " is not read: its checksum does not hold: it was cut or changed; the day is audited from the journal\n",
                    r.err().replace("\r\n", "\n"));
            assertEquals(fromTheJournal(day).out(), r.out());
        } finally {
            Files.write(file(day), before);
        }
    }

    @Test
    void otherWindowsAnAgentsAuditAndTheOtherFormatsReadTheJournal() {
        LocalDate day = DAYS.get(1);
        for (String[] more : List.of(new String[] {"--agent", "qa"}, new String[] {"--format", "json"}, new String[] {"--from-journal"})) {
            Cli.Result withFile = audit(day, more);
            assertEquals("", withFile.err());
            assertEquals(fromTheJournal(day, more).out(), withFile.out(), String.join(" ", more));
        }
        Cli.Result halfADay = Cli.run("audit", "--journal", journal.toString(), "--from", start(day).toString(), "--to",
                start(day).plusSeconds(43_200).toString()).exits(ExitCodes.OK);
        assertEquals("", halfADay.err());
        assertFalse(halfADay.out().isEmpty());
    }

    @Test
    void auditDaysAgainLeavesTheDaysThatReadAsTheyAre() {
        Cli.Result again = Cli.run("audit-days", "--journal", journal.toString()).exits(ExitCodes.OK);
        assertEquals(List.of("0 persisted, 6 already read as they are, 0 not persisted"), again.lines());
    }

    private static String firstLine(String rest) {
        CRC32C crc = new CRC32C();
        crc.update(rest.getBytes(StandardCharsets.UTF_8));
        return String.format(Locale.ROOT, "RJAUDIT1 %08x\n", crc.getValue());
    }

    /** A day as the notes name it. */
    private static String named(LocalDate day) {
        return day.format(java.time.format.DateTimeFormatter.ofPattern("EEE d MMM", Locale.ENGLISH));
    }

    /**
     * The persisted audit is printed only once the journal's open has judged the journal: one whose
     * day file holding its acknowledged end is gone is refused, exit 1, as the day read from it is.
     */
    @Test
    void aJournalEveryOpenRefusesIsRefusedWhateverItsPersistedAuditsSay() throws IOException {
        Path damaged = dir.resolve("damaged");
        try (Stream<Path> files = Files.walk(journal)) {
            for (Path f : files.toList()) {
                Path to = damaged.resolve(journal.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(to);
                else Files.copy(f, to);
            }
        }
        Files.delete(damaged.resolve("20261108F.cq4")); // the day being written, its acknowledged entries with it
        LocalDate day = DAYS.get(0);
        for (String[] more : List.of(new String[0], new String[] {"--from-journal"})) {
            List<String> args = new ArrayList<>(List.of("audit", "--journal", damaged.toString(), "--from", start(day).toString(),
                    "--to", start(day.plusDays(1)).toString()));
            args.addAll(List.of(more));
            Cli.Result r = Cli.run(args.toArray(String[]::new)).exits(ExitCodes.FAILURE);
            assertEquals("", r.out(), String.join(" ", more));
            assertTrue(r.err().contains("20261108F.cq4") || r.err().contains("missing"), r.err());
        }
    }

    @Test
    void aFileNoReadHoldsInTheDaysPlaceIsSaidAndTheDayAuditedFromTheJournal() throws IOException {
        LocalDate day = DAYS.get(3);
        byte[] before = Files.readAllBytes(file(day));
        try {
            Files.delete(file(day));
            try (java.io.RandomAccessFile huge = new java.io.RandomAccessFile(file(day).toFile(), "rw")) {
                huge.setLength(3L << 30); // sparse: no disk, more than a heap reads whole
            }
            Cli.Result r = audit(day);
            assertTrue(r.err().startsWith("note: the persisted audit of " + named(day) + " is not read: it is 3221225472 bytes, more than"
                    + " any day's audit; the day is audited from the journal"), r.err());
            assertEquals(fromTheJournal(day).out(), r.out());
        } finally {
            Files.write(file(day), before);
        }
    }
}
