package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.lab.world.FactScript;
import dev.routing.lab.world.Simulation;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.store.JournalRecord;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve} stopped every way a socket sidecar stops (SIGTERM, SIGINT, kill -9, its client
 * killed first) and started again on the same journal, round after round, while a host pipes a
 * simulated day of numbered facts in and resends it all from seq 1 after each stop. Every start
 * answers; every fact is journaled once; every answer a host was given is given again, line for
 * line. Before, a restarted {@code serve} sent its ready line and died on its first fact (its open
 * had used Chronicle's appender on one thread, its client on another). Rounds: {@code
 * -Dserve.restarts} (default 6); the seed {@code -Dserve.seed}, printed on failure.
 */
class ServeRestartedOnItsJournalIT {
    @TempDir
    Path tmp;

    private enum Stop { SIGTERM, SIGINT, SIGKILL, CLIENT_KILLED_THEN_SIGTERM }

    @Test
    void restartedAfterEachWayOfStoppingEachResendIsAnsweredOnceAsBefore() throws Exception {
        int restarts = Integer.getInteger("serve.restarts", 6);
        long seed = Long.getLong("serve.seed", System.nanoTime());
        String context = "seed " + seed + " (rerun with -Dserve.seed=" + seed + ")";
        Random random = new Random(seed);
        List<String> day = FactScript.of(new Simulation(1, 4, 3, 8_000, seed & 0xFFFF, RuleSet.CURRENT, false, null), tmp.resolve("simulated"));
        List<String> numbered = new ArrayList<>();
        for (int i = 0; i < day.size(); i++) numbered.add(SidecarIT.numbered(day.get(i), i + 1));
        Path journal = tmp.resolve("journal");
        Path socket = tmp.resolve("engine.sock");
        Map<Long, List<JsonNode>> given = new HashMap<>();
        Map<String, Integer> stops = new TreeMap<>();
        long lastSeq = 0;

        for (int round = 0; round <= restarts; round++) {
            boolean last = round == restarts;
            Stop stop = Stop.values()[round % Stop.values().length];
            Path log = tmp.resolve("serve-" + round + ".log");
            Process serve = new ProcessBuilder(SidecarProcess.command("serve", "--journal", journal.toString(), "--socket", socket.toString()))
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            try {
                SocketChannel channel = ServeSocketIT.connectWhenListening(socket, serve);
                SidecarProcess client = ServeSocketIT.client(channel);
                JsonNode ready = client.ready();
                long readySeq = ready.path("lastSeq").asLong(0);
                assertTrue(readySeq >= lastSeq, () -> context + ": the journal kept every seq it had: " + ready);
                if (round > 0) assertTrue(ready.path("opening").isArray(), ready::toString);
                Thread pipe = new Thread(() -> {
                    try {
                        for (int from = 0; from < numbered.size(); from += 500) {
                            client.sendAll(numbered.subList(from, Math.min(numbered.size(), from + 500)));
                        }
                    } catch (IOException stopped) {
                        // the server stopped under the host's writes
                    }
                });
                pipe.setDaemon(true);
                pipe.start();
                // each life resends what the journal holds and journals more before it is stopped
                int stopAfter = last ? numbered.size()
                        : (int) Math.min(numbered.size() - 1, lastSeq + 1 + random.nextInt(numbered.size() / (restarts + 1)));
                int answered = readAnswers(client, stopAfter, given, context);
                lastSeq = Math.max(lastSeq, answered == 0 ? readySeq : answered);
                assertEquals(stopAfter, answered, context + ": serve answers until it is stopped");
                if (last) {
                    channel.close();
                    signal(serve, "TERM");
                    assertTrue(serve.waitFor(60, TimeUnit.SECONDS), context);
                } else {
                    switch (stop) {
                        case SIGTERM -> signal(serve, "TERM");
                        case SIGINT -> signal(serve, "INT");
                        case SIGKILL -> serve.destroyForcibly();
                        case CLIENT_KILLED_THEN_SIGTERM -> {
                            channel.close();
                            signal(serve, "TERM");
                        }
                    }
                    assertTrue(serve.waitFor(60, TimeUnit.SECONDS), () -> context + ": serve stops on " + stop);
                    stops.merge(stop.name(), 1, Integer::sum);
                    if (stop != Stop.SIGKILL) {
                        assertFalse(Files.exists(socket), context + ": a stop removes the socket file");
                        String said = Files.readString(log, StandardCharsets.UTF_8);
                        assertFalse(said.contains("Exception") || said.contains("\tat "), () -> context + ": " + said);
                    }
                }
                channel.close();
            } catch (AssertionError | Exception e) {
                throw new AssertionError(context + ", round " + round + " (" + stop + " next): " + e + "; serve said: " + Files.readString(log, StandardCharsets.UTF_8), e);
            } finally {
                serve.destroyForcibly();
                serve.waitFor(60, TimeUnit.SECONDS);
            }
        }
        System.out.println("serve stopped and restarted: " + stops + " (" + context + ")");
        assertEquals(numbered.size(), given.size(), context + ": every fact answered");
        Map<Long, Integer> journaled = new HashMap<>();
        for (JournalRecord r : SidecarIT.facts(journal)) journaled.merge(r.seq(), 1, Integer::sum);
        assertEquals(numbered.size(), journaled.size(), context + ": every seq journaled, none without one");
        assertTrue(journaled.values().stream().allMatch(n -> n == 1), () -> context + ": each once: " + journaled);
        Cli.assertVerifies(journal);
    }

    /**
     * Reads answers in order until {@code enough} facts are answered (counted from seq 1, as resent)
     * or the output ends; each seq's answer must be the one it was given before. Returns how many
     * facts were answered.
     */
    private static int readAnswers(SidecarProcess client, int enough, Map<Long, List<JsonNode>> given, String context) throws Exception {
        List<JsonNode> answer = new ArrayList<>();
        int answered = 0;
        while (answered < enough) {
            String line = client.next();
            if (line == null) break;
            JsonNode json = Cli.parse(line, context);
            answer.add(json);
            if (!json.path("type").asText().startsWith("fact.")) continue;
            assertEquals("fact.accepted", json.path("type").asText(), () -> context + ": " + json);
            long seq = json.path("seq").asLong();
            assertEquals(answered + 1, seq, context + ": answers in the order sent");
            List<JsonNode> before = given.putIfAbsent(seq, List.copyOf(answer));
            if (before != null) assertEquals(before, answer, context + ": seq " + seq + " answered as before");
            answer.clear();
            answered++;
        }
        return answered;
    }

    private static void signal(Process p, String signal) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start();
        assertTrue(kill.waitFor(30, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -" + signal);
    }
}
