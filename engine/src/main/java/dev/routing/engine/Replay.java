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

    /**
     * Where a fold that ends before {@code endIndex} starts: the state of the newest checkpoint before
     * it and the index of that checkpoint ({@code checkpointIndex}, -1 and a new state for none), so
     * the entries to fold are those from {@code checkpointIndex + 1}.
     */
    public record Start(EngineState state, long checkpointIndex, long checkpointSeq) {
    }

    public static Start start(Journal journal, long endIndex) {
        long before = endIndex == Long.MAX_VALUE ? Long.MAX_VALUE : endIndex - 1;
        JournalRecord checkpoint = before < 0 ? null : journal.newestCheckpoint(before);
        if (checkpoint == null) return new Start(new EngineState(), -1, Group.NO_SEQ);
        journal.checkUpTo(checkpoint.index());
        return of(checkpoint.index(), (StateCheckpoint) checkpoint.entry());
    }

    /** The start at a checkpoint whose index the caller found (-1: the journal's start, a new state). */
    public static Start startAt(Journal journal, long checkpointIndex) {
        if (checkpointIndex < 0) return new Start(new EngineState(), -1, Group.NO_SEQ);
        if (!(journal.entryAt(checkpointIndex) instanceof StateCheckpoint cp)) {
            throw new IllegalStateException("no state checkpoint at index 0x" + Long.toHexString(checkpointIndex));
        }
        return of(checkpointIndex, cp);
    }

    private static Start of(long index, StateCheckpoint cp) {
        return new Start(StateCodec.fromTree(cp.state()), index, cp.lastSeq() == null ? Group.NO_SEQ : cp.lastSeq());
    }

    /** The state after every entry whose index is below {@code endIndex}. */
    public static Result upTo(Journal journal, long endIndex, LongConsumer progress) {
        Start start = start(journal, endIndex);
        return fold(journal, start.state(), start.checkpointIndex() < 0 ? -1 : start.checkpointIndex() + 1, endIndex,
                start.checkpointIndex(), start.checkpointSeq(), progress);
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
