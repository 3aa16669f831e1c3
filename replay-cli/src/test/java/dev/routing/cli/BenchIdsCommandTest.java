package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.cli.options.ExitCodes;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench ids}: what it reports of the restores, in its process and in new JVMs, never how fast (STYLE: no timed assertions). */
class BenchIdsCommandTest {
    private static final Pattern IN_PROCESS = Pattern.compile("restore {10}([0-9.]+) s \\(newest checkpoint \\+ ([0-9,]+) entries\\)");
    private static final Pattern COLD = Pattern.compile("restore cold {4}([0-9.]+) s \\(newest checkpoint \\+ ([0-9,]+) entries; a new JVM's first restore, the median of 3\\)");
    private static final Pattern STOP = Pattern.compile("after a stop {5}restore [0-9.]+ s \\(newest checkpoint \\+ ([0-9,]+) entries\\).*");
    private static final Pattern STOP_COLD = Pattern.compile("stop, cold {6}([0-9.]+) s \\(newest checkpoint \\+ ([0-9,]+) entries; a new JVM's first restore, the median of 3\\)");

    @TempDir
    Path tmp;

    @Test
    void theRestoresInNewJvmsReadTheSameTailsAsTheRestoresInItsProcess() {
        // 50,000 messages: the stop writes a checkpoint, so the two restores read different tails
        Cli.Result ids = Cli.run("bench", "ids", "--messages", "50000", "--agents", "5", "--dir", tmp.resolve("ids").toString()).exits(ExitCodes.OK);
        Matcher inProcess = line(ids, IN_PROCESS);
        Matcher cold = line(ids, COLD);
        assertEquals(inProcess.group(2), cold.group(2), "the same journal, restored after the build: " + ids);
        assertTrue(Double.parseDouble(cold.group(1)) > 0, ids::toString);
        Matcher stop = line(ids, STOP);
        Matcher stopCold = line(ids, STOP_COLD);
        assertEquals(stop.group(1), stopCold.group(2), "the same journal, restored after the stop: " + ids);
        assertTrue(!stop.group(1).equals(inProcess.group(2)), "the stop's checkpoint shortens the tail: " + ids);
    }

    private static Matcher line(Cli.Result ids, Pattern p) {
        return ids.lines().stream().map(p::matcher).filter(Matcher::matches).findFirst()
                .orElseThrow(() -> new AssertionError("no line like " + p + " in " + ids));
    }
}
