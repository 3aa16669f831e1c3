package dev.routing.cli.audit;

import dev.routing.engine.audit.AuditReport;
import dev.routing.journal.store.Journal;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * What an audit read, so that a report can be held to the files it came from: the journal's
 * directory, the window's journal indexes, and the SHA-256 of each day file the audit read (from the
 * checkpoint it restored, if any, to the window's end), as {@code sha256sum} prints it. A day file a
 * live writer still appends to changes after the digest was taken.
 */
public record Fingerprint(Path journal, long firstIndex, long lastIndex, List<DayFile> files) {
    /** One day file: its name, its size, and its SHA-256 in hex; or, when it could not be read, why. */
    public record DayFile(String name, long bytes, String sha256, String unreadable) {
    }

    /** The fingerprint of what {@code read} says the audit of {@code journal} read. */
    public static Fingerprint of(Journal journal, AuditReport.Reading read) {
        Path dir = journal.dir().toAbsolutePath().normalize();
        if (read.firstIndex() < 0) return new Fingerprint(dir, -1, -1, List.of());
        long from = read.checkpointIndex() >= 0 ? read.checkpointIndex() : read.firstIndex();
        List<DayFile> files = journal.dayFiles(from, read.lastIndex()).stream().map(Fingerprint::digest).toList();
        return new Fingerprint(dir, read.firstIndex(), read.lastIndex(), files);
    }

    private static DayFile digest(Path file) {
        String name = file.getFileName().toString();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
            long bytes = 0;
            for (int n = ch.read(buffer); n >= 0; n = ch.read(buffer)) {
                bytes += n;
                sha.update(buffer.flip());
                buffer.clear();
            }
            return new DayFile(name, bytes, HexFormat.of().formatHex(sha.digest()), null);
        } catch (IOException e) {
            return new DayFile(name, -1, null, "cannot be read: " + e.getMessage());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
