package dev.routing.engine.sealed;

import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.privacy.KeptMessages;
import dev.routing.projections.privacy.KeptPart;
import dev.routing.projections.privacy.PrivacyRecord;
import dev.routing.projections.privacy.SealedKept;
import dev.routing.projections.retention.Retention;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Seals the kept messages once a day (docs/decisions/0014): after the first group of a later day is
 * journaled, never inside {@code decide} or a fold, every message kept is written to the day's file
 * ({@link KeptFile}), mapped back, and leaves the heap, so a checkpoint names the file rather than
 * packing them and a restore maps it rather than parsing them. Every message in it was kept by an
 * entry the journal already holds. A seal that cannot be written (a full disk) leaves the heap as it
 * was, where it answers as before and goes into the checkpoint whole; the next day tries again.
 *
 * <p>Each seal writes two files: its part, what was stored or changed since the seal before
 * ({@link KeptPart}), and its table, every message kept. The newest two tables are kept (each is a
 * whole copy); the parts are small and stay, so a checkpoint whose table was replaced, or is damaged,
 * is restored from the parts up to it ({@code Replay}), not from the journal.
 */
public final class KeptSealer {
    private final Journal journal;
    /**
     * With no seal named: the facts' day of the state the engine opened on, else of its first group, so
     * that a journal's first day is not sealed on its first group and a day closed before a restart is.
     */
    private long firstDay = Long.MIN_VALUE;
    private long checkedDay = Long.MIN_VALUE;
    private String failure;

    /** {@code opened}: the state the engine opened on, restored from the journal. */
    public KeptSealer(Journal journal, EngineState opened) {
        this.journal = journal;
        restored(opened);
    }

    /** The state was rebuilt from the journal: tried again at the next group, due if a day closed since its last fact. */
    public void restored(EngineState state) {
        checkedDay = Long.MIN_VALUE;
        firstDay = state.entries == 0 ? Long.MIN_VALUE : Retention.day(state.clockMillis);
    }

    /** The group at {@code index} is journaled, and {@code state} holds nothing the journal does not: seals when a day has closed since the last seal. */
    public void written(EngineState state, String label, long index) {
        long today = Retention.day(state.clockMillis);
        if (today <= checkedDay) return;
        checkedDay = today;
        KeptMessages kept = state.privacy.messages;
        KeptMessages.Seal seal = kept.seal();
        if (seal == null && firstDay == Long.MIN_VALUE) firstDay = today;
        boolean due = seal != null ? seal.day() < today : firstDay < today;
        byte[] journalId = journal.id();
        if (!due || journalId == null) return; // a journal made before ids: a file could not be told from another journal's
        failure = null;
        try {
            PrivacyRecord record = state.privacy;
            // the part first: a table is only ever named with the part that makes it again
            byte[] part = KeptPart.write(seal == null ? null : seal.part(), kept);
            int partCrc = KeptWriter.write(journal.dir(), journalId, today, index, label, ByteBuffer.wrap(part), KeptFile.Of.PART);
            ByteBuffer body = kept.sealBody(record::isPrivateInput, record::isPrivateTurn);
            int crc = KeptWriter.write(journal.dir(), journalId, today, index, label, body);
            KeptFile file = KeptFile.open(KeptFile.path(journal.dir(), today), new KeptFile.Expected(journalId, today, label, index));
            SealedKept table = SealedKept.over(file);
            record.sealKept(new KeptMessages.Seal(today, index, crc, table.size(), partCrc, label), table);
        } catch (RuntimeException | InternalError e) {
            // The group is journaled and answered: a seal that cannot be written must not fail its answer.
            // InternalError: the table sealed before was cut under the engine (MappedFaults); nothing is written of what it read.
            failure = "the kept messages stay on the heap, not sealed on day " + today + ": " + e.getMessage();
            return;
        }
        deleteBefore(seal == null ? today : seal.day());
    }

    /** Deletes the tables of days before {@code keptFrom}: the parts stay, to make any of them again. */
    private void deleteBefore(long keptFrom) {
        Path folder = journal.dir().resolve(IdDayFile.FOLDER);
        try {
            for (long day : days(journal.dir())) {
                if (day < keptFrom) Files.deleteIfExists(KeptFile.path(journal.dir(), day));
            }
        } catch (IOException | UncheckedIOException e) {
            failure = "old kept message files in " + folder + " are not deleted: " + e.getMessage();
        }
    }

    /** The days of the seals beside the journal, in no order. */
    private static long[] days(Path journalDir) throws IOException {
        Path folder = journalDir.resolve(IdDayFile.FOLDER);
        if (!Files.isDirectory(folder)) return new long[0];
        try (Stream<Path> files = Files.list(folder)) {
            return files.mapToLong(f -> KeptFile.dayOf(f.getFileName().toString())).filter(d -> d != Long.MAX_VALUE).toArray();
        }
    }

    /** Why the last seal could not be written or an old one deleted, or null: the engine goes on. */
    public String failure() {
        return failure;
    }
}
