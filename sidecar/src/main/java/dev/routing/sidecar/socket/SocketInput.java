package dev.routing.sidecar.socket;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * A blocking socket channel's bytes as an input stream that reads the channel directly: the stream
 * {@code Channels.newInputStream} makes holds the channel's blocking lock while it waits for bytes,
 * and the sidecar's writer thread, which needs that lock to write through {@code
 * Channels.newOutputStream}, would wait with it: no answer would leave while the sidecar waits for
 * the host's next line.
 */
public final class SocketInput extends InputStream {
    private final SocketChannel channel;
    private boolean ended;

    public SocketInput(SocketChannel channel) {
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
        if (ended) return -1;
        int n = channel.read(ByteBuffer.wrap(b, off, len));
        if (n < 0) ended = true;
        return n;
    }
}
