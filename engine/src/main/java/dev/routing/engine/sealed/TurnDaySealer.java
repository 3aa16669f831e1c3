package dev.routing.engine.sealed;

import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.retention.Retention;
import dev.routing.projections.turns.SealedTurnDay;
import dev.routing.projections.turns.TurnLedger;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Seals the turn ledger's closed days (docs/decisions/0014, step 2): after the first group of a later
 * day is journaled, never inside {@code decide} or a fold, the turns each closed day opened are
 * written to the day's file ({@link KeptFile.Of#TURNS}), mapped back, and leave the heap, so a
 * checkpoint names the file rather than packing them. Whose a turn is never changes, and a turn that
 * ends after the seal keeps its channel on the heap, so a day's file is written once. A day that
 * cannot be written (a full disk) stays on the heap, where it answers as before, and is tried again
 * the next day. Files are deleted as the id day files are, a week after retention lets their days go,
 * so a checkpoint written before that still finds them.
 */
public final class TurnDaySealer {
    private final Journal journal;
    private long checkedDay = Long.MIN_VALUE;
    private String failure;

    public TurnDaySealer(Journal journal) {
        this.journal = journal;
    }

    /** The state was rebuilt from the journal: its closed days on the heap are tried again at the next group. */
    public void restored() {
        checkedDay = Long.MIN_VALUE;
    }

    /** The group at {@code index} is journaled, and {@code state} holds nothing the journal does not: seals the days that closed. */
    public void written(EngineState state, String label, long index) {
        long today = Retention.day(state.clockMillis);
        if (today <= checkedDay) return;
        checkedDay = today;
        byte[] journalId = journal.id();
        if (journalId == null) return; // a journal made before ids: a file could not be told from another journal's
        failure = null;
        TurnLedger ledger = state.turns.ledger;
        for (long day = ledger.oldestClosedDayOnHeap(today); day != Long.MIN_VALUE; day = ledger.oldestClosedDayOnHeap(today)) {
            try {
                ByteBuffer body = ledger.oldestDayBody();
                int crc = KeptWriter.write(journal.dir(), journalId, day, index, label, body, KeptFile.Of.TURNS);
                KeptFile file = KeptFile.open(KeptFile.path(journal.dir(), day, KeptFile.Of.TURNS),
                        new KeptFile.Expected(journalId, day, label, index), KeptFile.Of.TURNS);
                SealedTurnDay turns = SealedTurnDay.over(file);
                ledger.sealOldestDay(new TurnLedger.SealedDay(day, index, crc, turns.count(), label), turns);
            } catch (RuntimeException | InternalError e) {
                // The group is journaled and answered: a day that cannot be sealed must not fail its answer.
                // InternalError: a file it read was cut under the engine (MappedFaults); nothing is written of what it read.
                failure = "the turns of day " + day + " stay on the heap: " + e.getMessage();
                return;
            }
        }
        deleteBefore(Retention.keptFrom(today) - IdDaySealer.KEPT_AFTER_RETENTION_DAYS);
    }

    /** Deletes the files of days before {@code cutoffDay}: no checkpoint the engine would restore names them. */
    private void deleteBefore(long cutoffDay) {
        Path folder = journal.dir().resolve(IdDayFile.FOLDER);
        if (!Files.isDirectory(folder)) return;
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                long day = KeptFile.dayOf(f.getFileName().toString(), KeptFile.Of.TURNS);
                if (day != Long.MAX_VALUE && day < cutoffDay) Files.deleteIfExists(f);
            }
        } catch (IOException | UncheckedIOException e) {
            failure = "old turn day files in " + folder + " are not deleted: " + e.getMessage();
        }
    }

    /** Why the last seal could not be written or an old file deleted, or null: the engine goes on. */
    public String failure() {
        return failure;
    }
}
