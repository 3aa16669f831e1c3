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
        "journal's first entry where there is none, and the tail up to it. --tail N stops that tail",
        "at the first fact N entries or more into it (at the newest checkpoint at most): the restore a",
        "crash leaves where checkpoints come every N entries, as the checkpoint before it stands."})
public final class BenchRestoreCommand implements Callable<Integer> {
    @Mixin
    JournalOption journal;

    @Option(names = "--times", paramLabel = "N", defaultValue = "1", description = "restores in this process (default: ${DEFAULT-VALUE})")
    int times;

    @Option(names = "--crashed", description = "restore as a crash just before the newest checkpoint would have left the journal")
    boolean crashed;

    @Option(names = "--tail", paramLabel = "N", description = "with --crashed: fold N entries after the checkpoint, to the end of their group, not all up to the newest")
    Long tail;

    @Override
    public Integer call() {
        if (times < 1) throw new BadInputException("--times must be at least 1");
        if (tail != null && !crashed) throw new BadInputException("--tail is the tail of a crash: give it with --crashed");
        if (tail != null && tail < 0) throw new BadInputException("--tail must be at least 0, not " + tail);
        try (Journal j = journal.reader()) {
            long end = !crashed ? -1 : tail == null ? newestCheckpoint(j) : endOfTail(j, newestCheckpoint(j), tail);
            Replay.Result restored = null;
            for (int i = 0; i < times; i++) {
                restored = null;
                // A restarted process restores on an empty heap: the last restore's state is collected
                // here, not inside the next one's time (at 10 M, 62 MB a state, warm runs spread from
                // 0.16 to 0.62 s without it).
                System.gc();
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
     * Where a restore that folds {@code entries} after the checkpoint before {@code newest} stops:
     * the first fact at or past that count (a group is a fact and its decisions, and a restore ends
     * between groups), or {@code newest} when the tail is shorter. A walk, before the timing.
     */
    private static long endOfTail(Journal j, long newest, long entries) {
        Journal.CheckpointAt before = newest == j.firstIndex() ? null : j.newestCheckpointJson(newest - 1);
        long[] end = {newest};
        long[] seen = {0};
        j.readRaw(before == null ? j.firstIndex() : before.index() + 1, newest, (index, kind, version, bytes, offset, length) -> {
            if (end[0] == newest && kind == 'F' && seen[0] >= entries) end[0] = index;
            seen[0]++;
        });
        return end[0];
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
