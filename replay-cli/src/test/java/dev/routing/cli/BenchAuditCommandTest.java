package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.routing.cli.options.ExitCodes;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code bench audit}, tiny: what it reports, never how fast (STYLE: no timed assertions in unit tests). */
class BenchAuditCommandTest {
    private static final String NUMBER = "([0-9][0-9.,\\u00a0\\u202f' ]*)";

    @Test
    void benchAuditReportsTheColdAuditOfTheWholeJournalAndOfADay() {
        Cli.Result bench = Cli.run("bench", "audit", "--events", "3000", "--runs", "1").exits(ExitCodes.OK);

        Matcher journal = line(bench, "journal\\s+.*: " + NUMBER + " entries, 7 daily files; 1 cold run\\(s\\) each, java .*");
        assertTrue(journal.group(1).replaceAll("[^0-9]", "").length() >= 4, "simulated the week: " + bench);
        line(bench, "whole journal\\s+" + NUMBER + " s wall, " + NUMBER + " s CPU, " + NUMBER + " s CPU per million entries \\(cold: .*\\)");
        line(bench, "day Wed 4 Nov\\s+" + NUMBER + " s wall, " + NUMBER + " s CPU \\(cold: .*\\)");
        line(bench, "whole journal\\s+.*\\(cold: JVM start to last line, median, -XX:TieredStopAtLevel=1\\)");
        line(bench, "day Wed 4 Nov\\s+.*\\(cold: JVM start to last line, median, -XX:TieredStopAtLevel=1\\)");
        line(bench, "whole, carried\\s+" + NUMBER + " s wall, " + NUMBER + " s CPU \\(cold: JVM start to last line, median\\)");
        line(bench, "whole, carried\\s+.*\\(cold: JVM start to last line, median, -XX:TieredStopAtLevel=1\\)");
        line(bench, "day, persisted\\s+" + NUMBER + " s wall, " + NUMBER + " s CPU \\(cold: JVM start to last line, median\\)");
        line(bench, "day, persisted\\s+.*\\(cold: JVM start to last line, median, -XX:TieredStopAtLevel=1\\)");
        line(bench, "AOT cache\\s+none used: run from classes, not from the jar");
    }

    private static Matcher line(Cli.Result bench, String regex) {
        Pattern pattern = Pattern.compile(regex);
        for (String line : bench.lines()) {
            Matcher m = pattern.matcher(line.strip());
            if (m.matches()) return m;
        }
        return fail("no line matching /" + regex + "/ in " + bench);
    }
}
