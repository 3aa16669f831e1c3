package dev.routing.cli.journal;

import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.JournalOption;
import dev.routing.cli.options.Version;
import dev.routing.cli.options.WindowOption;

import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.Journal;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import dev.routing.sidecar.StandardOutput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "dump", header = "Prints the journal's entries as JSON lines, all of them or those between two instants.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = "--from and --to find their first entry by a binary search over the journal's time, not by reading it from the start.")
public final class DumpCommand implements Callable<Integer> {
    @Mixin
    JournalOption journal;

    @Mixin
    WindowOption window;

    @Option(names = "--checkpoints", description = "include state checkpoints (large)")
    boolean checkpoints;

    @Override
    public Integer call() throws IOException {
        WindowOption.Window w = window.window();
        // Flushed, never closed: closing it would close System.out under an in-process caller of Main.execute.
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(StandardOutput.of(), StandardCharsets.UTF_8), 1 << 16);
        try (Journal j = journal.reader()) {
            long fromIndex = w.from() == null ? -1 : j.indexAt(w.from());
            long toIndex = w.to() == null ? Long.MAX_VALUE : j.indexAt(w.to());
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
