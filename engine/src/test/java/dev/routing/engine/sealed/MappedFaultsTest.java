package dev.routing.engine.sealed;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read of a mapped page its file no longer has returns in warm code, the fault pending: the fence
 * the engine passes before journaling a fact throws it, so no fact is journaled on what such a read
 * returned.
 */
class MappedFaultsTest {
    private static final int SIZE = 1 << 20;
    private static long sink;

    @TempDir
    Path dir;

    @Test
    void aReadOfACutMappingIsRaisedAtTheFenceAtTheLatest() throws IOException {
        Path file = dir.resolve("sealed.bin");
        Files.write(file, new byte[SIZE]);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            MappedByteBuffer map = channel.map(FileChannel.MapMode.READ_ONLY, 0, SIZE);
            map.order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < 300_000; i++) sink += lookup(map, i); // warm: the lookup compiled, as in a long-running engine
            try (FileChannel cut = FileChannel.open(file, StandardOpenOption.WRITE)) {
                cut.truncate(0);
            }
            InternalError fault = assertThrows(InternalError.class, () -> {
                sink += lookup(map, 4096);
                MappedFaults.raisePending();
            });
            assertTrue(fault.getMessage().contains("unsafe memory access"), fault.getMessage());
        }
    }

    @Test
    void withNoFaultPendingTheFencePasses() {
        for (int i = 0; i < 1_000; i++) MappedFaults.raisePending();
    }

    private static long lookup(MappedByteBuffer map, int i) {
        return map.getLong((i * 8) & (SIZE - 8));
    }
}
