package dev.routing.cli;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.Journal;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "dump", header = "Prints the journal's entries as JSON lines, all of them or those between two instants.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = "--from and --to find their first entry by a binary search over the journal's time, not by reading it from the start.")
final class DumpCommand implements Callable<Integer> {
    @Option(names = "--journal", paramLabel = "DIR", required = true, description = "the journal")
    Path journal;

    @Option(names = "--from", paramLabel = "INSTANT", description = "first instant to print (inclusive)")
    String from;

    @Option(names = "--to", paramLabel = "INSTANT", description = "last instant to print (exclusive)")
    String to;

    @Option(names = "--checkpoints", description = "include state checkpoints (large)")
    boolean checkpoints;

    @Override
    public Integer call() throws IOException {
        Instant start = JournalOption.instant("--from", from);
        Instant end = JournalOption.instant("--to", to);
        JournalOption.window(start, end);
        // Flushed, never closed: closing it would close System.out under an in-process caller of Main.execute.
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
        try (Journal j = JournalOption.reader(journal)) {
            long fromIndex = start == null ? -1 : j.indexAt(start);
            long toIndex = end == null ? Long.MAX_VALUE : j.indexAt(end);
            j.read(fromIndex, toIndex, r -> {
                if (r.entry() instanceof StateCheckpoint && !checkpoints) return;
                try {
                    out.write(EntryCodec.toJson(r.entry()));
                    out.write('\n');
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } finally {
            out.flush();
        }
        return ExitCodes.OK;
    }
}
