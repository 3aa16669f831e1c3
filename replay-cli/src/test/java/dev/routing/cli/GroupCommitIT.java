package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import dev.routing.engine.context.RuleSet;
import dev.routing.lab.world.FactScript;
import dev.routing.lab.world.Simulation;
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
 * to standard output before the msync that covers its fact.
 *
 * <p>The sidecar reads, decides and writes on three threads, and its journal writes are stores to
 * mapped memory no tracer sees, so which msync covers which fact is told by the sidecar itself
 * ({@code --trace-syncs}): after each msync, on the thread that made it and before any answer it
 * covers is handed on, one write to stderr of how many answers may now go out. The trace's order
 * across threads then shows each write of answers starting after the sync that lets them out.
 */
class GroupCommitIT {
    private static final Pattern RESULT = Pattern.compile("= (-?\\d+)");
    private static final Pattern SYNCED = Pattern.compile("^write\\(2, \"sidecar: synced, (\\d+) answers may go out");

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
        List<String> calls = traced.calls();
        long msyncs = calls.stream().filter(l -> l.startsWith("msync(")).count();
        assertTrue(msyncs * 20 < day.size(), "strace counts " + msyncs + " msyncs for " + day.size() + " facts");
        assertNoAnswerIsWrittenBeforeTheSyncThatLetsItOut(traced.log, traced.sidecar.seen);
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
        assertNoAnswerIsWrittenBeforeTheSyncThatLetsItOut(traced.log, traced.sidecar.seen);
        List<String> calls = traced.calls();
        long reads = calls.stream().filter(l -> l.startsWith("read(0,") && result(l) > 0).count();
        long msyncs = calls.stream().filter(l -> l.startsWith("msync(")).count();
        assertTrue(msyncs >= facts.size() && reads >= facts.size(), "one sync per fact: " + msyncs + " msyncs, " + reads + " reads");
    }

    /** The sidecar in strace, which logs its reads, writes and msyncs. */
    private record Traced(SidecarProcess sidecar, Path log, Path err) {
        long syncs() throws IOException {
            Matcher m = Pattern.compile("sidecar: (\\d+) syncs").matcher(Files.readString(err));
            assertTrue(m.find(), "the sidecar reports its syncs");
            return Long.parseLong(m.group(1));
        }

        /** Every system call of every thread, each whole, in the order strace saw them end. */
        List<String> calls() throws IOException {
            List<String> calls = new ArrayList<>();
            new Trace(Files.readAllLines(log)).forEach((call, startedAfter) -> calls.add(call));
            return calls;
        }
    }

    /**
     * strace's log, every thread's calls: a call another thread interrupted is logged as two lines,
     * "unfinished" at its start and "resumed" at its end. Each call is handed over whole, at its end,
     * with the index of the last call that had ended before it started.
     */
    private record Trace(List<String> lines) {
        interface Call {
            void ended(String call, int startedAfter);
        }

        void forEach(Call each) {
            java.util.Map<String, String> unfinished = new java.util.HashMap<>();
            java.util.Map<String, Integer> startedAfter = new java.util.HashMap<>();
            int ended = -1;
            for (String l : lines) {
                String[] parts = l.split(" +", 2);
                if (parts.length < 2) continue;
                String thread = parts[0];
                String call = parts[1];
                if (call.endsWith("<unfinished ...>")) {
                    unfinished.put(thread, call.substring(0, call.length() - "<unfinished ...>".length()));
                    startedAfter.put(thread, ended);
                } else if (call.startsWith("<... ") && unfinished.containsKey(thread)) {
                    String whole = unfinished.remove(thread) + call.substring(call.indexOf("resumed>") + "resumed>".length());
                    each.ended(whole, startedAfter.remove(thread));
                    ended++;
                } else {
                    each.ended(call, ended);
                    ended++;
                }
            }
        }
    }

    private Traced traced() throws IOException {
        Path log = tmp.resolve("strace.log");
        Path err = tmp.resolve("err");
        List<String> command = new ArrayList<>(List.of("strace", "-f", "-qq", "-s", "96", "-e", "trace=read,write,msync", "-e", "signal=none",
                "-o", log.toString()));
        command.addAll(SidecarProcess.command("run", "-", "--journal", tmp.resolve("journal").toString(), "--report-syncs",
                "--trace-syncs"));
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

    /**
     * Each write of answers to standard output starts after the sidecar told of a sync that lets out
     * every answer the output holds once it is written: the bytes written so far, mapped onto the
     * lines the test read, count the answers ({@code fact.accepted}, {@code fact.rejected}) they end.
     */
    private static void assertNoAnswerIsWrittenBeforeTheSyncThatLetsItOut(Path log, List<String> seen) throws IOException {
        List<Long> answerEnds = new ArrayList<>();
        long offset = 0;
        for (String line : List.copyOf(seen)) {
            offset += line.getBytes(java.nio.charset.StandardCharsets.UTF_8).length + 1;
            if (line.startsWith("{\"type\":\"fact.accepted\"") || line.startsWith("{\"type\":\"fact.rejected\"")) answerEnds.add(offset);
        }
        List<String> calls = new ArrayList<>();
        List<Long> syncedAfter = new ArrayList<>();
        long[] synced = {0};
        long[] written = {0};
        int[] writes = {0};
        new Trace(Files.readAllLines(log)).forEach((call, startedAfter) -> {
            Matcher sync = SYNCED.matcher(call);
            if (sync.find()) synced[0] = Math.max(synced[0], Long.parseLong(sync.group(1)));
            // what the sidecar had let out when this call started: as of the last call ended before it
            long letOut = startedAfter < 0 ? 0 : syncedAfter.get(startedAfter);
            calls.add(call);
            syncedAfter.add(synced[0]);
            if (!call.startsWith("write(1, \"{") || result(call) <= 0) return;
            written[0] += result(call);
            long answered = answerEnds.stream().filter(end -> end <= written[0]).count();
            int at = calls.size() - 1;
            assertTrue(answered <= letOut, () -> "a write put out " + answered + " answers when syncs had let out " + letOut + ":\n"
                    + String.join("\n", calls.subList(Math.max(0, at - 8), at + 1)));
            writes[0]++;
        });
        assertTrue(writes[0] > 1, "answers were written: " + writes[0]);
        assertEquals(answerEnds.size(), synced[0], "every answer the test read was let out by a sync");
    }

    private static long result(String call) {
        Matcher m = RESULT.matcher(call.substring(call.lastIndexOf(')')));
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }
}
