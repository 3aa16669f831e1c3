package dev.routing.cli.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkDirTest {
    @TempDir
    Path tmp;

    @Test
    void aDirectoryTheUserNamedIsKeptWithWhatWasWrittenInIt() throws Exception {
        Path named = tmp.resolve("journal");
        Files.createDirectories(named);
        try (WorkDir work = WorkDir.of(named, "unused")) {
            assertEquals(named, work.path());
            Files.writeString(work.path().resolve("kept"), "x");
        }
        assertTrue(Files.exists(named.resolve("kept")));
    }

    @Test
    void aTemporaryDirectoryIsRemovedWholeWhenClosed() throws Exception {
        Path made;
        try (WorkDir work = WorkDir.of(null, "work-dir-test")) {
            made = work.path();
            Files.createDirectories(made.resolve("day/inner"));
            Files.writeString(made.resolve("day/inner/file"), "x");
        }
        assertFalse(Files.exists(made), made + " removed");
    }
}
