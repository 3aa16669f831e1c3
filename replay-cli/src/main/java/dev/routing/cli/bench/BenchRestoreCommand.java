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
        "journal's first entry where there is none, and the tail up to it. --tail N folds only the",
        "first N entries of that tail (to the end of the group the last is in): the restore a crash",
        "would leave if a checkpoint came every N entries, from the same checkpoint. Finding where",
        "that tail ends reads it once before the timing, so the first restore finds its pages cached."})
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
            long newest = crashed ? newestCheckpoint(j) : -1;
            long before = crashed ? checkpointBefore(j, newest) : -1;
            long end = !crashed ? -1 : tail == null ? newest : endOfTail(j, before < 0 ? j.firstIndex() : before + 1, newest, tail);
            Replay.Result restored = null;
            for (int i = 0; i < times; i++) {
                restored = null;
                // The first restore runs on this JVM's heap as it starts, as a restarted process's does (a
                // collection before it would shrink the heap, and the restore would pay to grow it again).
                // Each later one starts with the last restore's state collected, not collected inside it.
                if (i > 0) System.gc();
                long start = System.nanoTime();
                restored = crashed ? Replay.upTo(j, end, n -> {}) : Replay.restore(j);
                System.out.printf(Locale.ROOT, "restore          %.3f s (%s + %,d entries)%n", (System.nanoTime() - start) / 1e9,
                        !crashed ? "newest checkpoint" : startedAt(restored.checkpointIndex(), before), restored.entriesRead());
            }
            // What the restored state alone holds: the heap with it, less the heap once it is dropped.
            long withState = HeapInUse.bytes();
            restored = null;
            System.out.printf(Locale.ROOT, "state on heap    %,d bytes after a restore%n", withState - HeapInUse.bytes());
        }
        return ExitCodes.OK;
    }

    /**
     * Where a restore that folds {@code entries} from {@code from} stops: at the first group that
     * starts at or past that count (the entries of a group share its index, and a restore ends
     * between groups), or at {@code newest} when the tail is shorter. A walk, before the timing.
     */
    private static long endOfTail(Journal j, long from, long newest, long entries) {
        long[] end = {newest};
        long[] group = {-1};
        long[] seen = {0};
        j.readRaw(from, newest, (index, kind, version, bytes, offset, length) -> {
            if (index != group[0]) {
                if (end[0] == newest && seen[0] >= entries) end[0] = index;
                group[0] = index;
            }
            seen[0]++;
        });
        return end[0];
    }

    /** The checkpoint before the newest, where a crash's restore starts, or -1 when there is none. */
    private static long checkpointBefore(Journal j, long newest) {
        Journal.CheckpointAt found = newest == j.firstIndex() ? null : j.newestCheckpointJson(newest - 1);
        return found == null ? -1 : found.index();
    }

    /** What a crash's restore started from, as the restore itself says (an unreadable checkpoint makes it start earlier). */
    private static String startedAt(long checkpoint, long before) {
        if (checkpoint >= 0 && checkpoint == before) return "the checkpoint before the newest";
        if (checkpoint >= 0) return String.format(Locale.ROOT, "an older checkpoint, at index 0x%x", checkpoint);
        return "the journal's first entry, no checkpoint before the newest";
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
