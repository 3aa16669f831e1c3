package dev.routing.engine.sealed;

import dev.routing.journal.store.Journal;
import dev.routing.projections.EngineState;
import dev.routing.projections.privacy.KeptMessages;
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
 * <p>The newest {@link #KEPT} files are kept: the checkpoints written before the newest seal name the
 * one before it, and a restore that cannot read the newest checkpoint falls back on them. An older
 * checkpoint's seal is let go: a restore from it, or verify's comparison of it, folds the journal
 * instead and says so. Each seal holds every kept message, so more would cost the disk a whole copy a day.
 */
public final class KeptSealer {
    /** How many of the newest seals are kept. */
    public static final int KEPT = 2;
    private final Journal journal;
    /** The facts' day of the first group this engine journaled with no seal named: a journal's first day is not sealed on its first group. */
    private long firstDay = Long.MIN_VALUE;
    private long checkedDay = Long.MIN_VALUE;
    private String failure;

    public KeptSealer(Journal journal) {
        this.journal = journal;
    }

    /** The state was rebuilt from the journal: tried again at the next group. */
    public void restored() {
        checkedDay = Long.MIN_VALUE;
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
            ByteBuffer body = kept.sealBody(record::isPrivateInput, record::isPrivateTurn);
            int crc = KeptWriter.write(journal.dir(), journalId, today, index, label, body);
            KeptFile file = KeptFile.open(KeptFile.path(journal.dir(), today), new KeptFile.Expected(journalId, today, label, index));
            SealedKept table = SealedKept.over(file);
            record.sealKept(new KeptMessages.Seal(today, index, crc, table.size(), label), table);
        } catch (RuntimeException e) {
            // The group is journaled and answered: a seal that cannot be written must not fail its answer.
            failure = "the kept messages stay on the heap, not sealed on day " + today + ": " + e.getMessage();
            return;
        }
        deleteBefore(seal == null ? today : seal.day());
    }

    /** Deletes the seals of days before {@code keptFrom}: the newest checkpoints name the two newest. */
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

    /** Whether a seal of a day after {@code day} lies beside the journal: one missing before it was let go, not lost. */
    public static boolean newerSeal(Path journalDir, long day) {
        try {
            for (long d : days(journalDir)) {
                if (d > day) return true;
            }
            return false;
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    /** Why the last seal could not be written or an old one deleted, or null: the engine goes on. */
    public String failure() {
        return failure;
    }
}
