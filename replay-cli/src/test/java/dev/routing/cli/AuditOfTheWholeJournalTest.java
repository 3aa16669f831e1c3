package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.cli.options.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code audit-days} carries the whole journal's audit to the end of its newest sealed day
 * (docs/decisions/0005), and {@code audit} of the whole journal, as text, resumes it and folds only
 * what follows: the same text, byte for byte, as the journal audited from its first entry. A carried
 * file that does not read, or a journal whose later facts name a line the carried fold counted
 * instead of keeping, is said on stderr, and the journal is audited from its first entry.
 */
class AuditOfTheWholeJournalTest {
    @TempDir
    static Path dir;
    private static Path week;
    /** The incident week's newest sealed day: every day but the last is sealed. */
    private static final LocalDate CARRIED_TO = LocalDate.of(2026, 11, 7);

    @BeforeAll
    static void aCopyOfTheIncidentWeekWithItsDaysAudited() throws IOException {
        week = copy(Weeks.incident("0.30.0").journal(), "week"); // shared and read-only: the audits are written into a copy
        Cli.Result days = Cli.run("audit-days", "--journal", week.toString()).exits(ExitCodes.OK);
        assertTrue(days.lines().contains("carried the whole audit to the end of " + day(CARRIED_TO)), days::toString);
    }

    private static Path copy(Path from, String name) throws IOException {
        Path to = dir.resolve(name);
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path into = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(into);
                else Files.copy(f, into, StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
        return to;
    }

    /** A day as the audit's words name it. */
    private static String day(LocalDate day) {
        return java.time.format.DateTimeFormatter.ofPattern("EEE d MMM", java.util.Locale.ENGLISH).format(day);
    }

    private static Path carried(Path journal, LocalDate day) {
        return journal.resolve("state").resolve("audit-whole-" + day.toEpochDay() + ".bin");
    }

    private static Cli.Result audit(Path journal, String... more) {
        List<String> args = new ArrayList<>(List.of("audit", "--journal", journal.toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new)).exits(ExitCodes.OK);
    }

    @Test
    void theWholeJournalsTextResumesTheCarriedFoldAndIsTheTextFromTheFirstEntry() {
        assertTrue(Files.isRegularFile(carried(week, CARRIED_TO)));
        Cli.Result resumed = audit(week);
        Cli.Result fresh = audit(week, "--from-journal");
        assertEquals(fresh.out(), resumed.out());
        assertFalse(resumed.err().contains("note:"), resumed.err());
        assertTrue(resumed.out().contains("from the journal's first"), resumed.out());
    }

    @Test
    void aCarriedFileThatDoesNotReadIsSaidAndTheJournalIsAuditedFromItsFirstEntry() throws IOException {
        Path copy = copy(week, "flipped");
        Path file = carried(copy, CARRIED_TO);
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length / 2] ^= 0x20;
        Files.write(file, bytes);
        Cli.Result read = audit(copy);
        assertTrue(read.err().contains("note: the whole audit carried to the end of " + day(CARRIED_TO)
                + " is not read: its checksum does not hold: it was cut or changed; the journal is audited from its first entry"), read.err());
        assertEquals(audit(copy, "--from-journal").out(), read.out());
    }

    @Test
    void otherWindowsAnAgentsAuditAndTheOtherFormatsReadTheJournal() {
        for (String[] more : List.of(new String[] {"--agent", "ops"}, new String[] {"--format", "json"},
                new String[] {"--to", "2026-11-09T00:00:00Z"})) {
            Cli.Result r = audit(week, more);
            assertFalse(r.err().contains("carried"), r.err());
        }
    }

    /** Day one: a turn answers and ends. Day two: the host says it ended again, naming a line the carried fold counted. */
    @Test
    void aFactAfterTheCarryThatNamesACountedTurnMakesTheAuditFoldFromTheFirstEntry(@TempDir Path tmp) {
        List<String> facts = new ArrayList<>(List.of(Facts.channel(1, "work"), Facts.agent(2, "a")));
        facts.addAll(Facts.channelTurn(10, "a", 1, "all green"));
        facts.add(Facts.fact("turn.ended", 86_400, "turn", 1));
        facts.addAll(Facts.channelTurn(86_410, "a", 2, "still green"));
        Path journal = tmp.resolve("journal");
        Cli.run("run", Facts.write(tmp.resolve("two-days.jsonl"), facts).toString(), "--journal", journal.toString()).exits(ExitCodes.OK);
        Cli.Result days = Cli.run("audit-days", "--journal", journal.toString()).exits(ExitCodes.OK);
        assertTrue(days.lines().contains("carried the whole audit to the end of " + day(LocalDate.of(2026, 11, 2))), days::toString);
        Cli.Result read = audit(journal);
        assertTrue(read.err().contains("is not read: turn 1 ended before the audit was carried, and the journal names it again;"
                + " the journal is audited from its first entry"), read.err());
        assertEquals(audit(journal, "--from-journal").out(), read.out());
        assertTrue(read.out().contains("2 turns"), read.out());
    }
}
