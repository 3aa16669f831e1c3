package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.routing.cli.options.ExitCodes;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.EngineStarted;
import dev.routing.journal.event.Fact;
import dev.routing.lab.world.Simulation;
import dev.routing.lab.world.Simulator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code bench streams}, tiny: what it reports, never how fast (STYLE: no timed assertions in unit tests). */
class BenchStreamsCommandTest {
    private static final String NUMBER = "([0-9][0-9.,\\u00a0\\u202f' ]*)";

    @Test
    void benchStreamsReportsStreamsAndFactsDecidedPerSecond() {
        Cli.Result bench = Cli.run("bench", "streams", "--streams", "30", "--facts", "20").exits(ExitCodes.OK);

        Matcher streams = line(bench, "streams\\s+" + NUMBER + " \\(seeds 1 to 30\\), " + NUMBER + " facts in all .*");
        assertEquals("600", streams.group(2).replaceAll("[^0-9]", ""), "30 streams of 20 facts: " + bench);
        line(bench, "facts\\s+.*round\\.spoken.*; " + NUMBER + " decisions");
        line(bench, "decided\\s+" + NUMBER + " streams/s, " + NUMBER + " facts/s, " + NUMBER + " ns a fact .*");
    }

    @Test
    void aStreamIsTheSameForItsSeedOpensAsTheEngineWouldAndStopsAtItsLength() {
        Simulation day = new Simulation(1, 3, 2, 100, 42, RuleSet.CURRENT, false, null);
        List<Fact> stream = Simulator.stream(day, 50);
        assertEquals(stream, Simulator.stream(day, 50));
        assertEquals(50, stream.size());
        assertInstanceOf(EngineStarted.class, stream.get(0));
        assertTrue(stream.stream().anyMatch(f -> f.type().equals("round.spoken")), "traffic, not only set-up: " + stream);
        assertEquals(stream.subList(0, 10), Simulator.stream(day, 10), "a shorter stream is the longer one's start");
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
