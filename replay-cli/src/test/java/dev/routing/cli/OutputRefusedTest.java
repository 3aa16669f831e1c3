package dev.routing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.ReportOption;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A report's output that refuses a write (a full disk, a reader that left the pipe) is a failure the
 * command says, never exit 0 with half a report; and the command stops there, not at the journal's
 * end. System.out is a PrintStream, which swallows such errors unless asked.
 */
class OutputRefusedTest {
    private static final String SAID = "standard output was closed by its reader (a broken pipe) or refused a write (a full disk)";

    @Test
    void anAuditWhoseStandardOutputFillsUpFailsSayingSo() {
        Weeks.Week week = Weeks.incident("0.30.0");
        for (String format : List.of("json", "text", "html")) {
            Refused run = Refused.after(4_096, "audit", "--journal", week.journal().toString(), "--format", format);

            assertEquals(ExitCodes.FAILURE, run.exit, () -> format + ": " + run);
            assertTrue(run.err.contains(SAID), () -> format + ": " + run);
        }
    }

    @Test
    void dumpStopsAtTheFirstRefusedWriteNotAtTheJournalsEnd() {
        Weeks.Week week = Weeks.incident("0.30.0");
        long whole = Cli.run("dump", "--journal", week.journal().toString()).exits(ExitCodes.OK).out()
                .getBytes(StandardCharsets.UTF_8).length;

        Refused run = Refused.after(8_192, "dump", "--journal", week.journal().toString());

        assertEquals(ExitCodes.FAILURE, run.exit, run::toString);
        assertTrue(run.err.contains(SAID), run::toString);
        assertTrue(whole > 20 * 65_536, "the dump is many buffers long: " + whole);
        assertTrue(run.offered < 3 * 65_536, () -> "stopped within a buffer or two of the refusal, offered " + run.offered
                + " of " + whole + " bytes");
    }

    @Test
    void aCommandThatPrintsLinesToAFullStandardOutputFailsSayingSo() {
        Weeks.Week week = Weeks.incident("0.30.0");

        Refused run = Refused.after(1_024, "state", "--journal", week.journal().toString());

        assertEquals(ExitCodes.FAILURE, run.exit, run::toString);
        assertTrue(run.err.contains(SAID), run::toString);
    }

    @Test
    void aReportFileTheDiskRefusesIsRemovedAndTheErrorNamesIt() throws IOException {
        Path file = Weeks.fresh("out-refused").resolve("audit.json");

        FileSystemException e = assertThrows(FileSystemException.class, () -> ReportOption.emit(out -> {
            out.write(new byte[200_000]);
            throw new IOException("No space left on device");
        }, file));

        assertEquals(file.toString(), e.getFile());
        assertTrue(e.getMessage().contains("No space left on device"), e::getMessage);
        assertFalse(Files.exists(file), "no half report left looking like a whole one");
    }

    @Test
    void anAuditToAFullDeviceFailsNamingIt() {
        Path full = Path.of("/dev/full");
        assertTrue(Files.exists(full), "Linux's device that refuses every write as a full disk does");
        Weeks.Week week = Weeks.incident("0.30.0");

        Cli.Result run = Cli.run("audit", "--journal", week.journal().toString(), "--format", "json", "--out", full.toString());

        run.exits(ExitCodes.FAILURE);
        assertTrue(run.err().contains("/dev/full: No space left on device"), run::toString);
    }

    /** A command run in process with a standard output that takes {@code room} bytes, then refuses every write. */
    private record Refused(int exit, String err, long offered) {
        static Refused after(int room, String... args) {
            long[] offered = {0};
            OutputStream full = new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    write(new byte[] {(byte) b}, 0, 1);
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    offered[0] += len;
                    if (offered[0] > room) throw new IOException("No space left on device");
                }
            };
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            PrintStream oldOut = System.out;
            PrintStream oldErr = System.err;
            int exit;
            try {
                System.setOut(new PrintStream(full, true, StandardCharsets.UTF_8));
                System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
                exit = dev.routing.cli.Main.execute(args);
            } finally {
                System.setOut(oldOut);
                System.setErr(oldErr);
            }
            return new Refused(exit, err.toString(StandardCharsets.UTF_8), offered[0]);
        }
    }
}
