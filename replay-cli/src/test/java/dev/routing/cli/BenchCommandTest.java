package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.routing.cli.options.ExitCodes;
import java.nio.file.Path;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench}: what it reports, never how fast (STYLE: no timed assertions in unit tests). */
class BenchCommandTest {
    private static final String NUMBER = "([0-9][0-9.,\\u00a0\\u202f' ]*)";

    @TempDir
    Path tmp;

    @Test
    void benchReportsAppendRawScanReplayAndTheirRatioAsNumbers() {
        Cli.Result bench = Cli.run("bench", "--events", "3000").exits(ExitCodes.OK);

        List<String> lines = bench.lines();
        Matcher built = line(bench, lines, "entries\\s+" + NUMBER + " \\(" + NUMBER + " facts\\)");
        double entries = number(built, 1);
        double facts = number(built, 2);
        assertTrue(entries >= 3000, () -> "built at least the events asked for: " + bench);
        assertTrue(facts > 0 && facts < entries, () -> "facts are some of the entries: " + bench);
        number(line(bench, lines, "append\\s+" + NUMBER + " facts/s.*"), 1);
        number(line(bench, lines, "raw scan\\s+" + NUMBER + " entries/s.*"), 1);
        number(line(bench, lines, "replay\\s+" + NUMBER + " entries/s.*"), 1);
        Matcher ratio = line(bench, lines, "ratio\\s+replay runs at " + NUMBER + " of the raw scan's speed \\(raw is "
                + NUMBER + "x faster\\)");
        number(ratio, 1);
        number(ratio, 2);
        assertFalse(bench.err().contains("\r"), () -> "no progress when stderr is no terminal: " + bench);
    }

    @Test
    void benchWithADirLeavesAJournalThatVerifies() {
        Path dir = tmp.resolve("bench");

        Cli.run("bench", "--events", "1000", "--dir", dir.toString()).exits(ExitCodes.OK);

        Cli.assertVerifies(dir);
        assertTrue(Cli.dump(dir).size() >= 1000);
    }

    @Test
    void benchWithTooFewEventsExits2() {
        Cli.Result bench = Cli.run("bench", "--events", "50").exits(ExitCodes.BAD_INPUT);

        assertTrue(bench.err().contains("--events"), () -> "names the option: " + bench);
        assertEquals("", bench.out());
    }

    @Test
    void benchDraftsReportsForEachSizeTheTimeToOpenBesideAFullReplay() {
        Cli.Result bench = Cli.run("bench", "drafts", "--draft-entries", "1000,2000").exits(ExitCodes.OK);

        List<String> rows = bench.lines();
        assertEquals(3, rows.size(), () -> "a header and a row per size: " + bench);
        assertEquals(8, rows.get(0).strip().split("\\s{2,}").length, () -> "eight columns: " + rows.get(0));
        for (String row : rows.subList(1, 3)) {
            // Columns are padded apart by two spaces or more; a grouping separator is one character.
            String[] cells = row.strip().split("\\s{2,}");
            assertEquals(8, cells.length, () -> "eight numbers: " + row);
            double[] values = new double[8];
            for (int i = 0; i < 8; i++) values[i] = number(cells[i], row);
            assertTrue(values[6] < values[1] / 2, () -> "opening reads only what follows the newest checkpoint: " + row);
        }
        assertTrue(rows.get(1).strip().startsWith(String.format("%,d", 1000)), () -> rows.get(1));
    }

    @Test
    void benchDraftsWithTooFewDraftEntriesExits2() {
        Cli.Result bench = Cli.run("bench", "drafts", "--draft-entries", "999").exits(ExitCodes.BAD_INPUT);

        assertTrue(bench.err().contains("--draft-entries"), () -> "names the option: " + bench);
    }

    private static Matcher line(Cli.Result bench, List<String> lines, String regex) {
        Pattern pattern = Pattern.compile(regex);
        for (String line : lines) {
            Matcher m = pattern.matcher(line.strip());
            if (m.matches()) return m;
        }
        return fail("no line matching /" + regex + "/ in " + bench);
    }

    /** A number as printf wrote it in the default locale (grouping separators and all), finite and not negative. */
    private static double number(Matcher m, int group) {
        return number(m.group(group), m.group());
    }

    private static double number(String cell, String context) {
        String text = cell.strip();
        NumberFormat format = NumberFormat.getNumberInstance(Locale.getDefault(Locale.Category.FORMAT));
        ParsePosition at = new ParsePosition(0);
        Number n = format.parse(text, at);
        if (n == null || at.getIndex() != text.length()) fail("'" + text + "' is not a number in " + context);
        double value = n.doubleValue();
        assertTrue(Double.isFinite(value) && value >= 0, () -> "'" + text + "' in " + context);
        return value;
    }
}
