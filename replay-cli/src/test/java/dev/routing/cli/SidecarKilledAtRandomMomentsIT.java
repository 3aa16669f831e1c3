package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.store.JournalRecord;
import dev.routing.lab.world.FactScript;
import dev.routing.lab.world.Simulation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host's sidecar killed with SIGKILL at random moments while a day of numbered facts is piped in:
 * one kill in five while it starts and opens the journal, the rest after a random number of answers
 * (deciding, syncing, writing answers). After each kill the host starts it again and resends every
 * fact from seq 1, as a host that lost its answers would. Each fact is journaled once, and every
 * answer a host was given is given again, line for line. Rounds: {@code -Dsidecar.kills} (default
 * 4, 40 under -Psoak); the seed {@code -Dsidecar.seed}, printed on failure.
 */
class SidecarKilledAtRandomMomentsIT {
    @TempDir
    Path tmp;

    @Test
    void killedAtRandomAndResentFromSeq1EachFactIsJournaledOnceWithTheAnswersItWasGiven() throws Exception {
        int kills = Integer.getInteger("sidecar.kills", 4);
        long seed = Long.getLong("sidecar.seed", System.nanoTime());
        String context = "seed " + seed + " (rerun with -Dsidecar.seed=" + seed + ")";
        Random random = new Random(seed);
        List<String> day = FactScript.of(new Simulation(1, 6, 4, 16_000, seed & 0xFFFF, RuleSet.CURRENT, false, null), tmp.resolve("simulated"));
        List<String> numbered = new ArrayList<>();
        for (int i = 0; i < day.size(); i++) numbered.add(SidecarIT.numbered(day.get(i), i + 1));
        Path journal = tmp.resolve("journal");
        Map<Long, List<JsonNode>> given = new HashMap<>();
        Map<String, Integer> landed = new TreeMap<>();

        for (int round = 0; round <= kills; round++) {
            boolean last = round == kills;
            BlockingQueue<Boolean> readyAt = new LinkedBlockingQueue<>();
            AtomicInteger answers = new AtomicInteger();
            try (SidecarProcess sidecar = SidecarProcess.run(journal, tmp.resolve("err-" + round))) {
                // one kill in five at a random time while the process starts and opens the journal; the
                // rest once it has given a random number of answers, a random moment later (deciding,
                // syncing, writing answers)
                boolean early = random.nextInt(5) == 0;
                long delay = early ? random.nextInt(1_500) : random.nextInt(30);
                int after = random.nextInt(day.size());
                Thread killer = new Thread(() -> {
                    try {
                        if (!early) {
                            readyAt.take();
                            while (answers.get() < after && sidecar.process.isAlive()) Thread.sleep(1);
                        }
                        Thread.sleep(delay);
                        sidecar.process.destroyForcibly();
                    } catch (InterruptedException done) {
                        // the round ended first
                    }
                });
                killer.setDaemon(true);
                if (!last) killer.start();
                Thread pipe = new Thread(() -> {
                    try {
                        sidecar.sendAll(numbered);
                        sidecar.closeInput();
                    } catch (IOException killed) {
                        // the sidecar is gone
                    }
                });
                String first = sidecar.next();
                int answered = 0;
                if (first != null) {
                    assertEquals("sidecar.ready", Cli.parse(first, context).path("type").asText(), context);
                    readyAt.add(true);
                    pipe.start();
                    List<JsonNode> answer = new ArrayList<>();
                    for (String line; (line = sidecar.next()) != null; ) {
                        JsonNode json = Cli.parse(line, context);
                        answer.add(json);
                        if (!json.path("type").asText().startsWith("fact.")) continue;
                        assertEquals("fact.accepted", json.path("type").asText(), () -> context + ": " + json);
                        long seq = json.path("seq").asLong();
                        List<JsonNode> before = given.putIfAbsent(seq, List.copyOf(answer));
                        if (before != null) assertEquals(before, answer, context + ": seq " + seq + " answered as before");
                        answer.clear();
                        answered++;
                        answers.set(answered);
                    }
                    pipe.join();
                }
                int exit = sidecar.waitFor();
                killer.interrupt();
                if (last) assertEquals(ExitCodes.OK, exit, context);
                if (last) assertEquals(null, sidecar.cut, context + ": a sidecar that ends by itself ends its last line");
                landed.merge(first == null ? "before the ready line" : answered == 0 ? "before the first answer"
                        : answered < day.size() ? "while answering" : "after every answer", 1, Integer::sum);
                if (sidecar.cut != null) landed.merge("its last line cut", 1, Integer::sum);
            }
        }
        System.out.println("sidecar kills landed: " + landed + " (" + context + ")");
        assertEquals(day.size(), given.size(), context + ": every fact answered");
        Map<Long, Integer> journaled = new HashMap<>();
        for (JournalRecord r : SidecarIT.facts(journal)) journaled.merge(r.seq(), 1, Integer::sum);
        assertEquals(day.size(), journaled.size(), context + ": every seq journaled, none without one");
        assertTrue(journaled.values().stream().allMatch(n -> n == 1), () -> context + ": each once: " + journaled);
        Cli.assertVerifies(journal);
    }
}
