package dev.routing.journal.store.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Cuts a torn tail: excerpts after the last acknowledged one that fail their check (a writer that
 * died or a disk that filled while writing them). Run by the writer's open, under the writer lock,
 * before Chronicle opens the journal for writing, and without Chronicle's own recovery: the day
 * file holding the first torn excerpt is rebuilt by copying the excerpts before it, in order, into
 * a fresh file for the same day (so their sequence numbers, and so their indexes, stay as they
 * were), which then replaces it in one rename. Later day files, and a file with nothing to keep,
 * are moved aside whole. The original is kept beside the journal as {@code NAME.torn-ORDINAL},
 * outside Chronicle's listing, for whoever wants to look at what was cut.
 *
 * <p>A kill at any step leaves either the old file (the next open cuts again) or the new one (the
 * next open finds nothing to cut), and a work directory the next open removes.
 */
final class TailCut {
    private static final RollCycle ROLL = DayFiles.ROLL;
    static final String WORK = "cut.tmp";

    /** What an open cut: the first excerpt cut, how many, and where the original went. */
    record Cut(String file, long index, long ordinal, long excerpts, String keptAs, boolean lostAcknowledged) {
        String describe() {
            if (lostAcknowledged) {
                return "cut what a power failure left of " + excerpts + " excerpt(s) acknowledged after the last sync, from"
                        + " ordinal " + ordinal + " (index 0x" + Long.toHexString(index) + ") in " + file + " (Chronicle's index"
                        + " still counted them; their bytes are gone); the file as it was is kept as " + keptAs;
            }
            if (excerpts == 0) {
                return "cut a torn tail: the last day file " + file + " was created but never begun (empty or without a"
                        + " header: a day roll that failed, or a writer stopped while creating it); it is kept as " + keptAs;
            }
            return "cut a torn tail of " + excerpts + " excerpt(s) never acknowledged, from ordinal " + ordinal
                    + " (index 0x" + Long.toHexString(index) + ") in " + file + "; the file as it was is kept as " + keptAs;
        }
    }

    private TailCut() {}

    /** Removes the work a cut killed before its end left. */
    static void clearWork(Path dir) {
        Path work = dir.resolve(WORK);
        if (!Files.exists(work)) return;
        try (Stream<Path> all = Files.walk(work)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + work + ", left by a cut that did not finish", e);
        }
    }

    /**
     * Cuts every excerpt from {@code tornIndex} on. {@code files} are the journal's day files, oldest
     * first; {@code excerpts} is how many are cut (for the report); {@code lostAcknowledged} when they
     * were acknowledged and a power failure took them before a sync (for the report).
     */
    static Cut cut(Path dir, List<DayFiles.DayFile> files, long tornIndex, long tornOrdinal, long excerpts, boolean lostAcknowledged) {
        int cycle = ROLL.toCycle(tornIndex);
        long keep = ROLL.toSequenceNumber(tornIndex);
        String name = DayFiles.name(cycle);
        String keptAs = name + ".torn-" + tornOrdinal;
        try {
            for (DayFiles.DayFile f : files) {
                if (f.cycle() > cycle) moveAside(f.path(), f.name() + ".torn-" + tornOrdinal);
            }
            Path file = dir.resolve(name);
            if (keep == 0) {
                moveAside(file, keptAs);
            } else {
                Path rebuilt = rebuild(dir, cycle, keep);
                try {
                    Files.createLink(dir.resolve(keptAs), file);
                } catch (FileAlreadyExistsException e) {
                    // a cut killed after this step: the original is kept already
                }
                Files.move(rebuilt, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                syncDirectory(dir);
                clearWork(dir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot cut the torn tail of journal " + dir + " at " + name, e);
        }
        return new Cut(name, tornIndex, tornOrdinal, excerpts, keptAs, lostAcknowledged);
    }

    private static void moveAside(Path file, String as) throws IOException {
        if (!Files.exists(file)) return;
        Files.move(file, file.resolveSibling(as), StandardCopyOption.ATOMIC_MOVE);
        syncDirectory(file.getParent());
    }

    /** Copies the first {@code keep} excerpts of day {@code cycle} into a fresh file of that day in the work directory. */
    private static Path rebuild(Path dir, int cycle, long keep) throws IOException {
        clearWork(dir);
        Path work = Files.createDirectories(dir.resolve(WORK));
        long dayStart = cycle * DayFiles.DAY_MILLIS;
        TimeProvider clock = () -> dayStart;
        Bytes<byte[]> copy = Bytes.allocateElasticOnHeap(1024);
        try (SingleChronicleQueue from = DayFiles.chronicle(dir).readOnly(true).build();
                SingleChronicleQueue to = DayFiles.chronicle(work).timeProvider(clock).build();
                ExcerptTailer tailer = from.createTailer();
                ExcerptAppender appender = to.createAppender()) {
            if (!tailer.moveToIndex(ROLL.toIndex(cycle, 0))) throw new IOException("day " + DayFiles.name(cycle) + " has no first excerpt");
            for (long seq = 0; seq < keep; seq++) {
                try (DocumentContext in = tailer.readingDocument()) {
                    if (!in.isPresent() || in.index() != ROLL.toIndex(cycle, seq)) {
                        throw new IOException("excerpt " + seq + " of " + DayFiles.name(cycle) + " cannot be read to copy it");
                    }
                    copy.clear();
                    copy.write(in.wire().bytes());
                }
                try (DocumentContext out = appender.writingDocument()) {
                    out.wire().bytes().write(copy);
                }
                if (appender.lastIndexAppended() != ROLL.toIndex(cycle, seq)) {
                    throw new IOException("the rebuilt day file would give excerpt " + seq + " another index");
                }
            }
        }
        BackgroundResourceReleaser.releasePendingResources();
        Path rebuilt = work.resolve(DayFiles.name(cycle));
        try (FileChannel ch = FileChannel.open(rebuilt, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        return rebuilt;
    }

    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException ignored) {
            // not every file system syncs a directory; the renames are atomic either way
        }
    }
}
