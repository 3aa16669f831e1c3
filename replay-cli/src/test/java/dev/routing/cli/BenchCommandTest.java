package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

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
        String text = m.group(group).strip();
        NumberFormat format = NumberFormat.getNumberInstance(Locale.getDefault(Locale.Category.FORMAT));
        ParsePosition at = new ParsePosition(0);
        Number n = format.parse(text, at);
        if (n == null || at.getIndex() != text.length()) fail("'" + text + "' is not a number in " + m.group());
        double value = n.doubleValue();
        assertTrue(Double.isFinite(value) && value >= 0, () -> "'" + text + "' in " + m.group());
        return value;
    }
}
