package dev.routing.cli;

import dev.routing.cli.metrics.SidecarMetrics;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.event.Decision;
import java.io.IOException;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The sidecar on a Unix domain socket, as the seeds' host runs its headless children: one client
 * at a time (a new connection closes the one before), the ready line on every connection, and the
 * engine and its journal outliving any client that disconnects or is killed.
 */
@Command(name = "serve", header = "Runs the sidecar on a Unix domain socket, for one client at a time.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Runs the sidecar (docs/sidecar.md) on a Unix domain socket: one client at a time, a new connection",
        "closing the one before; each connection gets a sidecar.ready line, then an answer to every line it",
        "sends, exactly as run - does on standard input. The engine and its journal outlive every client.",
        "A socket file left at PATH is replaced; any other file there is refused. Stops on SIGTERM or SIGINT."})
final class ServeCommand implements Callable<Integer> {
    @Option(names = "--journal", paramLabel = "DIR", description = "journal to write or continue (required, or --ephemeral)")
    Path journal;

    @Mixin
    EphemeralOption ephemeral;

    @Option(names = "--socket", paramLabel = "PATH", required = true, description = "where to listen (e.g. DATA_DIR/engine.sock)")
    Path socket;

    @Mixin
    MetricsOption metrics;

    @Option(names = "--rules", paramLabel = "RULES", defaultValue = "current",
            description = "rule set: current or 0.30.0 (default: ${DEFAULT-VALUE})")
    String rules;

    /** How long a stop waits for the engine's thread to close the journal. */
    private static final int STOP_WAIT_SECONDS = 30;

    @Override
    public Integer call() throws Exception {
        RuleSet ruleSet = JournalOption.rules("--rules", rules);
        ephemeral.journal("serve", journal);
        if (journal != null) PathOptions.folderToWrite("--journal", journal);
        PathOptions.inExistingFolder("--socket", socket);
        // This thread opens the engine and serves every connection: the journal's appender belongs to it.
        CountDownLatch closed = new CountDownLatch(1);
        try (WorkDir work = WorkDir.of(journal, "replay-cli-serve"); MetricsOption.Served served = metrics.serve(work.path());
                ScriptRunner runner = new ScriptRunner(work.path(), ruleSet, true)) {
            replaceLeftover();
            try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
                listen(server);
                SocketClients clients = SocketClients.accepting(server);
                Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(clients, closed), "serve-stop"));
                List<Decision> opening = runner.engine().openingDecisions();
                for (SocketChannel client; (client = clients.next()) != null; ) {
                    try {
                        serve(runner, client, opening, served.metrics());
                    } catch (RuntimeException stopped) {
                        // the engine stopped for good (a full disk, a decide that threw): no client is served again
                        clients.close();
                        throw stopped;
                    }
                    opening = List.of();
                }
            }
        } finally {
            closed.countDown();
        }
        return ExitCodes.OK;
    }

    private void serve(ScriptRunner runner, SocketChannel client, List<Decision> opening, SidecarMetrics metrics) {
        try (client) {
            OutputStream out = Channels.newOutputStream(client);
            new Sidecar(runner, runner.engine().journal().dir(), null, metrics).serve(new ScriptLines(new SocketInput(client)), out, opening);
        } catch (IOException gone) {
            // the client went away or was replaced: what it was answered is on disk, and it may resend the rest
        }
    }

    /**
     * On SIGTERM or SIGINT: no more connections, the one being served closed, and the journal closed
     * by the engine's thread before the process ends (waited for a while: a sync may be under way).
     * Then the socket file goes.
     */
    private void stop(SocketClients clients, CountDownLatch closed) {
        clients.close();
        try {
            closed.await(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        unlinkQuietly();
    }

    /**
     * Binds and listens, and only then gives the socket its name: binding creates the file before
     * listening begins, and a client that connects in between (one that waits for the file to appear)
     * is refused. The socket is bound under a short name beside PATH and renamed onto it; where even
     * that name would be too long for a socket address, it is bound at PATH itself.
     */
    private void listen(ServerSocketChannel server) throws IOException {
        Path binding = socket.resolveSibling(".s" + ProcessHandle.current().pid());
        try {
            server.bind(UnixDomainSocketAddress.of(binding));
        } catch (IOException | IllegalArgumentException tooLong) {
            server.bind(UnixDomainSocketAddress.of(socket));
            return;
        }
        Files.move(binding, socket, StandardCopyOption.ATOMIC_MOVE);
    }

    private void replaceLeftover() throws IOException {
        if (!Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) return;
        BasicFileAttributes a = Files.readAttributes(socket, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!a.isOther()) {
            throw new BadInputException("--socket " + socket + ": a file that is not a socket is there; nothing was replaced");
        }
        try (SocketChannel live = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
            throw new BadInputException("--socket " + socket + ": another process listens there; nothing was replaced");
        } catch (IOException refused) {
            // a socket a process that is gone left behind
        }
        Files.delete(socket);
    }

    private void unlinkQuietly() {
        try {
            Files.deleteIfExists(socket);
        } catch (IOException ignored) {
            // the socket file outlives us: the next serve replaces it
        }
    }
}
