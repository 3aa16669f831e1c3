package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's metrics as Prometheus scrapes them: the built jar's {@code run -} and {@code serve}
 * with {@code --metrics-port}, their real HTTP endpoint scraped while they run, the text format
 * parsed, and the counters moving as a host's facts are answered.
 */
class SidecarMetricsIT {
    private static final Pattern SERVING = Pattern.compile("metrics: http://([0-9.]+):(\\d+)/metrics");

    @TempDir
    Path tmp;

    @Test
    void theEndpointAnswersWhileRunDashRunsAndItsCountersMoveAsFactsAreAnswered() throws Exception {
        Path err = tmp.resolve("err");
        List<String> morning = SidecarIT.morning(2);
        try (SidecarProcess sidecar = SidecarProcess.run(tmp.resolve("journal"), err, "--metrics-port", "0")) {
            sidecar.ready();
            String url = url(err, "127.0.0.1");
            Scrape before = Scrape.of(url);
            assertEquals(0, before.sum("routing_facts_total"), before::body);
            assertEquals("counter", before.types().get("routing_bounces_total"), before::body);
            assertEquals("histogram", before.types().get("routing_sync_seconds"), before::body);
            assertEquals("gauge", before.types().get("routing_journal_free_bytes"), before::body);

            int decisions = 0;
            for (String fact : morning) {
                sidecar.send(fact);
                decisions += sidecar.answer().size() - 1;
            }
            Scrape after = Scrape.of(url);
            assertEquals("counter", after.types().get("routing_facts_total"), after::body);
            assertEquals(morning.size(), after.sum("routing_facts_total"), after::body);
            assertEquals(2, after.value("routing_facts_total{type=\"turn.started\"}"), after::body);
            assertEquals(1, after.value("routing_facts_total{type=\"channel.registered\"}"), after::body);
            assertEquals(decisions, after.sum("routing_decisions_total"), after::body);
            assertEquals(2, after.value("routing_decisions_total{type=\"turn.opened\"}"), after::body);
            assertTrue(after.value("routing_sync_seconds_count") >= morning.size(), () -> "a sync per fact sent one at a time: " + after.body());
            assertEquals(morning.size(), after.value("routing_sync_batch_answers_sum"), after::body);
            assertTrue(after.value("routing_journal_written_bytes_total") > 0, after::body);
            assertTrue(after.value("routing_journal_files_bytes") > 0, after::body);
            assertTrue(after.value("routing_journal_free_bytes") > 0, after::body);
            assertEquals(0, after.value("routing_lines_waiting"), after::body);

            sidecar.send("{\"type\":\"turn.ended\",\"at\":\"yesterday\",\"turn\":1}");
            assertEquals("fact.rejected", sidecar.answer().get(0).path("type").asText());
            sidecar.send(SidecarIT.numbered(morning.get(0), 1));
            sidecar.answer();
            sidecar.send(SidecarIT.numbered(morning.get(0), 1));
            sidecar.answer();
            Scrape later = Scrape.of(url);
            assertEquals(1, later.value("routing_lines_rejected_total"), later::body);
            assertEquals(1, later.value("routing_facts_answered_again_total"), () -> "a resend is answered from the journal: " + later.body());
            assertEquals(morning.size() + 1, later.sum("routing_facts_total"), later::body);

            sidecar.closeInput();
            assertEquals(ExitCodes.OK, sidecar.waitFor());
            assertThrows(ConnectException.class, () -> Scrape.of(url), "the endpoint goes with the sidecar");
        }
    }

    @Test
    void theEndpointListensOnTheLoopbackAddressUnlessTold() throws Exception {
        Path err = tmp.resolve("err");
        try (SidecarProcess sidecar = SidecarProcess.run(tmp.resolve("journal"), err, "--metrics-port", "0",
                "--metrics-address", "127.0.0.2")) {
            sidecar.ready();
            String url = url(err, "127.0.0.2");
            Scrape.of(url);
            String elsewhere = url.replace("127.0.0.2", "127.0.0.1");
            assertThrows(ConnectException.class, () -> Scrape.of(elsewhere), "only where it was told to listen");
        }
    }

    @Test
    void servesMetricsCountEveryClientsFacts() throws Exception {
        Path socket = tmp.resolve("engine.sock");
        Path log = tmp.resolve("serve.log");
        List<String> morning = SidecarIT.morning(1);
        Process serve = new ProcessBuilder(SidecarProcess.command("serve", "--journal", tmp.resolve("journal").toString(),
                "--socket", socket.toString(), "--metrics-port", "0")).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            ServeSocketIT.waitForSocket(socket, serve);
            String url = url(log, "127.0.0.1");
            for (int client = 0; client < 2; client++) {
                try (SocketChannel ch = ServeSocketIT.connect(socket)) {
                    SidecarProcess host = ServeSocketIT.client(ch);
                    host.ready();
                    for (String fact : morning) {
                        host.send(fact);
                        host.answer();
                    }
                }
            }
            Scrape scrape = Scrape.of(url);
            assertEquals(2 * morning.size(), scrape.sum("routing_facts_total"), scrape::body);
        } finally {
            serve.destroy();
            assertTrue(serve.waitFor(60, TimeUnit.SECONDS));
        }
    }

    @Test
    void benchSidecarScrapesTheSidecarsEndpointWhileItRuns() throws Exception {
        int port = freePort();
        Process p = new ProcessBuilder(SidecarProcess.command("bench", "sidecar", "--events", "3000", "--one-at-a-time", "40",
                "--sidecar-metrics-port", Integer.toString(port))).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), out);
        assertEquals(ExitCodes.OK, p.exitValue(), out);
        Matcher m = Pattern.compile("metrics\\s+the endpoint answered while each sidecar ran: piped counted ([0-9,]+) of ([0-9,]+) facts,"
                + " one at a time 40 of 40 \\(http://127.0.0.1:" + port + "/metrics\\)").matcher(out);
        assertTrue(m.find(), out);
        assertEquals(m.group(2), m.group(1), "every fact of the piped day counted: " + out);
    }

    /** The endpoint's URL, as the sidecar said it on stderr once it listened. */
    private static String url(Path err, String address) throws IOException, InterruptedException {
        for (int i = 0; i < 600; i++) {
            Matcher m = SERVING.matcher(Files.exists(err) ? Files.readString(err) : "");
            if (m.find()) {
                assertEquals(address, m.group(1), "listens where it was told, the loopback address by default");
                return "http://" + m.group(1) + ":" + m.group(2) + "/metrics";
            }
            Thread.sleep(100);
        }
        return fail("the sidecar never said where its metrics are: " + Files.readString(err));
    }

    private static int freePort() throws IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
