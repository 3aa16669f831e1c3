package dev.routing.sidecar.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.config.EscapingScheme;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The metrics over HTTP, in the Prometheus text format, at {@code /metrics}: the JDK's own server on
 * one thread of its own ({@code metrics-http}), so a scrape never runs on the engine's thread and
 * needs no library beside the format's writer. Bound where the operator says, to the loopback
 * address unless told otherwise: the numbers say how busy the engine is, which is nobody else's.
 */
public final class MetricsEndpoint implements AutoCloseable {
    private static final PrometheusTextFormatWriter TEXT = PrometheusTextFormatWriter.create();

    private final HttpServer server;
    private final ExecutorService thread;

    private MetricsEndpoint(HttpServer server, ExecutorService thread) {
        this.server = server;
        this.thread = thread;
    }

    /**
     * Serves {@code registry} at {@code address}.
     *
     * @throws BindException when the port is taken (another process listens there), or the address is
     *         not this machine's
     */
    public static MetricsEndpoint start(InetSocketAddress address, PrometheusRegistry registry) throws IOException {
        HttpServer server = HttpServer.create(address, 16);
        ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "metrics-http");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(thread);
        server.createContext("/metrics", exchange -> scrape(exchange, registry));
        server.createContext("/", MetricsEndpoint::elsewhere);
        server.start();
        return new MetricsEndpoint(server, thread);
    }

    /** Where it listens: the port the system chose, for port 0. */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    private static void scrape(HttpExchange exchange, PrometheusRegistry registry) throws IOException {
        try (exchange) {
            if (!exchange.getRequestMethod().equals("GET") && !exchange.getRequestMethod().equals("HEAD")) {
                answer(exchange, 405, "text/plain; charset=utf-8", "GET /metrics\n".getBytes(StandardCharsets.UTF_8));
                return;
            }
            ByteArrayOutputStream body = new ByteArrayOutputStream(4096);
            TEXT.write(body, registry.scrape(), EscapingScheme.UNDERSCORE_ESCAPING);
            answer(exchange, 200, PrometheusTextFormatWriter.CONTENT_TYPE, body.toByteArray());
        }
    }

    private static void elsewhere(HttpExchange exchange) throws IOException {
        try (exchange) {
            answer(exchange, 404, "text/plain; charset=utf-8", "the metrics are at /metrics\n".getBytes(StandardCharsets.UTF_8));
        }
    }

    private static void answer(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, head ? -1 : body.length);
        if (head) return;
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** Stops listening at once; a scrape under way is cut. */
    @Override
    public void close() {
        server.stop(0);
        thread.shutdownNow();
    }
}
