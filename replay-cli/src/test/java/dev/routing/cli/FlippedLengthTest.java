package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.journal.store.ChronicleFraming;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A flipped length in Chronicle's framing of an excerpt: the last excerpt of a middle day file
 * claims more or fewer bytes than it has. Before, {@code state} (which looks for the newest
 * checkpoint backwards from the end) faulted on it and named the intact next day's file, "cut";
 * the other readers named the right file and ordinal. Now every command gives the one message,
 * naming the damaged excerpt's file, index and ordinal.
 */
class FlippedLengthTest {
    @TempDir
    Path tmp;

    @ParameterizedTest(name = "the length XOR 0x{0}")
    @ValueSource(strings = {"4", "40", "100", "20000000"})
    void aFlippedLengthIsNamedWhereItIsByEveryCommand(String xor) throws IOException {
        Faults.Journal3Days j = Faults.journal(tmp);
        Path first = j.dir().resolve("20261102F.cq4");
        Path middle = j.dir().resolve("20261103F.cq4");
        List<ChronicleFraming.At> excerpts = ChronicleFraming.dataExcerpts(middle);
        long ordinal = ChronicleFraming.dataExcerpts(first).size() + excerpts.size() - 1;
        flipLength(middle, excerpts.get(excerpts.size() - 1).header(), Integer.parseInt(xor, 16));

        String error = Faults.assertEveryCommandRefuses(j.dir(), tmp, "file 20261103F.cq4", "ordinal " + ordinal);

        assertTrue(!error.contains("cut"), error);
        Faults.assertSalvageKeeps(j.dir(), tmp, Faults.before(j.entries(), "2026-11-03"), j.entries());
    }

    private static void flipLength(Path file, long header, int xor) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            ch.read(b, header);
            b.putInt(0, b.getInt(0) ^ xor).clear();
            ch.write(b, header);
        }
        assertTrue(Files.size(file) > header);
    }
}
