package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A torn tail: the last excerpt was being written, never acknowledged, when the writer died or the
 * disk filled, and its bytes never all reached the disk. Before, every command failed with "Illegal
 * character ((CTRL-CHAR, code 0))", naming nothing, with no way forward. Now readers leave it unread
 * and say so, and the writer's next open cuts it, on stderr and in {@code engine.started}'s
 * {@code cut}, keeping the file as it was beside the journal. An acknowledged excerpt is never cut.
 *
 * <p>The fault is made as a writer killed between writing its last excerpt and recording it in
 * {@code journal.tip} leaves it: the tip from before that excerpt, and the excerpt's end zeroed.
 */
class TornTailTest {
    private static final String DAY_4 = "20261105F.cq4";

    @TempDir
    Path tmp;

    /** The three-day journal, then one more turn whose last excerpt is torn and never acknowledged. */
    private Faults.Journal3Days tornJournal() throws Exception {
        Faults.Journal3Days j = Faults.journal(tmp);
        Path tip = j.dir().resolve("journal.tip");
        Path saved = tmp.resolve("tip-before");
        Files.copy(tip, saved);
        Cli.run("run", Faults.more(tmp).toString(), "--journal", j.dir().toString()).exits(ExitCodes.OK);
        Files.copy(saved, tip, StandardCopyOption.REPLACE_EXISTING);
        Path last = j.dir().resolve(DAY_4);
        Faults.zero(last, Faults.usedBytes(last) - 40, 40);
        return j;
    }

    @Test
    void J6_readersLeaveATornTailUnreadAndSaySoAndChangeNothing() throws Exception {
        Faults.Journal3Days j = tornJournal();
        var before = Faults.hashes(j.dir());

        for (Cli.Result r : Faults.readers(j.dir())) {
            r.exits(ExitCodes.OK);
            assertTrue(r.err().contains("torn excerpt") && r.err().contains("never acknowledged") && r.err().contains(DAY_4),
                    () -> "says what it left unread: " + r);
            Faults.assertNoStackTrace(r);
        }
        List<JsonNode> dump = Cli.dump(j.dir());
        assertEquals(j.entries(), dump.subList(0, j.entries().size()).stream().map(JsonNode::toString).toList(),
                "every acknowledged entry is there");
        assertFalse(Cli.types(dump.subList(j.entries().size(), dump.size())).contains("turn.ended"),
                "the torn group (the last turn.ended) is not read");
        assertEquals(before, Faults.hashes(j.dir()), "a reader cuts nothing");
    }

    @Test
    void J6_theWritersNextOpenCutsItSaysWhatItCutAndGoesOn() throws Exception {
        Faults.Journal3Days j = tornJournal();

        Path next = Facts.write(tmp.resolve("next.jsonl"), Facts.channelTurn(4 * 86_400 + 100, "qa", 14, "after the cut"));
        Cli.Result run = Cli.run("run", next.toString(), "--journal", j.dir().toString()).exits(ExitCodes.OK);

        assertTrue(run.err().contains("cut a torn tail of 1 excerpt(s) never acknowledged") && run.err().contains(DAY_4),
                () -> "says what it cut: " + run);
        assertTrue(Files.isRegularFile(j.dir().resolve(DAY_4 + ".torn-" + tornOrdinal(run))), "the file as it was is kept");
        List<JsonNode> dump = Cli.dump(j.dir());
        assertEquals(j.entries(), dump.subList(0, j.entries().size()).stream().map(JsonNode::toString).toList(),
                "every acknowledged entry is still there");
        JsonNode started = dump.stream().filter(e -> e.path("type").asText().equals("engine.started") && e.has("cut"))
                .findFirst().orElseThrow(() -> new AssertionError("engine.started says what the open cut: " + dump));
        assertTrue(started.get("cut").asText().contains("cut a torn tail"), started::toString);
        Cli.assertVerifies(j.dir());
        Cli.Result again = Cli.run("verify", "--journal", j.dir().toString());
        assertEquals("", again.err(), () -> "nothing torn is left: " + again);
    }

    @Test
    void J6_anAcknowledgedExcerptIsNeverCutButRefusedAsDamage() throws Exception {
        Faults.Journal3Days j = Faults.journal(tmp);
        Path last = j.dir().resolve("20261104F.cq4");
        Faults.zero(last, Faults.usedBytes(last) - 40, 40);

        String error = Faults.assertEveryCommandRefuses(j.dir(), tmp, "20261104F.cq4");

        assertTrue(error.contains("ordinal"), error);
        Faults.assertSalvageKeeps(j.dir(), tmp, Faults.before(j.entries(), "2026-11-04"), j.entries());
    }

    /**
     * A day file the writer created and died in before Chronicle wrote its header (as on a full disk).
     * Readers read every acknowledged entry before it and name it in a note (before, they refused the
     * journal as damaged until the writer's next open).
     */
    @Test
    void J6_aLastDayFileWithoutAHeaderIsMovedAsideByTheWriterAndNamedByReaders() throws Exception {
        Faults.Journal3Days j = Faults.journal(tmp);
        Path headerless = j.dir().resolve(DAY_4);
        try (RandomAccessFile f = new RandomAccessFile(headerless.toFile(), "rw")) {
            f.setLength(80L << 20);
        }

        Cli.Result dump = Faults.bounded("dump", "--journal", j.dir().toString()).exits(ExitCodes.OK);
        assertTrue(dump.err().contains("note: the last day file " + DAY_4 + " has no header"), dump::toString);
        assertEquals(j.entries(), dump.json().stream().map(JsonNode::toString).toList(), "every acknowledged entry, as it was");

        Cli.Result run = Faults.bounded("run", Faults.more(tmp).toString(), "--journal", j.dir().toString()).exits(ExitCodes.OK);
        assertTrue(run.err().contains("cut a torn tail") && run.err().contains(DAY_4), run::toString);
        Cli.assertVerifies(j.dir());
        assertEquals(j.entries(), Cli.dump(j.dir()).subList(0, j.entries().size()).stream().map(JsonNode::toString).toList());
    }

    private static long tornOrdinal(Cli.Result run) {
        String err = run.err();
        int at = err.indexOf("from ordinal ") + "from ordinal ".length();
        return Long.parseLong(err.substring(at, err.indexOf(' ', at)));
    }
}
