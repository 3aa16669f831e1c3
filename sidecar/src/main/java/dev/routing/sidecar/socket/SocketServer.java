package dev.routing.sidecar.socket;

import dev.routing.journal.event.Decision;
import dev.routing.sidecar.Sidecar;
import dev.routing.sidecar.lines.LineReader;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The sidecar on a Unix domain socket, as the seeds' host runs its headless children: one client at
 * a time (a new connection closes the one before), the ready line on every connection, and the
 * engine and its journal outliving any client that disconnects or is killed. SIGTERM or SIGINT stops
 * it: no more connections, the one being served closed, and the socket file removed once the journal
 * is closed.
 */
public final class SocketServer {
    /** How long a stop waits for the engine's thread to close the journal. */
    private static final int STOP_WAIT_SECONDS = 30;

    private final Path socket;
    /** Counted down once the engine's thread has closed the journal: a stop waits for it. */
    private final CountDownLatch closed = new CountDownLatch(1);

    public SocketServer(Path socket) {
        this.socket = socket;
    }

    /**
     * Removes a socket file a process that is gone left at the path, so the server can listen there.
     *
     * @throws FileAlreadyExistsException whose reason says what is there instead: a file that is not a
     *         socket, or a socket another process listens on; nothing is replaced
     */
    public void replaceLeftover() throws IOException {
        if (!Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) return;
        BasicFileAttributes a = Files.readAttributes(socket, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!a.isOther()) {
            throw new FileAlreadyExistsException(socket.toString(), null, "a file that is not a socket is there; nothing was replaced");
        }
        try (SocketChannel live = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
            throw new FileAlreadyExistsException(socket.toString(), null, "another process listens there; nothing was replaced");
        } catch (FileAlreadyExistsException listening) {
            throw listening;
        } catch (IOException refused) {
            // a socket a process that is gone left behind
        }
        Files.delete(socket);
    }

    /**
     * Listens, then serves each connection in turn on this thread, which opened the engine (its
     * journal's appender belongs to it), until a stop: {@code opening} on the first connection's ready
     * line, none on the later ones'.
     *
     * @throws RuntimeException when the engine stopped for good (a full disk, a decide that threw): no
     *         client is served again
     */
    public void serve(Sidecar sidecar, List<Decision> opening) throws IOException, InterruptedException {
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            listen(server);
            SocketClients clients = SocketClients.accepting(server);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(clients), "serve-stop"));
            for (SocketChannel client; (client = clients.next()) != null; ) {
                try {
                    serve(sidecar, client, opening);
                } catch (RuntimeException stopped) {
                    clients.close();
                    throw stopped;
                }
                opening = List.of();
            }
        }
    }

    /** The engine's thread has closed the journal: a stop may now end the process. */
    public void closed() {
        closed.countDown();
    }

    private static void serve(Sidecar sidecar, SocketChannel client, List<Decision> opening) {
        try (client) {
            sidecar.serve(new LineReader(new SocketInput(client)), Channels.newOutputStream(client), opening);
        } catch (IOException gone) {
            // the client went away or was replaced: what it was answered is on disk, and it may resend the rest
        }
    }

    /**
     * On SIGTERM or SIGINT: no more connections, the one being served closed, and the journal closed
     * by the engine's thread before the process ends (waited for a while: a sync may be under way).
     * Then the socket file goes.
     */
    private void stop(SocketClients clients) {
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
     * is refused. The socket is bound under a short name beside the path and renamed onto it; where
     * even that name would be too long for a socket address, it is bound at the path itself.
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

    private void unlinkQuietly() {
        try {
            Files.deleteIfExists(socket);
        } catch (IOException ignored) {
            // the socket file outlives us: the next serve replaces it
        }
    }
}
