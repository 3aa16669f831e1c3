package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code bench audit}, tiny: what it reports, never how fast (STYLE: no timed assertions in unit tests). */
class BenchAuditCommandTest {
    private static final String NUMBER = "([0-9][0-9.,\\u00a0\\u202f' ]*)";

    @Test
    void benchAuditReportsTheAuditsSpeedAndItsRatioToTheRawScan() {
        Cli.Result bench = Cli.run("bench", "audit", "--events", "3000").exits(ExitCodes.OK);

        line(bench, "simulated\\s+" + NUMBER + " entries .*7 daily files.*");
        line(bench, "raw scan\\s+" + NUMBER + " entries/s .*");
        Matcher audit = line(bench, "audit\\s+" + NUMBER + " entries/s \\(" + NUMBER + " entries in .*");
        line(bench, "ratio\\s+the audit runs at " + NUMBER + " of the raw scan's speed \\(raw is " + NUMBER + "x faster\\)");
        assertTrue(audit.group(2).replaceAll("[^0-9]", "").length() >= 4, "audited the whole week: " + bench);
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
