package dev.routing.engine;

import dev.routing.engine.sealed.IdDayLogs;
import dev.routing.engine.sealed.MappedFaults;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.event.Decision;
import dev.routing.journal.event.Fact;
import dev.routing.journal.event.RetentionCheckpoint;
import dev.routing.journal.store.Group;
import dev.routing.journal.store.JournalWriter;
import dev.routing.journal.store.faults.JournalUnwritableException;
import dev.routing.projections.EngineState;
import dev.routing.projections.StateCodec;
import java.time.Instant;
import java.util.List;

/**
 * When the engine writes the state into the journal, so that a restore starts there: beside each
 * retention checkpoint (T3), once the journal has grown by the last state checkpoint's own size, and
 * every {@code every} entries, once it has grown by twice that size ({@link #paysOff}); and after the
 * first group of an open that rebuilt an unread checkpoint's state ({@link Replay.Rebuilt}). A checkpoint
 * that cannot be written fails no answer: the fact is journaled, and a restore reads the longer tail.
 */
final class Checkpoints {
    private static final long UNKNOWN_SIZE = -1;
    /**
     * How many times the last checkpoint's size the journal grows before a periodic one: at once,
     * periodic checkpoints were 40% of the engine's time appending, and the longer tail a restore
     * then reads is folded beside the checkpoint's parse (docs/performance.md). A retention
     * checkpoint's state follows at once, since T3 has a restore start there.
     */
    private static final int PERIODIC_GROWTH = 2;
    /**
     * The tail a clean stop leaves unwritten: with the closed days in files a checkpoint is a tenth of
     * a megabyte at 10 M messages, while a tail of 5,700 entries cost a new JVM's open 0.25 s
     * (`bench ids`, "stop, cold"); below this many entries it costs a few milliseconds.
     */
    static final int AT_STOP = 1_000;
    private final JournalWriter journal;
    /** Today's ids, logged before each checkpoint so that it names them rather than holds them. */
    private final IdDayLogs logs;
    private final int every;
    private long sinceCheckpoint;
    /** The journal's bytes just after the last state checkpoint, and that checkpoint's own size. */
    private long bytesAtCheckpoint;
    private long checkpointBytes = UNKNOWN_SIZE;
    /** Why the last state checkpoint could not be written, or null when it was (or none was due). */
    private String failure;
    /** The open rebuilt an unread checkpoint's state: one follows the first group, so the next open does not rebuild it. */
    private boolean dueAtOnce;

    /** {@code restored}: what opening read counts as written since the checkpoint. */
    Checkpoints(JournalWriter journal, int every, Replay.Result restored, IdDayLogs logs) {
        this.journal = journal;
        this.logs = logs;
        this.every = every;
        this.sinceCheckpoint = restored.entriesRead();
        this.bytesAtCheckpoint = -restored.bytesRead();
        this.dueAtOnce = restored.rebuilt().any();
    }

    /** A group of {@code count} entries, {@code last} its last fact, is written: a checkpoint follows when one is due. */
    void written(int count, List<Decision> decisions, Fact last, EngineState state, long lastSeq) {
        sinceCheckpoint += count;
        boolean retention = retention(decisions);
        if (!dueAtOnce) {
            if (!retention && sinceCheckpoint < every) return;
            if (!paysOff(state, retention ? 1 : PERIODIC_GROWTH)) return;
        }
        try {
            write(state, lastSeq);
            failure = null;
        } catch (JournalUnwritableException e) {
            // the fact is journaled and answered; the next fact finds the journal unwritable and says so
        } catch (RuntimeException | InternalError e) {
            // The fact is journaled: a checkpoint that could not be written must not fail its answer.
            // InternalError: it read a sealed file cut under the engine (MappedFaults), and is not written.
            // A restore reads a longer tail until one is; the next try waits another `every` entries.
            failure = "a state checkpoint after the " + last.type() + " at " + last.at() + " could not be written: " + e;
            sinceCheckpoint = 0;
            dueAtOnce = false;
        }
    }

    /**
     * At a clean stop: whether a checkpoint now would spare the next open a tail of at least
     * {@link #AT_STOP} entries (or {@code every}, if fewer), or an unread checkpoint's rebuild. Growth
     * is not asked: this checkpoint is written once, not on the append path, and the tail it spares
     * would be read at every open.
     */
    boolean dueAtStop() {
        return dueAtOnce || sinceCheckpoint >= Math.min(every, AT_STOP);
    }

    /** Writes every projection's state into the journal, so a restore starts here. */
    void write(EngineState state, long lastSeq) {
        logs.write(state);
        long through = journal.lastIndex();
        long before = journal.bytesWritten();
        // the state written as JSON once, straight into the checkpoint: no tree built to be written out again
        Instant at = Instant.ofEpochMilli(state.clockMillis);
        byte[] checkpoint = StateCodec.toCheckpointBytes(state);
        MappedFaults.raisePending(); // a state read from a sealed file cut under the engine is not journaled
        journal.append(Group.checkpoint(EntryCodec.storeCheckpoint(at, through, state.entries, checkpoint,
                lastSeq == Group.NO_SEQ ? null : lastSeq), at));
        bytesAtCheckpoint = journal.bytesWritten();
        checkpointBytes = bytesAtCheckpoint - before;
        sinceCheckpoint = 0;
        dueAtOnce = false;
    }

    /** See {@link Engine#persistFailure}. */
    String failure() {
        return failure;
    }

    /** T3: a retention checkpoint is where a restore starts, so the state is written beside it. */
    private static boolean retention(List<Decision> decisions) {
        for (Decision d : decisions) {
            if (d instanceof RetentionCheckpoint) return true;
        }
        return false;
    }

    /**
     * Whether the journal has grown by at least {@code growth} times the last state checkpoint's
     * size since it: a state holding thousands of recent drafts is megabytes, and rewriting it every
     * 500 draft entries (or every 20,000 small entries) would make checkpoints outweigh the journal.
     * So each checkpoint follows at least its predecessor's size in bytes, and opening reads after
     * the newest one no more than the larger of {@code every} entries and about twice its size.
     */
    private boolean paysOff(EngineState state, int growth) {
        // After an open, the state stands in for the restored checkpoint's size, measured only when needed.
        if (checkpointBytes == UNKNOWN_SIZE) checkpointBytes = StateCodec.toCheckpointBytes(state).length;
        return journal.bytesWritten() - bytesAtCheckpoint >= growth * checkpointBytes;
    }
}
