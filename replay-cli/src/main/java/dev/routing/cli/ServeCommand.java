package dev.routing.cli;

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
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The sidecar on a Unix domain socket, as the seeds' host runs its headless children: one client
 * at a time (a new connection closes the one before), the ready line on every connection, and the
 * engine and its journal outliving any client that disconnects or is killed.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Runs the sidecar (docs/sidecar.md) on a Unix domain socket: one client at a time, a new connection",
        "closing the one before; each connection gets a sidecar.ready line, then an answer to every line it",
        "sends, exactly as run - does on standard input. The engine and its journal outlive every client.",
        "A socket file left at PATH is replaced; any other file there is refused. Stops on SIGTERM or SIGINT."})
final class ServeCommand implements Callable<Integer> {
    @Option(names = "--journal", paramLabel = "DIR", required = true, description = "journal to write or continue")
    Path journal;

    @Option(names = "--socket", paramLabel = "PATH", required = true, description = "where to listen (e.g. DATA_DIR/engine.sock)")
    Path socket;

    @Option(names = "--rules", paramLabel = "RULES", defaultValue = "current",
            description = "rule set: current or 0.30.0 (default: ${DEFAULT-VALUE})")
    String rules;

    /** Why the engine stopped for good, set by the connection that met it. */
    private volatile RuntimeException stopped;

    @Override
    public Integer call() throws Exception {
        RuleSet ruleSet = JournalOption.rules("--rules", rules);
        try (ScriptRunner runner = new ScriptRunner(journal, ruleSet, true)) {
            replaceLeftover();
            try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
                listen(server);
                Thread unlink = new Thread(this::unlinkQuietly, "unlink-socket");
                Runtime.getRuntime().addShutdownHook(unlink);
                List<Decision> opening = runner.engine().openingDecisions();
                SocketChannel current = null;
                Thread serving = null;
                while (true) {
                    SocketChannel client;
                    try {
                        client = server.accept();
                    } catch (IOException closed) {
                        if (stopped != null) throw stopped;
                        throw closed;
                    }
                    if (current != null) {
                        current.close();
                        serving.join();
                    }
                    if (stopped != null) {
                        client.close();
                        throw stopped;
                    }
                    current = client;
                    List<Decision> first = opening;
                    opening = List.of();
                    serving = new Thread(() -> serve(runner, client, first, server), "sidecar-client");
                    serving.start();
                }
            }
        }
    }

    private void serve(ScriptRunner runner, SocketChannel client, List<Decision> opening, ServerSocketChannel server) {
        try (client) {
            OutputStream out = Channels.newOutputStream(client);
            new Sidecar(runner, journal, null).serve(new ScriptLines(new SocketInput(client)), out, opening);
        } catch (IOException gone) {
            // the client went away or was replaced: what it was answered is on disk, and it may resend the rest
        } catch (RuntimeException e) {
            stopped = e;
            try {
                server.close();
            } catch (IOException ignored) {
                // the accept loop ends either way
            }
        }
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
