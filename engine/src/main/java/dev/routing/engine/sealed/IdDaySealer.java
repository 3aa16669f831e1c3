package dev.routing.engine.sealed;

import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.privacy.ForgottenIds;
import dev.routing.projections.retention.Retention;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Seals the closed days of every agent's forgotten ids (docs/decisions/0011): after a group is
 * journaled, never inside {@code decide} or a fold, each day on the heap older than the facts' day is
 * written to its file ({@link IdDayWriter}), made of its log ({@link IdDayLogs}) when it has one, mapped
 * back, and leaves the heap; then its log is deleted. Every id in it was let
 * go by an entry the journal already holds: the day closed before the group that crossed midnight
 * was decided, and that group is written. A day that cannot be written (a full disk) stays on the
 * heap, where it answers as before and goes into the checkpoint whole; the next day tries again.
 * Files of days retention let go a week ago are deleted.
 */
public final class IdDaySealer {
    /**
     * Days a file is kept after retention lets its ids go: a checkpoint written before the day rolled
     * still names it, and a restore from that checkpoint reads it rather than folding the journal.
     */
    static final int KEPT_AFTER_RETENTION_DAYS = 7;
    private final Journal journal;
    private final IdDayLogs logs;
    /** The facts' day up to which every closed day has been tried, so a group of the same day costs a comparison. */
    private long checkedDay = Long.MIN_VALUE;
    private String failure;

    public IdDaySealer(Journal journal, IdDayLogs logs) {
        this.journal = journal;
        this.logs = logs;
    }

    /** The state was rebuilt from the journal: its closed days on the heap are tried again at the next group. */
    public void restored() {
        checkedDay = Long.MIN_VALUE;
    }

    /** The group at {@code index} is journaled, and {@code state} holds nothing the journal does not: seals what closed. */
    public void written(EngineState state, String label, long index) {
        long today = Retention.day(state.clockMillis);
        if (today <= checkedDay) return;
        checkedDay = today;
        failure = null; // said until this day's try: a log's failure since is said in its place
        byte[] journalId = journal.id();
        if (journalId == null) return; // a journal made before ids: a file could not be told from another journal's
        for (Map.Entry<String, ForgottenIds> agent : state.privacy.forgotten.entrySet()) {
            ForgottenIds ids = agent.getValue();
            while (ids.oldestDayOnHeap() < today) {
                if (!seal(agent.getKey(), ids, journalId, label, index)) break;
            }
        }
        deleteBefore(Retention.keptFrom(today) - KEPT_AFTER_RETENTION_DAYS);
    }

    private boolean seal(String agent, ForgottenIds ids, byte[] journalId, String label, long index) {
        long day = ids.oldestDayOnHeap();
        try {
            ByteBuffer body = ofItsLog(agent, ids, day);
            boolean logged = body != null;
            if (!logged) body = ids.oldestDayBody();
            int crc = IdDayWriter.write(journal.dir(), journalId, agent, day, index, label, body);
            IdDayFile file = IdDayFile.open(IdDayFile.path(journal.dir(), agent, day), new IdDayFile.Expected(journalId, agent, day, label, index));
            ids.sealOldestDay(new ForgottenIds.SealedDay(day, index, crc, label, file.ids().size()), file.ids());
            if (logged) logs.sealed(agent, day);
            return true;
        } catch (IOException e) {
            failure = "agent " + agent + "'s log of day " + day + " is not deleted (its table holds it): " + e.getMessage();
            return true;
        } catch (RuntimeException | InternalError e) {
            // The group is journaled and answered: a day that cannot be sealed must not fail its answer.
            // InternalError: a file it read was cut under the engine (MappedFaults); nothing is written of what it read.
            failure = "agent " + agent + "'s ids of day " + day + " stay on the heap: " + e.getMessage();
            return false;
        }
    }

    /**
     * The day's table made of its log whole, so that a checkpoint that named a prefix of the log
     * reads it from the table once the log is gone; null when the day is not logged or its log does
     * not read back (then it is sealed from the heap, and its log is left to the checkpoints that
     * name it).
     */
    private ByteBuffer ofItsLog(String agent, ForgottenIds ids, long day) {
        if (!logs.log(agent, ids)) return null;
        try {
            return ForgottenIds.dayBodyOfLog(day, logs.whole(agent, ids, day));
        } catch (RuntimeException e) {
            // the day leaves the heap all the same; its log stays for the checkpoints that name it, and fail its check
            failure = "agent " + agent + "'s ids of day " + day + " are sealed from the heap, not from their log: " + e.getMessage();
            return null;
        }
    }

    /** Deletes the files of days before {@code cutoffDay}: no state the engine holds names them any more. */
    private void deleteBefore(long cutoffDay) {
        Path folder = journal.dir().resolve(IdDayFile.FOLDER);
        if (!Files.isDirectory(folder)) return;
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                long day = IdDayFile.dayOf(f.getFileName().toString());
                if (day != Long.MAX_VALUE && day < cutoffDay) Files.deleteIfExists(f);
            }
        } catch (IOException | UncheckedIOException e) {
            failure = "old id day files in " + folder + " are not deleted: " + e.getMessage();
        }
    }

    /** Why the last day could not be sealed or an old file deleted, or null: the engine goes on. */
    public String failure() {
        return failure;
    }
}
