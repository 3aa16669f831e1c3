package dev.routing.engine.dayaudit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.store.ForkedJvm;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two processes may write the same day's audit at once (a sidecar's auditor and an operator's
 * {@code audit-days}): one of them writes only once the other is done. Two writers of one
 * temporary file would rename part of it into place under the day's name.
 */
class DayAuditWritersTest {
    private static final int DAY = 20_759;

    @TempDir
    Path dir;

    @Test
    void aWriteWaitsForAnotherProcessWritingTheDaysAudits() throws Exception {
        Path journal = dir.resolve("journal");
        Process child = ForkedJvm.of(HoldsTheWritersLock.class, journal.toString()).redirectErrorStream(true).start();
        Thread write = new Thread(() -> DayAudit.writeWhole(journal, DAY, ByteBuffer.wrap("RJAUDIT1 00000000\n".getBytes(StandardCharsets.US_ASCII)),
                ByteBuffer.wrap("{}\n".getBytes(StandardCharsets.US_ASCII))));
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("holding", out.readLine(), "the child took the writers' lock");
            write.start();
            write.join(1_000);
            assertTrue(write.isAlive(), "the write waits while another process writes");
            assertFalse(Files.exists(DayAudit.path(journal, DAY)), "nothing written under the day's name meanwhile");
            child.getOutputStream().write('\n'); // the other process is done
            child.getOutputStream().flush();
            write.join(30_000);
            assertFalse(write.isAlive(), "the write goes on once the other is done");
        } finally {
            child.toHandle().destroyForcibly();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        }
        assertEquals(18 + 3, Files.size(DayAudit.path(journal, DAY)));
    }

    /** The child: holds the lock every writer of a day's audit takes, until a line comes in. */
    public static final class HoldsTheWritersLock {
        public static void main(String[] args) throws Exception {
            Path lock = DayAudit.path(Path.of(args[0]), DAY).resolveSibling("audit.lock");
            Files.createDirectories(lock.getParent());
            try (FileChannel ch = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE); var held = ch.lock()) {
                System.out.println("holding");
                System.out.flush();
                System.in.read();
            }
        }
    }
}
