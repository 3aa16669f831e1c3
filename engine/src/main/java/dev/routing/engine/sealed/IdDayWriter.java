package dev.routing.engine.sealed;

import java.nio.ByteBuffer;
import java.nio.file.Path;

/** Writes an {@link IdDayFile}, whole or not at all ({@link WholeFile}). */
public final class IdDayWriter {
    private IdDayWriter() {}

    /**
     * Writes the day's file, replacing any there, and returns its header's checksum.
     *
     * @throws java.io.UncheckedIOException naming the file when it cannot be written (a full disk):
     *         nothing is left under its name, and the day stays where it was
     */
    public static int write(Path journalDir, byte[] journalId, String agent, long epochDay, long coveredIndex, String label, ByteBuffer body) {
        Path target = IdDayFile.path(journalDir, agent, epochDay);
        ByteBuffer header = SealedFileHeader.bytes(IdDayFile.KIND, journalId, agent, epochDay, coveredIndex, label, body);
        WholeFile.write(target, header, body);
        return SealedFileHeader.crcOf(header);
    }
}
