package dev.routing.journal.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a day file's data excerpts lie, by Chronicle's framing (a 4-byte little-endian header per
 * excerpt: 30 bits of length, a metadata bit, a not-complete bit; 4-byte aligned), for tests that
 * damage one excerpt's bytes as a disk or a crash would.
 */
public final class ChronicleFraming {
    private static final int NOT_COMPLETE = 0x80000000;
    private static final int META_DATA = 0x40000000;
    private static final int LENGTH_MASK = 0x3FFFFFFF;

    private ChronicleFraming() {}

    /** A data excerpt: the position of its 4-byte Chronicle header, and the length of what follows it. */
    public record At(long header, int length) {
        public long end() {
            return header + 4 + length;
        }
    }

    /** Every data excerpt of the day file, in order. */
    public static List<At> dataExcerpts(Path file) {
        List<At> out = new ArrayList<>();
        ByteBuffer b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long pos = 0;
            while (pos + 4 <= ch.size()) {
                b.clear();
                ch.read(b, pos);
                int header = b.getInt(0);
                if (header == 0 || (header & NOT_COMPLETE) != 0) break;
                int length = header & LENGTH_MASK;
                if ((header & META_DATA) == 0) out.add(new At(pos, length));
                pos = (pos + 4 + length + 3) & ~3L;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
