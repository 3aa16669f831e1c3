package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.engine.sealed.IdDayFile;
import dev.routing.engine.sealed.IdDayWriter;
import dev.routing.projections.privacy.ForgottenIds;
import dev.routing.projections.privacy.SealedIds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closed day's id file written to a real 1 MiB tmpfs (root mounts it, as in CI; elsewhere skipped,
 * saying why) that has no room for it: the write fails naming the file and the disk's error, leaves
 * nothing under the day's name and no temporary file, and the day written before it still answers.
 * Once there is room the same day is written whole.
 */
class IdDayFileOnAFullDiskTest {
    private static final byte[] JOURNAL = new byte[] {7, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

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
    void aDayWrittenOnAFullDiskLeavesNoFileAndTheDaysBeforeItAnswer() throws IOException {
        List<String> small = ids(1_000);
        write(20_400, small);
        List<String> large = ids(60_000); // 2 MiB of table: more than the disk holds
        UncheckedIOException full = assertThrows(UncheckedIOException.class, () -> write(20_401, large));
        assertTrue(full.getMessage().startsWith("cannot write " + IdDayFile.path(disk, "agent", 20_401) + ": "), full.getMessage());
        assertTrue(full.getMessage().contains("No space left on device"), full.getMessage());
        try (var files = Files.list(disk.resolve(IdDayFile.FOLDER))) {
            assertEquals(List.of(IdDayFile.path(disk, "agent", 20_400).getFileName().toString()),
                    files.map(f -> f.getFileName().toString()).toList(), "no part of the day that did not fit is left");
        }
        answers(20_400, small);

        Mounts.mount("-o", "remount,size=8m", disk.toString());
        write(20_401, large);
        answers(20_401, large);
        answers(20_400, small);
        assertFalse(Files.exists(disk.resolve(IdDayFile.FOLDER).resolve(IdDayFile.path(disk, "agent", 20_401).getFileName() + ".tmp")));
    }

    private void write(long day, List<String> ids) {
        ByteBuffer body = SealedIds.encode(ids.size(), ids::get, i -> i);
        IdDayWriter.write(disk, JOURNAL, "agent", day, 1L << 32, "rules", body);
    }

    private void answers(long day, List<String> ids) {
        IdDayFile file = IdDayFile.open(IdDayFile.path(disk, "agent", day), new IdDayFile.Expected(JOURNAL, "agent", day, "rules", 1L << 32));
        for (int i = 0; i < ids.size(); i++) assertEquals(i, file.ids().lookup(ids.get(i)), ids.get(i));
        assertEquals(ForgottenIds.NOT_HELD, file.ids().lookup("1"));
    }

    private static List<String> ids(int n) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) ids.add(Long.toString(1_180_000_000_000_000_000L + 131L * i));
        return ids;
    }
}
