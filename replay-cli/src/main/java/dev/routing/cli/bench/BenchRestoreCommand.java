package dev.routing.cli.bench;

import dev.routing.cli.options.BadInputException;
import dev.routing.cli.options.ExitCodes;
import dev.routing.cli.options.JournalOption;
import dev.routing.cli.options.Version;
import dev.routing.engine.Replay;
import dev.routing.journal.store.Journal;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "restore", header = "Times the restore of a journal an operator's restart waits on.", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Restores the state of a journal as the engine's open does (the newest checkpoint, its sealed",
        "days of ids, the tail after it), reading the journal only, N times in this one process: the",
        "first is what a restarted sidecar waits on (its JVM cold); the later ones, warm. Prints each",
        "restore's time and the entries folded after the checkpoint, then the bytes the restored state",
        "holds on the heap. Time whole processes with an outside timer to count the JVM's start too."})
public final class BenchRestoreCommand implements Callable<Integer> {
    @Mixin
    JournalOption journal;

    @Option(names = "--times", paramLabel = "N", defaultValue = "1", description = "restores in this process (default: ${DEFAULT-VALUE})")
    int times;

    @Override
    public Integer call() {
        if (times < 1) throw new BadInputException("--times must be at least 1");
        try (Journal j = journal.reader()) {
            Replay.Result restored = null;
            for (int i = 0; i < times; i++) {
                restored = null; // the last state may be collected while the next is built
                long start = System.nanoTime();
                restored = Replay.restore(j);
                System.out.printf(Locale.ROOT, "restore          %.3f s (newest checkpoint + %,d entries)%n",
                        (System.nanoTime() - start) / 1e9, restored.entriesRead());
            }
            // What the restored state alone holds: the heap with it, less the heap once it is dropped.
            long withState = HeapInUse.bytes();
            restored = null;
            System.out.printf(Locale.ROOT, "state on heap    %,d bytes after a restore%n", withState - HeapInUse.bytes());
        }
        return ExitCodes.OK;
    }
}
