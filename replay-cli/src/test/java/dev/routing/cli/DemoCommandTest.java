package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.cli.options.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code demo}: README's first command, on a smaller week. */
class DemoCommandTest {
    @TempDir
    Path tmp;

    @Test
    void demoSimulatesAuditsReDecidesAndWritesTheReport() throws Exception {
        Cli.Result demo = Cli.run("demo", "--dir", tmp.toString(), "--events", "12000").exits(ExitCodes.OK);

        Matcher report = Pattern.compile("Report:\\s+(\\S+)").matcher(demo.out());
        assertTrue(report.find(), demo::toString);
        Path page = Path.of(report.group(1));
        assertTrue(Files.isRegularFile(page) && Files.size(page) > 10_000, "the report exists: " + page);
        assertTrue(Files.readString(page).contains("class=\"finding\""), "with findings marked");
        Matcher leaks = Pattern.compile("The audit found (\\d+) leak\\(s\\) in (\\d+) turn\\(s\\)").matcher(demo.out());
        assertTrue(leaks.find() && Integer.parseInt(leaks.group(1)) >= 3, demo::toString);
        assertTrue(demo.out().contains("“All green.” in #work"), "names the production pattern: " + demo);
        assertTrue(demo.out().contains("in the same " + leaks.group(2) + " turns"), "today's rules keep the same turns private: " + demo);
        assertTrue(Files.isDirectory(tmp.resolve("journal")));
        Cli.assertVerifies(tmp.resolve("journal"));
    }
}
