package dev.routing.engine.sealed;

import java.nio.ByteBuffer;
import java.nio.file.Path;

/** Writes a {@link KeptFile}, whole or not at all ({@link WholeFile}). */
public final class KeptWriter {
    private KeptWriter() {}

    /**
     * Writes the day's kept file of {@code body} (position to limit), replacing any there, and returns
     * its header's checksum.
     *
     * @throws java.io.UncheckedIOException naming the file when it cannot be written (a full disk):
     *         nothing is left under its name
     */
    public static int write(Path journalDir, byte[] journalId, long epochDay, long coveredIndex, String label, ByteBuffer body) {
        Path target = KeptFile.path(journalDir, epochDay);
        ByteBuffer header = SealedFileHeader.bytes(KeptFile.KIND, journalId, "", epochDay, coveredIndex, label, body);
        WholeFile.write(target, header, body);
        return SealedFileHeader.crcOf(header);
    }
}
