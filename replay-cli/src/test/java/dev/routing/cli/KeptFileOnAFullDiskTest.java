package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.sealed.IdDayFile;
import dev.routing.engine.sealed.IdDayFileException;
import dev.routing.engine.sealed.KeptFile;
import dev.routing.engine.sealed.KeptWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A day's kept file written to a real 1 MiB tmpfs (root mounts it, as in CI; elsewhere skipped,
 * saying why) that has no room for it: the write fails naming the file and the disk's error, leaves
 * nothing under the day's name and no temporary file, a day's file written before it, even of the
 * same day, still answers whole. Once there is room the same day is written whole.
 */
class KeptFileOnAFullDiskTest {
    private static final byte[] JOURNAL = new byte[] {7, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    private static final long COVERED = 1L << 32;

    @TempDir
    Path tmp;

    private Path disk;

    @BeforeEach
    void mountASmallDisk() throws IOException {
        disk = Files.createDirectory(tmp.resolve("disk"));
        Mounts.mount("-t", "tmpfs", "-o", "size=1m", "tmpfs", disk.toString());
    }

    @AfterEach
    void unmount() {
        Mounts.umount(disk);
    }

    @Test
    void aKeptFileWrittenOnAFullDiskLeavesNothingUnderItsNameAndTheFilesBeforeItAnswer() throws IOException {
        byte[] small = body(100_000, 1);
        write(20_400, small);
        byte[] large = body(2 << 20, 2); // 2 MiB: more than the disk holds
        String full = assertThrows(UncheckedIOException.class, () -> write(20_401, large)).getMessage();
        assertTrue(full.startsWith("cannot write " + KeptFile.path(disk, 20_401) + ": "), full);
        assertTrue(full.contains("No space left on device"), full);
        assertEquals(List.of(name(20_400)), names(), "no part of the day that did not fit is left");
        IdDayFileException missing = assertThrows(IdDayFileException.class, () -> open(20_401));
        assertEquals(KeptFile.path(disk, 20_401) + ": missing", missing.getMessage());
        answers(20_400, small);

        // the same day written again without the room: the file before stays, whole
        assertThrows(UncheckedIOException.class, () -> write(20_400, large));
        assertEquals(List.of(name(20_400)), names());
        answers(20_400, small);

        Mounts.mount("-o", "remount,size=8m", disk.toString());
        write(20_401, large);
        answers(20_401, large);
        answers(20_400, small);
        assertEquals(List.of(name(20_400), name(20_401)), names(), "no temporary file is left");
    }

    private void write(long day, byte[] body) {
        KeptWriter.write(disk, JOURNAL, day, COVERED, "rules", ByteBuffer.wrap(body));
    }

    private KeptFile open(long day) {
        return KeptFile.open(KeptFile.path(disk, day), new KeptFile.Expected(JOURNAL, day, "rules", COVERED));
    }

    private void answers(long day, byte[] body) {
        KeptFile file = open(day);
        assertEquals(body.length, file.length());
        for (int at = 0; at < body.length; at += 4093) assertEquals(body[at], file.byteAt(at), "byte " + at + " of day " + day);
        assertEquals(body[body.length - 1], file.byteAt(body.length - 1));
    }

    private static byte[] body(int length, long seed) {
        byte[] b = new byte[length];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static String name(long day) {
        return KeptFile.path(Path.of("."), day).getFileName().toString();
    }

    private List<String> names() throws IOException {
        try (var files = Files.list(disk.resolve(IdDayFile.FOLDER))) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }
}
