package dev.routing.journal.store.internal;

import dev.routing.journal.store.ChronicleFraming;
import dev.routing.journal.store.Journal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;

/**
 * A power failure after a sync, as a disk leaves a journal: every byte written after the last msync
 * lost (zeros), in the synced excerpt's day file and every later one, while Chronicle's store header
 * and index (which name those excerpts) and the tip were written back; the tip then reads as written
 * in another boot, or in this one.
 */
public final class PowerFailure {
    private static final byte[] OTHER_BOOT = new byte[16];

    static {
        OTHER_BOOT[0] = 42;
    }

    private PowerFailure() {}

    /** Loses what the journal in {@code dir} (closed) wrote after its last sync; the next open is in another boot when {@code reboot}. */
    public static void loseWhatWasNotSynced(Path dir, boolean reboot) {
        BackgroundResourceReleaser.releasePendingResources();
        Tip.State s = Tip.read(dir);
        long synced = s.syncedIndex();
        if (s.syncedOrdinal() < 0 || s.syncedOrdinal() == s.ackedOrdinal()) {
            throw new IllegalStateException("nothing was acknowledged after the last sync");
        }
        for (int cycle = Journal.cycleOf(synced); cycle <= Journal.cycleOf(s.ackedIndex()); cycle++) {
            Path file = dir.resolve(DayFiles.name(cycle));
            if (!file.toFile().exists()) continue;
            List<ChronicleFraming.At> at = ChronicleFraming.dataExcerpts(file);
            long from = cycle == Journal.cycleOf(synced) ? at.get((int) (synced & 0xFFFFFFFFL)).end() : at.get(0).header();
            zero(file, (from + 3) & ~3L, at.get(at.size() - 1).end() + 8);
        }
        Tip tip = Tip.openWriter(dir, s);
        tip.write(new Tip.State(s.seq() + 1, reboot ? OTHER_BOOT : Tip.State.EMPTY.boot(), s.ackedOrdinal(), s.ackedIndex(),
                s.ackedCrc(), s.syncedOrdinal(), s.syncedIndex(), s.floorMillis()));
        BackgroundResourceReleaser.releasePendingResources();
    }

    private static void zero(Path file, long from, long to) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate((int) (to - from)), from);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
