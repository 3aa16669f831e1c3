package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.simulate.FactScript;
import dev.routing.cli.simulate.Simulation;
import dev.routing.engine.context.RuleSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Group commit, watched from outside with strace: a day of facts piped into {@code run -} makes
 * fewer than one msync per 20 facts, and whether piped or sent one at a time, no answer is written
 * to standard output before an msync that follows the read that brought its fact in.
 */
class GroupCommitIT {
    private static final Pattern RESULT = Pattern.compile("= (-?\\d+)");

    @TempDir
    Path tmp;

    @Test
    void aDayPipedInMakesFewerThanOneSyncPer20FactsAndNoAnswerLeavesBeforeItsSync() throws Exception {
        List<String> day = FactScript.of(new Simulation(1, 6, 4, 20_000, 1, RuleSet.CURRENT, false, null), tmp.resolve("simulated"));
        assertTrue(day.size() > 5_000, "a day of facts: " + day.size());
        Traced traced = traced();
        try (SidecarProcess sidecar = traced.sidecar) {
            sidecar.ready();
            Thread pipe = new Thread(() -> {
                try {
                    sidecar.sendAll(day);
                    sidecar.closeInput();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            pipe.start();
            for (int i = 0; i < day.size(); i++) {
                List<JsonNode> answer = sidecar.answer();
                assertEquals("fact.accepted", answer.get(answer.size() - 1).path("type").asText(), () -> "line " + answer);
            }
            pipe.join();
            assertEquals(ExitCodes.OK, sidecar.waitFor());
        }
        long syncs = traced.syncs();
        assertTrue(syncs * 20 < day.size(), syncs + " syncs for " + day.size() + " facts");
        List<String> main = traced.mainThread();
        long msyncs = main.stream().filter(l -> l.startsWith("msync(")).count();
        assertTrue(msyncs * 20 < day.size(), "strace counts " + msyncs + " msyncs for " + day.size() + " facts");
        assertEveryAnswerFollowsASyncAfterItsRead(main);
    }

    @Test
    void factsSentOneAtATimeAreEachSyncedBeforeTheirAnswer() throws Exception {
        List<String> facts = SidecarIT.morning(20);
        Traced traced = traced();
        try (SidecarProcess sidecar = traced.sidecar) {
            sidecar.ready();
            for (String fact : facts) {
                sidecar.send(fact);
                sidecar.answer();
            }
            sidecar.closeInput();
            assertEquals(ExitCodes.OK, sidecar.waitFor());
        }
        List<String> main = traced.mainThread();
        assertEveryAnswerFollowsASyncAfterItsRead(main);
        long reads = main.stream().filter(l -> l.startsWith("read(0,") && result(l) > 0).count();
        long msyncs = main.stream().filter(l -> l.startsWith("msync(")).count();
        assertTrue(msyncs >= facts.size() && reads >= facts.size(), "one sync per fact: " + msyncs + " msyncs, " + reads + " reads");
    }

    /** The sidecar in strace, which logs its reads, writes and msyncs. */
    private record Traced(SidecarProcess sidecar, Path log, Path err) {
        long syncs() throws IOException {
            Matcher m = Pattern.compile("sidecar: (\\d+) syncs").matcher(Files.readString(err));
            assertTrue(m.find(), "the sidecar reports its syncs");
            return Long.parseLong(m.group(1));
        }

        /**
         * The system calls of the thread that writes the answers, in order, each whole: strace
         * splits a call another thread interrupted into "unfinished" and "resumed" lines.
         */
        List<String> mainThread() throws IOException {
            List<String> lines = Files.readAllLines(log);
            String writer = null;
            for (String l : lines) {
                String[] parts = l.split(" +", 2);
                // the ready line: a child the JVM starts (ldconfig) writes to its own standard output too
                if (parts.length == 2 && parts[1].startsWith("write(1, \"{\\\"type\\\":\\\"sidecar.ready")) {
                    writer = parts[0];
                    break;
                }
            }
            assertTrue(writer != null, "the trace shows the answers written");
            List<String> calls = new ArrayList<>();
            String unfinished = null;
            for (String l : lines) {
                String[] parts = l.split(" +", 2);
                if (parts.length < 2 || !parts[0].equals(writer)) continue;
                String call = parts[1];
                if (call.endsWith("<unfinished ...>")) {
                    unfinished = call.substring(0, call.length() - "<unfinished ...>".length());
                } else if (call.startsWith("<... ") && unfinished != null) {
                    calls.add(unfinished + call.substring(call.indexOf("resumed>") + "resumed>".length()));
                    unfinished = null;
                } else {
                    calls.add(call);
                }
            }
            return calls;
        }
    }

    private Traced traced() throws IOException {
        Path log = tmp.resolve("strace.log");
        Path err = tmp.resolve("err");
        List<String> command = new ArrayList<>(List.of("strace", "-f", "-qq", "-e", "trace=read,write,msync", "-e", "signal=none",
                "-o", log.toString()));
        command.addAll(SidecarProcess.command("run", "-", "--journal", tmp.resolve("journal").toString(), "--report-syncs"));
        try {
            Process probe = new ProcessBuilder("strace", "-o", "/dev/null", "true").redirectErrorStream(true).start();
            String said = new String(probe.getInputStream().readAllBytes());
            Assumptions.assumeTrue(probe.waitFor() == 0, () -> "strace cannot trace here (" + said.strip()
                    + "), so the sidecar's system calls cannot be watched");
        } catch (IOException | InterruptedException noStrace) {
            Assumptions.abort("strace is not installed, so the sidecar's system calls cannot be watched: " + noStrace.getMessage());
        }
        return new Traced(SidecarProcess.of(new ProcessBuilder(command).redirectError(err.toFile()).start()), log, err);
    }

    /** After each read that brought in bytes, the next answer written follows an msync made after that read. */
    private static void assertEveryAnswerFollowsASyncAfterItsRead(List<String> calls) {
        boolean readSinceSync = false;
        int answers = 0;
        for (int i = 0; i < calls.size(); i++) {
            String call = calls.get(i);
            if (call.startsWith("read(0,") && result(call) > 0) readSinceSync = true;
            else if (call.startsWith("msync(")) readSinceSync = false;
            else if (call.startsWith("write(1,")) {
                int at = i;
                assertTrue(!readSinceSync, () -> "an answer was written with no msync since the read before it: "
                        + String.join("\n", calls.subList(Math.max(0, at - 6), at + 1)));
                answers++;
            }
        }
        assertTrue(answers > 1, "answers were written: " + answers);
    }

    private static long result(String call) {
        Matcher m = RESULT.matcher(call.substring(call.lastIndexOf(')')));
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }
}
