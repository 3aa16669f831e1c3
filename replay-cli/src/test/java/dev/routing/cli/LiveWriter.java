package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.journal.store.ForkedJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A live writer for the fault tests: {@code run -} in a child JVM, fed facts one at a time, each
 * acknowledged when its answer comes back; the decisions it printed are what it acknowledged.
 */
final class LiveWriter implements AutoCloseable {
    final Process process;
    final OutputStream in;
    final BlockingQueue<String> out = new LinkedBlockingQueue<>();
    final List<String> decisions = new ArrayList<>();
    final Path err;

    LiveWriter(Path journal, Path err) throws IOException {
        this.err = err;
        process = ForkedJvm.of(Main.class, "run", "-", "--journal", journal.toString()).redirectError(err.toFile()).start();
        in = process.getOutputStream();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) out.add(line);
            } catch (IOException gone) {
                // the child is gone
            }
        });
        reader.setDaemon(true);
        reader.start();
    }

    /** Sends the facts and waits for each one's answer; returns the answers that were not decisions (one per fact). */
    List<String> send(List<String> facts) throws Exception {
        List<String> answers = new ArrayList<>();
        for (String fact : facts) {
            try {
                in.write((fact + "\n").getBytes(StandardCharsets.UTF_8));
                in.flush();
            } catch (IOException gone) {
                return answers;
            }
            while (true) {
                String line = next();
                if (line == null) return answers;
                JsonNode node = Cli.parse(line, "the writer's output");
                if (Cli.isDecisionLine(node)) {
                    decisions.add(node.toString());
                    continue;
                }
                if (node.path("type").asText().equals("sidecar.ready")) continue;
                answers.add(line);
                break;
            }
        }
        return answers;
    }

    /** The next line the child prints, or null once it has stopped and printed everything (or after a minute). */
    private String next() throws InterruptedException {
        for (int waited = 0; waited < 600; waited++) {
            String line = out.poll(100, TimeUnit.MILLISECONDS);
            if (line != null) return line;
            if (!process.isAlive()) return out.poll(500, TimeUnit.MILLISECONDS);
        }
        return null;
    }

    /** Sends the facts one by one until the child stops; returns its exit code and stderr. */
    Cli.Result stopsAt(List<String> facts) throws Exception {
        send(facts);
        in.close();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the writer stops");
        return new Cli.Result(List.of("run", "-"), process.exitValue(), "", Files.readString(err));
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
