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
        return write(journalDir, journalId, epochDay, coveredIndex, label, body, KeptFile.Of.TABLE);
    }

    /** As {@link #write(Path, byte[], long, long, String, ByteBuffer)}, a file that holds {@code of}. */
    public static int write(Path journalDir, byte[] journalId, long epochDay, long coveredIndex, String label, ByteBuffer body, KeptFile.Of of) {
        Path target = KeptFile.path(journalDir, epochDay, of);
        ByteBuffer header = SealedFileHeader.bytes(of.kind, journalId, "", epochDay, coveredIndex, label, body);
        WholeFile.write(target, header, body);
        return SealedFileHeader.crcOf(header);
    }
}
