package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.routing.cli.options.ExitCodes;
import dev.routing.journal.store.JournalRecord;
import dev.routing.sidecar.socket.SocketInput;
import java.io.IOException;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve} as the seeds' host uses its children's sockets: the built jar on a Unix domain
 * socket, one client at a time, the ready line on every connection, and the engine outliving a
 * client that goes away mid-stream.
 */
class ServeSocketIT {
    @TempDir
    Path tmp;

    @Test
    void aClientThatDisconnectsMidStreamIsFollowedByOneThatResumesFromTheJournal() throws Exception {
        Path journal = tmp.resolve("journal");
        Path socket = tmp.resolve("engine.sock");
        List<String> facts = SidecarIT.morning(3);
        Process serve = new ProcessBuilder(SidecarProcess.command("serve", "--journal", journal.toString(), "--socket", socket.toString()))
                .redirectErrorStream(true).redirectOutput(tmp.resolve("serve.log").toFile()).start();
        try {
            waitForSocket(socket, serve);
            Map<Long, List<JsonNode>> first = new HashMap<>();
            try (SocketChannel a = connect(socket)) {
                SidecarProcess client = client(a);
                JsonNode ready = client.ready();
                assertTrue(ready.get("lastSeq").isNull(), ready::toString);
                for (int i = 0; i < 6; i++) {
                    client.send(SidecarIT.numbered(facts.get(i), i + 1));
                    first.put((long) i + 1, client.answer());
                }
                client.send("not json");
                assertEquals(7, client.answer().get(0).path("line").asInt(), "lines are counted per connection");
                // three more, and gone before their answers
                for (int i = 6; i < 9; i++) client.send(SidecarIT.numbered(facts.get(i), i + 1));
            }

            SocketChannel b = connect(socket);
            SidecarProcess second = client(b);
            JsonNode ready = second.ready();
            long lastSeq = ready.path("lastSeq").asLong();
            assertTrue(lastSeq >= 6 && lastSeq <= 9, "the engine outlived the client: " + ready);
            assertEquals(0, ready.path("opening").size(), "no restart: the same engine");
            for (int i = 0; i < facts.size(); i++) {
                second.send(SidecarIT.numbered(facts.get(i), i + 1));
                List<JsonNode> answer = second.answer();
                if (i < 6) assertEquals(first.get((long) i + 1), answer, "seq " + (i + 1) + " answered from the journal");
                else assertEquals("fact.accepted", answer.get(answer.size() - 1).path("type").asText(), answer::toString);
            }

            try (SocketChannel c = connect(socket)) {
                SidecarProcess third = client(c);
                assertEquals(facts.size(), third.ready().path("lastSeq").asLong(), "a new connection gets the ready line");
                assertNull(second.next(), "and the connection before it is closed");
                third.send(SidecarIT.numbered(facts.get(0), 1));
                assertEquals(first.get(1L), third.answer());
            }
            b.close();
        } finally {
            serve.destroy();
            assertTrue(serve.waitFor(60, TimeUnit.SECONDS), "serve stops on SIGTERM");
        }
        assertFalse(Files.exists(socket), "the socket file is removed when serve stops");
        Map<Long, Integer> journaled = new HashMap<>();
        for (JournalRecord r : SidecarIT.facts(journal)) journaled.merge(r.seq(), 1, Integer::sum);
        assertEquals(facts.size(), journaled.size(), journaled::toString);
        assertTrue(journaled.values().stream().allMatch(n -> n == 1), journaled::toString);
        Cli.assertVerifies(journal);
    }

    /** A host that connects the moment the socket's file appears is accepted, not refused: the file appears only once serve listens. */
    @Test
    void aClientThatConnectsTheMomentTheSocketAppearsIsAccepted() throws Exception {
        Path socket = tmp.resolve("engine.sock");
        Process serve = new ProcessBuilder(SidecarProcess.command("serve", "--journal", tmp.resolve("journal").toString(), "--socket",
                socket.toString())).redirectErrorStream(true).redirectOutput(tmp.resolve("serve.log").toFile()).start();
        // the channel and the address made beforehand, so that the connect follows the file at once
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            UnixDomainSocketAddress address = UnixDomainSocketAddress.of(socket);
            long until = System.currentTimeMillis() + 60_000;
            while (!Files.exists(socket)) {
                if (!serve.isAlive()) fail("serve exited " + serve.exitValue() + " before listening");
                if (System.currentTimeMillis() > until) fail("serve did not listen within a minute");
                Thread.onSpinWait();
            }
            ch.connect(address);
            assertEquals("sidecar.ready", client(ch).ready().path("type").asText());
        } finally {
            serve.destroy();
            assertTrue(serve.waitFor(60, TimeUnit.SECONDS), "serve stops on SIGTERM");
        }
    }

    @Test
    void aFileThatIsNotASocketIsNotReplaced() throws Exception {
        Path file = Files.writeString(tmp.resolve("engine.sock"), "keep me");
        Process serve = new ProcessBuilder(SidecarProcess.command("serve", "--journal", tmp.resolve("journal").toString(), "--socket",
                file.toString())).redirectErrorStream(true).start();
        String out = new String(serve.getInputStream().readAllBytes());
        assertTrue(serve.waitFor(60, TimeUnit.SECONDS));
        assertEquals(ExitCodes.BAD_INPUT, serve.exitValue(), out);
        assertTrue(out.contains("a file that is not a socket is there"), out);
        assertEquals("keep me", Files.readString(file));
    }

    static SocketChannel connect(Path socket) throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        ch.connect(UnixDomainSocketAddress.of(socket));
        return ch;
    }

    /** The connection's two directions, each calling the channel itself: Java's own streams over one block each other. */
    static SidecarProcess client(SocketChannel ch) {
        OutputStream out = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                ByteBuffer buf = ByteBuffer.wrap(b, off, len);
                while (buf.hasRemaining()) ch.write(buf);
            }
        };
        return SidecarProcess.over(new SocketInput(ch), out);
    }

    /**
     * A host's connect: a socket file a killed serve left is there before the new one listens, so it
     * retries while the connect is refused (the old file) or finds no file (the new serve removed the
     * old one and has not yet renamed its own into place: ENOENT, a SocketException that is not a
     * ConnectException; the race failed a CI run in round 3, the first start after a kill -9).
     */
    static SocketChannel connectWhenListening(Path socket, Process serve) throws Exception {
        long until = System.currentTimeMillis() + 60_000;
        while (true) {
            waitForSocket(socket, serve);
            try {
                return connect(socket);
            } catch (java.net.SocketException leftover) {
                if (System.currentTimeMillis() > until) throw leftover;
                Thread.sleep(50);
            }
        }
    }

    static void waitForSocket(Path socket, Process serve) throws Exception {
        long until = System.currentTimeMillis() + 60_000;
        while (!Files.exists(socket)) {
            if (!serve.isAlive()) fail("serve exited " + serve.exitValue() + " before listening");
            if (System.currentTimeMillis() > until) fail("serve did not listen within a minute");
            Thread.sleep(50);
        }
    }
}
