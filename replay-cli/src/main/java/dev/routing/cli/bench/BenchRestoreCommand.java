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
        "holds on the heap. Time whole processes with an outside timer to count the JVM's start too.",
        "--crashed restores what a crash just before the newest checkpoint would have left (a clean",
        "stop writes one, and a restart after it folds nothing): the checkpoint before it, or the",
        "journal's first entry where there is none, and the tail up to it."})
public final class BenchRestoreCommand implements Callable<Integer> {
    @Mixin
    JournalOption journal;

    @Option(names = "--times", paramLabel = "N", defaultValue = "1", description = "restores in this process (default: ${DEFAULT-VALUE})")
    int times;

    @Option(names = "--crashed", description = "restore as a crash just before the newest checkpoint would have left the journal")
    boolean crashed;

    @Override
    public Integer call() {
        if (times < 1) throw new BadInputException("--times must be at least 1");
        try (Journal j = journal.reader()) {
            long end = crashed ? newestCheckpoint(j) : -1;
            Replay.Result restored = null;
            for (int i = 0; i < times; i++) {
                restored = null; // the last state may be collected while the next is built
                long start = System.nanoTime();
                restored = crashed ? Replay.upTo(j, end, n -> {}) : Replay.restore(j);
                System.out.printf(Locale.ROOT, "restore          %.3f s (%s + %,d entries)%n", (System.nanoTime() - start) / 1e9,
                        !crashed ? "newest checkpoint" : restored.checkpointIndex() >= 0 ? "the checkpoint before the newest"
                                : "the journal's first entry, no checkpoint before the newest",
                        restored.entriesRead());
            }
            // What the restored state alone holds: the heap with it, less the heap once it is dropped.
            long withState = HeapInUse.bytes();
            restored = null;
            System.out.printf(Locale.ROOT, "state on heap    %,d bytes after a restore%n", withState - HeapInUse.bytes());
        }
        return ExitCodes.OK;
    }

    /**
     * The newest checkpoint's index, where a crash's restore stops. The search reads its bytes (not
     * its state) before the timing.
     */
    private static long newestCheckpoint(Journal j) {
        Journal.CheckpointAt newest = j.lastIndex() < 0 ? null : j.newestCheckpointJson(j.lastIndex());
        if (newest == null) throw new BadInputException("--crashed: the journal at " + j.dir() + " holds no state checkpoint to restore before");
        return newest.index();
    }
}
