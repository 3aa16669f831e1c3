package dev.routing.sidecar.socket;

import java.io.IOException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The connections of {@code serve}, accepted on a thread of their own ({@code sidecar-accept}) and
 * handed to the engine's thread one at a time, in the order they came. A new connection closes the
 * one before it, which ends that one's service (its reads and writes fail) and lets the engine's
 * thread take the next. So the engine, its journal and Chronicle's appender stay on the one thread
 * that opened them, for every client of the process's life: an appender used from a second thread
 * is refused by Chronicle, and a restarted {@code serve} (whose open appends) died on its first fact.
 */
final class SocketClients implements AutoCloseable {
    private final ServerSocketChannel server;
    /** The accepted connections not yet taken; empty once the server is closed. */
    private final BlockingQueue<Optional<SocketChannel>> waiting = new LinkedBlockingQueue<>();
    private final Thread acceptor;
    /** The connection accepted last: the one the next connection closes. */
    private SocketChannel newest;

    private SocketClients(ServerSocketChannel server) {
        this.server = server;
        acceptor = new Thread(this::accept, "sidecar-accept");
        acceptor.setDaemon(true);
    }

    /** Starts accepting on {@code server}, which listens already. */
    static SocketClients accepting(ServerSocketChannel server) {
        SocketClients clients = new SocketClients(server);
        clients.acceptor.start();
        return clients;
    }

    /** The next connection, waiting for it; null once the server is closed (a stop). */
    SocketChannel next() throws InterruptedException {
        Optional<SocketChannel> next = waiting.take();
        if (next.isEmpty()) waiting.add(next);
        return next.orElse(null);
    }

    private void accept() {
        try {
            while (true) {
                SocketChannel client = server.accept();
                synchronized (this) {
                    closeQuietly(newest);
                    newest = client;
                }
                waiting.add(Optional.of(client));
            }
        } catch (IOException closed) {
            // the server was closed: a stop, or an engine that stopped for good
        } finally {
            synchronized (this) {
                closeQuietly(newest);
            }
            waiting.add(Optional.empty());
        }
    }

    /** Stops accepting and closes the connection being served: the engine's thread finds no next one. */
    @Override
    public void close() {
        closeQuietly(server);
        synchronized (this) {
            closeQuietly(newest);
        }
    }

    private static void closeQuietly(java.io.Closeable c) {
        if (c == null) return;
        try {
            c.close();
        } catch (IOException ignored) {
            // closing is all that is asked of it
        }
    }
}
