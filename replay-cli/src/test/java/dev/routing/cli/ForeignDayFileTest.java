package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.cli.options.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A day file of another journal of the same shape (the same facts a day, other words) copied in
 * place of one of this journal's. Before, it was read as this journal's: its ordinals and the index
 * before it matched, its checksums were its own, so {@code dump} printed the other journal's messages
 * and {@code verify} said ok. Now every excerpt's checksum covers the id the journal made at its
 * creation (kept in journal.tip), and every command refuses, naming the file.
 */
class ForeignDayFileTest {
    @TempDir
    Path tmp;

    /** The other journal: the three-day script with other words, the same facts a day. */
    private Path other() throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("elsewhere"));
        List<String> script = Faults.script().stream().map(l -> l.replace("the words", "other words")).toList();
        Path file = Facts.write(dir.resolve("other.jsonl"), script);
        Path journal = dir.resolve("journal");
        Cli.run("run", file.toString(), "--journal", journal.toString()).exits(ExitCodes.OK);
        return journal;
    }

    @Test
    void J6_aMiddleDayFileOfAnotherJournalIsRefusedByEveryCommandNamingIt() throws Exception {
        Faults.Journal3Days j = Faults.journal(tmp);
        Path other = other();
        Path middle = j.dir().resolve("20261103F.cq4");
        assertNotEquals(Files.size(middle), -1);
        Files.copy(other.resolve("20261103F.cq4"), middle, StandardCopyOption.REPLACE_EXISTING);

        String error = Faults.assertEveryCommandRefuses(j.dir(), tmp, "20261103F.cq4");

        assertTrue(error.contains("is not this journal's"), error);
        Faults.assertSalvageKeeps(j.dir(), tmp, Faults.before(j.entries(), "2026-11-03"));
    }

    @Test
    void J6_theLastDayFileOfAnotherJournalIsRefusedByEveryCommandNamingIt() throws Exception {
        Faults.Journal3Days j = Faults.journal(tmp);
        Path other = other();
        Files.copy(other.resolve("20261104F.cq4"), j.dir().resolve("20261104F.cq4"), StandardCopyOption.REPLACE_EXISTING);

        String error = Faults.assertEveryCommandRefuses(j.dir(), tmp, "20261104F.cq4");

        assertTrue(error.contains("another journal's"), error);
        Faults.assertSalvageKeeps(j.dir(), tmp, Faults.before(j.entries(), "2026-11-04"));
    }

    @Test
    void J6_theTipOfAnotherJournalIsRefusedByEveryCommand() throws Exception {
        Faults.Journal3Days j = Faults.journal(tmp);
        Path other = other();
        Files.copy(other.resolve("journal.tip"), j.dir().resolve("journal.tip"), StandardCopyOption.REPLACE_EXISTING);

        String error = Faults.assertEveryCommandRefuses(j.dir(), tmp, "20261102F.cq4");

        assertTrue(error.contains("is not this journal's"), error);
        assertEquals(List.of("20261102F.cq4", "20261103F.cq4", "20261104F.cq4"), Faults.dayFiles(j.dir()));
    }
}
