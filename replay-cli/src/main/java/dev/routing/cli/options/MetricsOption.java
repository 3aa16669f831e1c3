package dev.routing.cli.options;

import dev.routing.sidecar.metrics.MetricsEndpoint;
import dev.routing.sidecar.metrics.SidecarMetrics;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --metrics-port} and {@code --metrics-address}, for the sidecars ({@code run -}, {@code serve}):
 * the operator's numbers (docs/operations.md) over HTTP in the Prometheus text format, on this
 * machine only unless an address is given. Without a port nothing is counted and nothing listens.
 */
public final class MetricsOption {
    @Option(names = "--metrics-port", paramLabel = "PORT", description = "serve operator metrics (Prometheus text format) at"
            + " http://ADDRESS:PORT/metrics, 0 for any free port (stderr says which); default: none")
    Integer port;

    @Option(names = "--metrics-address", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "the address the metrics listen on (default: ${DEFAULT-VALUE}, this machine only)")
    String address;

    /** The metrics being served, or none: closing it stops the endpoint. */
    public record Served(SidecarMetrics metrics, MetricsEndpoint endpoint) implements AutoCloseable {
        static final Served NONE = new Served(null, null);

        @Override
        public void close() {
            if (endpoint != null) endpoint.close();
        }
    }

    /** Whether a port was given: metrics are served. */
    public boolean asked() {
        return port != null;
    }

    /**
     * Starts the endpoint for the journal in {@code journal}, before the engine opens it, so that a
     * port in use stops the command before anything is journaled.
     *
     * @throws BadInputException for a port out of range, an address that is not this machine's, or a
     *         port another process listens on
     */
    public Served serve(Path journal) {
        if (port == null) return Served.NONE;
        if (port < 0 || port > 65535) throw new BadInputException("--metrics-port " + port + ": a port is from 1 to 65535 (0: any free one)");
        InetAddress at;
        try {
            at = InetAddress.getByName(address);
        } catch (UnknownHostException e) {
            throw new BadInputException("--metrics-address " + address + ": no such address");
        }
        SidecarMetrics metrics = new SidecarMetrics(journal);
        MetricsEndpoint endpoint;
        try {
            endpoint = MetricsEndpoint.start(new InetSocketAddress(at, port), metrics.registry());
        } catch (BindException e) {
            String why = String.valueOf(e.getMessage()).contains("in use")
                    ? "the port is in use: another process listens there. Choose another port, or 0 for any free one"
                    : "not an address of this machine (" + e.getMessage() + ")";
            throw new BadInputException("--metrics-port " + port + ": cannot listen on " + hostPort(at, port) + ": " + why);
        } catch (IOException e) {
            throw new BadInputException("--metrics-port " + port + ": cannot listen on " + hostPort(at, port) + ": " + e.getMessage());
        }
        System.err.println("metrics: http://" + hostPort(at, endpoint.address().getPort()) + "/metrics");
        return new Served(metrics, endpoint);
    }

    private static String hostPort(InetAddress at, int port) {
        String host = at.getHostAddress();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
