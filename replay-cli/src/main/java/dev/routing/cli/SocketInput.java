package dev.routing.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * A blocking socket channel's bytes as an input stream whose {@link #available} is true: it peeks
 * without blocking. Java's own stream over a channel answers 0, and the sidecar's group commit
 * asks whether another line is already waiting before it syncs.
 */
final class SocketInput extends InputStream {
    private final SocketChannel channel;
    private final ByteBuffer peeked = ByteBuffer.allocate(1 << 16).flip();
    private boolean ended;

    SocketInput(SocketChannel channel) {
        this.channel = channel;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) return 0;
        if (!peeked.hasRemaining()) {
            if (ended) return -1;
            int n = channel.read(ByteBuffer.wrap(b, off, len));
            if (n < 0) ended = true;
            return n;
        }
        int n = Math.min(len, peeked.remaining());
        peeked.get(b, off, n);
        return n;
    }

    @Override
    public int available() throws IOException {
        if (peeked.hasRemaining() || ended) return peeked.remaining();
        peeked.clear();
        channel.configureBlocking(false);
        try {
            if (channel.read(peeked) < 0) ended = true;
        } finally {
            channel.configureBlocking(true);
            peeked.flip();
        }
        return peeked.remaining();
    }
}
