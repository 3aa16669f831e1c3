package dev.routing.sidecar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.sidecar.answers.Answer;
import dev.routing.sidecar.lines.BadLineException;
import dev.routing.sidecar.lines.LineReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sidecar's reader and writer threads: lines come out in the order read, what went wrong in a
 * line's place, and a host that went away stops the sidecar at its next batch rather than being
 * written to in silence.
 */
class SidecarThreadsTest {
    private static final String FACT = "{\"type\":\"channel.registered\",\"at\":\"2026-11-02T09:00:00Z\",\"channel\":\"ops\","
            + "\"server\":\"discord\",\"label\":\"#ops\",\"inboundOnly\":false,\"seq\":1}";

    @Test
    void linesComeOutInOrderWithBadBytesInTheirPlaceThenTheEnd() throws Exception {
        byte[] in = concat(FACT + "\n", "\n", "{\"type\":\"x\",\"text\":\"", new byte[] {(byte) 0xC3, 0x28}, "\"}\n", "not json\n");
        List<SidecarInput.Line> lines = new ArrayList<>();
        try (SidecarInput input = SidecarInput.start(new LineReader(new ByteArrayInputStream(in)))) {
            for (SidecarInput.Line l = input.take(); l != SidecarInput.Line.END; l = input.take()) lines.add(l);
        }
        assertEquals(4, lines.size(), lines::toString);
        assertEquals(1, lines.get(0).number());
        assertNotNull(lines.get(0).fact(), "a plain fact with a seq is read on the reader's thread");
        assertEquals(1, lines.get(0).fact().seq());
        assertEquals("", lines.get(1).text().strip());
        assertNotNull(lines.get(2).bad(), "bad UTF-8 comes out as the line's refusal");
        assertEquals(3, lines.get(2).bad().line());
        assertEquals(4, lines.get(3).number());
        assertNull(lines.get(3).fact(), "the long way reads what the one-pass reader cannot, and names what is wrong");
    }

    @Test
    void aReadThatFailsComesOutInTheLinesPlace() throws Exception {
        InputStream broken = new InputStream() {
            private int calls;

            @Override
            public int read() throws IOException {
                throw new IOException("the host's pipe broke");
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (calls++ == 0) {
                    byte[] first = (FACT + "\n").getBytes(StandardCharsets.UTF_8);
                    System.arraycopy(first, 0, b, off, first.length);
                    return first.length;
                }
                throw new IOException("the host's pipe broke");
            }
        };
        try (SidecarInput input = SidecarInput.start(new LineReader(broken))) {
            assertNotNull(input.take().fact());
            SidecarInput.Line failed = input.take();
            assertTrue(failed.failed() instanceof IOException, failed::toString);
        }
    }

    @Test
    void batchesAreWrittenInTheOrderHandedOver() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SidecarOutput output = SidecarOutput.start(out);
        for (int i = 0; i < 200; i++) {
            output.write(List.of(new Answer.Accepted(i, i + 1, List.of()), new Answer.Rejected(i + 1, null, "n" + i)));
        }
        output.finish();
        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(400, lines.length);
        for (int i = 0; i < 200; i++) {
            assertEquals("{\"type\":\"fact.accepted\",\"index\":" + i + ",\"seq\":" + (i + 1) + ",\"decisions\":0}", lines[2 * i]);
            assertEquals("{\"type\":\"fact.rejected\",\"line\":" + (i + 1) + ",\"field\":null,\"error\":\"n" + i + "\"}", lines[2 * i + 1]);
        }
    }

    @Test
    void aHostThatWentAwayStopsTheNextBatch() throws Exception {
        IOException gone = new IOException("Broken pipe");
        OutputStream closed = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw gone;
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw gone;
            }
        };
        SidecarOutput output = SidecarOutput.start(closed);
        // the writer may fail before write returns (it then says so at once) or after (finish says so)
        IOException thrown = assertThrows(IOException.class, () -> {
            output.write(List.of(new Answer.Accepted(1, 1, List.of())));
            output.finish();
        });
        assertSame(gone, thrown);
        assertThrows(IOException.class, () -> output.write(List.of()), "nothing more is taken once the host is gone");
    }

    @Test
    void aReaderThatDiesOfAnErrorSaysSoInTheLinesPlace() throws Exception {
        InputStream dying = new InputStream() {
            @Override
            public int read() {
                throw new OutOfMemoryError("a line with no end");
            }

            @Override
            public int read(byte[] b, int off, int len) {
                throw new OutOfMemoryError("a line with no end");
            }
        };
        try (SidecarInput input = SidecarInput.start(new LineReader(dying))) {
            SidecarInput.Line failed = null;
            // polled, not waited for: a reader that died telling nothing must fail this test, not hang it
            for (int i = 0; i < 1_000 && failed == null; i++) {
                failed = input.poll();
                if (failed == null) Thread.sleep(10);
            }
            assertNotNull(failed, "the reader told nothing of the error that stopped it");
            assertTrue(failed.failed() instanceof OutOfMemoryError, "the engine's thread is told, and does not wait for good: " + failed);
        }
    }

    @Test
    void closingTheOutputWritesEveryBatchHandedOver() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (SidecarOutput output = SidecarOutput.start(out)) {
            for (int i = 0; i < 3; i++) output.write(List.of(new Answer.Rejected(i + 1, null, "n" + i)));
        }
        assertEquals(rejected(1, 0) + rejected(2, 1) + rejected(3, 2), out.toString(StandardCharsets.UTF_8),
                "answers synced before the sidecar stopped still go out");
    }

    @Test
    void aFaultInWritingIsReportedAsItIsNotAsTheHostGone() throws Exception {
        IllegalArgumentException fault = new IllegalArgumentException("a bug in writing an answer");
        OutputStream faulty = new OutputStream() {
            @Override
            public void write(int b) {
                throw fault;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                throw fault;
            }
        };
        SidecarOutput output = SidecarOutput.start(faulty);
        // the writer thread may fail before write returns, which then reports it; else finish does
        assertSame(fault, assertThrows(IllegalArgumentException.class, () -> {
            output.write(List.of(new Answer.Accepted(1, 1, List.of())));
            output.finish();
        }));
    }

    @Test
    void aHostThatReadsNothingHoldsTheEngineBackAfterAFewBatches() throws Exception {
        java.util.concurrent.CountDownLatch writing = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        OutputStream stuck = new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                writing.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                got.write(b, off, len);
            }
        };
        SidecarOutput output = SidecarOutput.start(stuck);
        java.util.concurrent.atomic.AtomicInteger handed = new java.util.concurrent.atomic.AtomicInteger();
        Thread engine = new Thread(() -> {
            try {
                for (int i = 0; i < 100; i++) {
                    output.write(List.of(new Answer.Rejected(i + 1, null, "n" + i)));
                    handed.incrementAndGet();
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        engine.start();
        writing.await();
        engine.join(1_000);
        assertTrue(engine.isAlive(), "the engine waits for a host that does not read");
        assertTrue(handed.get() <= 40, "only a few batches wait in memory: " + handed.get());
        release.countDown();
        engine.join();
        output.finish();
        assertEquals(100, got.toString(StandardCharsets.UTF_8).split("\n").length, "and every answer goes out once the host reads");
    }

    @Test
    void aLineTooLongToHoldIsRefusedUnreadAndTheNextIsRead() throws Exception {
        byte[] huge = new byte[LineReader.MOST_BYTES + 10];
        java.util.Arrays.fill(huge, (byte) 'x');
        LineReader lines = new LineReader(new ByteArrayInputStream(concat(huge, "\n", FACT + "\n")));
        BadLineException refused = assertThrows(BadLineException.class, lines::next);
        assertEquals(1, refused.line());
        assertTrue(refused.getMessage().contains("more than 16,777,216 bytes"), refused::getMessage);
        assertEquals(FACT, lines.next());
        assertEquals(2, lines.number());
        assertNull(lines.next());
    }

    private static String rejected(int line, int n) {
        return "{\"type\":\"fact.rejected\",\"line\":" + line + ",\"field\":null,\"error\":\"n" + n + "\"}\n";
    }

    private static byte[] concat(Object... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (Object p : parts) all.writeBytes(p instanceof byte[] b ? b : ((String) p).getBytes(StandardCharsets.UTF_8));
        return all.toByteArray();
    }
}
