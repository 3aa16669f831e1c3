package dev.routing.engine;

import dev.routing.journal.event.StateCheckpoint;
import dev.routing.journal.store.DecodedReader;
import dev.routing.journal.store.Group;
import dev.routing.journal.store.Journal;
import dev.routing.journal.store.JournalRecord;
import dev.routing.projections.EngineState;
import dev.routing.projections.Fold;
import dev.routing.projections.StateCodec;
import java.time.Instant;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * Rebuilds state from a journal: from its start, or from the newest checkpoint at or before a point
 * plus the entries after it, so restore time does not grow with history (J2, J5).
 */
public final class Replay {
    /**
     * What a replay rebuilt, and how many entries (and their stored bytes) it folded to get there:
     * from the checkpoint at {@code checkpointIndex} (-1 for none), which recorded the host's last
     * seq before it ({@code checkpointSeq}, {@link Group#NO_SEQ} for none).
     */
    public record Result(EngineState state, long entriesRead, long bytesRead, long checkpointIndex, long checkpointSeq) {
    }

    private static final LongConsumer SILENT = n -> { };

    private Replay() {}

    /** Folds the whole journal from its first entry. */
    public static Result full(Journal journal, LongConsumer progress) {
        return fold(journal, new EngineState(), -1, Long.MAX_VALUE, -1, Group.NO_SEQ, progress);
    }

    public static Result full(Journal journal) {
        return full(journal, SILENT);
    }

    /** The state after the whole journal, from its newest checkpoint and the tail after it. */
    public static Result restore(Journal journal, LongConsumer progress) {
        return upTo(journal, Long.MAX_VALUE, progress);
    }

    public static Result restore(Journal journal) {
        return restore(journal, SILENT);
    }

    /** The state as it stood at {@code instant}: every entry before it, from the nearest checkpoint. */
    public static Result at(Journal journal, Instant instant, LongConsumer progress) {
        return upTo(journal, journal.indexAt(instant), progress);
    }

    /** The state after every entry whose index is below {@code endIndex}. */
    public static Result upTo(Journal journal, long endIndex, LongConsumer progress) {
        long before = endIndex == Long.MAX_VALUE ? Long.MAX_VALUE : endIndex - 1;
        JournalRecord checkpoint = before < 0 ? null : journal.newestCheckpoint(before);
        if (checkpoint == null) return fold(journal, new EngineState(), -1, endIndex, -1, Group.NO_SEQ, progress);
        journal.checkUpTo(checkpoint.index());
        StateCheckpoint cp = (StateCheckpoint) checkpoint.entry();
        EngineState state = StateCodec.fromTree(cp.state());
        long seq = cp.lastSeq() == null ? Group.NO_SEQ : cp.lastSeq();
        return fold(journal, state, checkpoint.index() + 1, endIndex, checkpoint.index(), seq, progress);
    }

    private static Result fold(Journal journal, EngineState state, long from, long to, long checkpointIndex,
            long checkpointSeq, LongConsumer progress) {
        Fold fold = new Fold(state);
        long[] read = {0, 0};
        // A checkpoint changes no fold, so its body (megabytes in a large state) is never decoded here.
        DecodedReader.read(journal, from, to, Set.of(), (index, entry, bytes) -> {
            if (entry != null) fold.accept(entry);
            read[1] += bytes;
            if ((++read[0] & 0x3FFF) == 0) progress.accept(read[0]);
        });
        progress.accept(read[0]);
        return new Result(fold.state(), read[0], read[1], checkpointIndex, checkpointSeq);
    }
}
