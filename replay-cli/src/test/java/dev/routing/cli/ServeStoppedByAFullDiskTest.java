package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import dev.routing.journal.store.ForkedJvm;
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
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve} on a real 8 MiB tmpfs (root mounts it, as in CI; elsewhere skipped, saying why): a
 * host pipes numbered 4 KB rounds until the disk is full. The engine stops for good, {@code serve}
 * answers every fact a sync still covered, says why in one line and exits 1. Once space is freed a
 * new {@code serve} continues the journal and the host's resend from seq 1 gets every answer it had,
 * line for line, and the rest decided once.
 */
class ServeStoppedByAFullDiskTest {
    @TempDir
    Path tmp;

    private Path disk;

    @BeforeEach
    void mountASmallDisk() throws IOException {
        disk = Files.createDirectory(tmp.resolve("disk"));
        Mounts.mount("-t", "tmpfs", "-o", "size=8m", "tmpfs", disk.toString());
    }

    @AfterEach
    void unmount() {
        Mounts.umount(disk);
    }

    @Test
    void stoppedByAFullDiskItAnswersWhatWasSyncedAndARestartOnceFreedResumesBySeq() throws Exception {
        Path journal = disk.resolve("journal");
        Path socket = tmp.resolve("engine.sock");
        List<String> facts = DiskFullTest.facts();
        List<String> numbered = new ArrayList<>();
        for (int i = 0; i < facts.size(); i++) numbered.add(SidecarIT.numbered(facts.get(i), i + 1));
        Map<Long, List<JsonNode>> given = new HashMap<>();

        Life full = live(journal, socket, numbered, given, "full");
        assertEquals(ExitCodes.FAILURE, full.exit(), full::toString);
        assertTrue(full.err().startsWith("error: ") && full.err().contains("the journal's disk is full"), full::toString);
        assertFalse(full.err().contains("\tat ") || full.err().contains("Exception"), () -> "no stack trace: " + full.err());
        assertTrue(full.answered() > 100 && full.answered() < numbered.size(), full::toString);

        Mounts.mount("-o", "remount,size=64m", disk.toString());
        List<String> resent = numbered.subList(0, full.answered() + 200);
        Life freed = live(journal, socket, resent, given, "freed");
        assertEquals(resent.size(), freed.answered(), freed::toString);
        assertEquals(SIGTERM_EXIT, freed.exit(), () -> "stopped by SIGTERM once every answer came: " + freed);

        Map<Long, Integer> journaled = new HashMap<>();
        for (JournalRecord r : SidecarIT.facts(journal)) journaled.merge(r.seq(), 1, Integer::sum);
        assertEquals(resent.size(), journaled.size(), "every seq sent is journaled");
        assertTrue(journaled.values().stream().allMatch(n -> n == 1), journaled::toString);
        Cli.assertVerifies(journal);
    }

    /** A JVM ended by SIGTERM exits 128 + 15. */
    private static final int SIGTERM_EXIT = 143;

    private record Life(int answered, int exit, String err) {
    }

    /**
     * One {@code serve} process: connects, pipes {@code lines}, reads answers in order until they are
     * all answered or the output ends (each seq's answer the one it got before), then stops it with
     * SIGTERM if it is still running.
     */
    private Life live(Path journal, Path socket, List<String> lines, Map<Long, List<JsonNode>> given, String name) throws Exception {
        Path err = tmp.resolve(name + ".err");
        Process serve = ForkedJvm.of(Main.class, "serve", "--journal", journal.toString(), "--socket", socket.toString())
                .redirectErrorStream(false).redirectError(err.toFile()).start();
        try (SocketChannel channel = ServeSocketIT.connectWhenListening(socket, serve)) {
            SidecarProcess client = ServeSocketIT.client(channel);
            client.ready();
            Thread pipe = new Thread(() -> {
                try {
                    client.sendAll(lines);
                } catch (IOException stopped) {
                    // the engine stopped under the host's writes
                }
            });
            pipe.setDaemon(true);
            pipe.start();
            List<JsonNode> answer = new ArrayList<>();
            int answered = 0;
            while (answered < lines.size()) {
                String line = client.next();
                if (line == null) break;
                JsonNode json = Cli.parse(line, name);
                answer.add(json);
                if (!json.path("type").asText().startsWith("fact.")) continue;
                assertEquals("fact.accepted", json.path("type").asText(), json::toString);
                long seq = json.path("seq").asLong();
                assertEquals(answered + 1, seq, "answers in the order sent");
                List<JsonNode> before = given.putIfAbsent(seq, List.copyOf(answer));
                if (before != null) assertEquals(before, answer, "seq " + seq + " answered as before");
                answer.clear();
                answered++;
            }
            if (answered == lines.size()) serve.destroy();
            assertTrue(serve.waitFor(120, TimeUnit.SECONDS), name + ": serve ends");
            return new Life(answered, serve.exitValue(), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            serve.destroyForcibly();
        }
    }
}
