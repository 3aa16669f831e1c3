package dev.routing.sidecar;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Standard output as a stream that fails when the reader of it is gone, or the disk under it is
 * full. {@code System.out} is a PrintStream, which swallows every write error: a sidecar whose host
 * closed the reading end of its standard output went on reading and journaling facts whose answers
 * went nowhere, holding the journal's writer lock against the host's restart; a report piped to a
 * full disk ended with exit 0 and half its lines. Written through {@code System.out}, not its
 * file descriptor, so that an in-process caller that redirects it (the command line's tests) gets the output.
 */
public final class StandardOutput extends OutputStream {
    private final PrintStream out;

    private StandardOutput(PrintStream out) {
        this.out = out;
    }

    /** This process's standard output, as {@code System.out} stands now. */
    public static OutputStream of() {
        return new StandardOutput(System.out);
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
        check();
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        check();
    }

    @Override
    public void flush() throws IOException {
        check();
    }

    /** {@link PrintStream#checkError} flushes first, so a write the pipe refuses is seen here. */
    private void check() throws IOException {
        if (out.checkError()) throw new Closed();
    }

    /** Whether a write to this process's standard output has been refused since it was set. */
    public static boolean refused() {
        return System.out.checkError();
    }

    /** The reader of standard output is gone, or its disk is full: nothing written from now on reaches it. */
    public static final class Closed extends IOException {
        public Closed() {
            super("standard output was closed by its reader (a broken pipe) or refused a write (a full disk): what it holds is incomplete");
        }
    }
}
