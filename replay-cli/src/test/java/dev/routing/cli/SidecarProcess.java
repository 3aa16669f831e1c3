package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The built jar as a host starts it ({@code java -jar replay-cli.jar ...}), with its output read
 * line by line as it comes. Only in the integration-test phase, which names the jar in
 * {@code replay.jar}.
 */
final class SidecarProcess implements AutoCloseable {
    /** What the reader queues at the end of the output. */
    private static final String END = new String("end of output");

    final Process process;
    private final OutputStream in;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    /** Every line read from the sidecar so far, in order, as it came (GroupCommitIT maps its writes' bytes onto them). */
    final List<String> seen = java.util.Collections.synchronizedList(new ArrayList<>());
    /** What came after the last newline when the output ended (a process killed mid-line), or null. */
    volatile String cut;

    private SidecarProcess(Process process, InputStream out, OutputStream in) {
        this.process = process;
        this.in = in;
        Thread reader = new Thread(() -> {
            try (Reader r = new BufferedReader(new InputStreamReader(out, StandardCharsets.UTF_8))) {
                // a line is the sidecar's only once its newline came, as for any host: a sidecar killed
                // mid-write leaves its last line cut, and that tail answers nothing (docs/sidecar.md)
                StringBuilder line = new StringBuilder();
                for (int c; (c = r.read()) != -1; ) {
                    if (c != '\n') {
                        line.append((char) c);
                        continue;
                    }
                    seen.add(line.toString());
                    lines.add(line.toString());
                    line.setLength(0);
                }
                if (line.length() > 0) cut = line.toString();
            } catch (IOException gone) {
                // the process or the connection is gone
            } finally {
                lines.add(END);
            }
        }, "sidecar-output");
        reader.setDaemon(true);
        reader.start();
    }

    static Path jar() {
        String jar = System.getProperty("replay.jar");
        Assumptions.assumeTrue(jar != null, "drives the built jar: runs in the integration-test phase (mvn verify), which sets replay.jar");
        return Path.of(jar);
    }

    /** {@code java -jar replay-cli.jar ARGS}. */
    static List<String> command(String... args) {
        // A build started in the background of a shell script (as CI may start it) inherits SIGINT
        // ignored, and so would every child: the JVM then never sees a Ctrl-C. The child gets the
        // default action back, so the tests that send SIGINT test the command, not how it was started.
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT", java(), "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC", "-jar", jar().toString()));
        command.addAll(Arrays.asList(args));
        return command;
    }

    /** {@code run - --journal DIR} (and more arguments), its stderr to {@code err}. */
    static SidecarProcess run(Path journal, Path err, String... more) throws IOException {
        List<String> args = new ArrayList<>(List.of("run", "-", "--journal", journal.toString()));
        args.addAll(Arrays.asList(more));
        Process p = new ProcessBuilder(command(args.toArray(String[]::new))).redirectError(err.toFile()).start();
        return new SidecarProcess(p, p.getInputStream(), p.getOutputStream());
    }

    /** A process started elsewhere (a command wrapped in strace). */
    static SidecarProcess of(Process p) {
        return new SidecarProcess(p, p.getInputStream(), p.getOutputStream());
    }

    /** A connection: the sidecar's lines on {@code from}, the host's on {@code to}. */
    static SidecarProcess over(InputStream from, OutputStream to) {
        return new SidecarProcess(null, from, to);
    }

    void send(String line) throws IOException {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** Sends many lines in one write, as a host piping them in does. */
    void sendAll(List<String> many) throws IOException {
        StringBuilder b = new StringBuilder();
        for (String line : many) b.append(line).append('\n');
        in.write(b.toString().getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    void closeInput() throws IOException {
        in.close();
    }

    /** The next line, or null at the end of the output; fails after a minute with none. */
    String next() throws InterruptedException {
        String line = lines.poll(60, TimeUnit.SECONDS);
        if (line == null) fail("no line from the sidecar within a minute");
        if (line == END) {
            lines.add(END);
            return null;
        }
        return line;
    }

    JsonNode nextJson() throws InterruptedException {
        String line = next();
        assertNotNull(line, "the sidecar's output ended");
        return Cli.parse(line, this);
    }

    /** The ready line, which comes before anything else. */
    JsonNode ready() throws InterruptedException {
        JsonNode ready = nextJson();
        assertEquals("sidecar.ready", ready.path("type").asText(), ready::toString);
        return ready;
    }

    /** One line's answer: its decisions, then the fact.accepted or fact.rejected that ends it. */
    List<JsonNode> answer() throws InterruptedException {
        List<JsonNode> answer = new ArrayList<>();
        while (true) {
            JsonNode line = nextJson();
            answer.add(line);
            String type = line.path("type").asText();
            if (type.equals("fact.accepted") || type.equals("fact.rejected")) return answer;
        }
    }

    int waitFor() throws InterruptedException {
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("the sidecar did not exit within two minutes");
        }
        return process.exitValue();
    }

    @Override
    public void close() {
        if (process != null) process.destroyForcibly();
        try {
            in.close();
        } catch (IOException ignored) {
            // already gone
        }
    }

    private static String java() {
        return ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
