package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.cli.options.ExitCodes;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code bench sidecar} from the built jar: what it reports, and the syncs it counts, never how fast. */
class BenchSidecarIT {
    private static final String N = "([0-9][0-9,.]*)";

    @Test
    void benchSidecarReportsBothWaysOfFeedingBesideTheInProcessRate() throws Exception {
        Process p = new ProcessBuilder(SidecarProcess.command("bench", "sidecar", "--events", "3000", "--one-at-a-time", "40"))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), out);
        assertEquals(ExitCodes.OK, p.exitValue(), out);
        List<String> lines = out.lines().toList();

        Matcher piped = row(lines, "piped\\s+" + N + "\\s+" + N + "\\s+" + N + "\\s+" + N + "\\s+" + N + "\\s+" + N, out);
        double facts = number(piped.group(1));
        assertTrue(facts > 1000, out);
        assertTrue(number(piped.group(6)) < 1.0 / 20, "a piped day needs fewer than 1 sync per 20 facts: " + out);
        Matcher single = row(lines, "one at a time\\s+" + N + "\\s+" + N + "\\s+" + N + "\\s+" + N + "\\s+" + N + "\\s+" + N, out);
        assertEquals(40, number(single.group(1)));
        assertTrue(number(single.group(6)) >= 1.0, "one at a time, each fact is synced alone: " + out);
        row(lines, "in-process\\s+" + N + "\\s+" + N + "\\s+" + N + ".*", out);
        row(lines, "ratio\\s+piped runs at " + N + " of the in-process rate \\(" + N + " over the second half\\)", out);
    }

    private static Matcher row(List<String> lines, String pattern, String out) {
        Pattern p = Pattern.compile(pattern);
        for (String line : lines) {
            Matcher m = p.matcher(line.strip());
            if (m.matches()) return m;
        }
        throw new AssertionError("no line matches " + pattern + " in:\n" + out);
    }

    private static double number(String s) {
        return Double.parseDouble(s.replace(",", ""));
    }
}
