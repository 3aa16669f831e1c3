package dev.routing.journal.store.internal;

import dev.routing.journal.store.faults.JournalDamagedException;
import dev.routing.journal.store.faults.JournalFormatException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Salvage's copy ({@code store.Salvage}), excerpt by excerpt, each checked as every reader checks it and
 * written with {@link Writer#copy}, bytes unchanged, at the index it had.
 *
 * <p>The damaged journal is only read, through a view that holds the day files before the first
 * one that is missing, empty or out of order (and that one when it is merely cut short), so that
 * Chronicle never touches a file it would wait on.
 */
public final class SalvageCopy {
    /**
     * What the copy reports, made from what it copied and why it stopped where it did (null when it
     * copied the whole journal): the face passes its report's constructor.
     */
    @FunctionalInterface
    public interface Outcome<R> {
        R of(long excerpts, long entries, long lastIndex, String stoppedAt);
    }

    private SalvageCopy() {}

    public static <R> R copy(Path from, Path to, Outcome<R> outcome) {
        if (!Store.exists(from)) throw new IllegalArgumentException("no journal at " + from);
        if (Files.exists(to) && !isEmptyDirectory(to)) {
            throw new IllegalArgumentException(to + " exists and is not empty: salvage writes a new journal");
        }
        List<DayFiles.DayFile> files = DayFiles.inspectEach(from);
        for (DayFiles.DayFile f : files) {
            if (f.format1()) throw new JournalFormatException(from, "written in journal format 1, which salvage does not read");
        }
        int broken = DayFiles.firstBreak(from, files);
        String stoppedAt = null;
        List<DayFiles.DayFile> readable = new ArrayList<>(files);
        if (broken >= 0) {
            JournalDamagedException why = DayFiles.problem(from, files, broken);
            stoppedAt = why.getMessage();
            boolean cutShort = files.get(broken).problem() != null && why.getMessage().contains("cut short");
            readable = new ArrayList<>(files.subList(0, cutShort ? broken + 1 : broken));
        }
        Tip.State tip = Tip.read(from);
        JournalId id = Tip.readId(from);
        Path view = view(from, to, readable);
        long copied = 0;
        long lastIndex = -1;
        long entries = 0;
        // the copy is the same journal: its excerpts, copied byte for byte, are bound to the source's id
        try (Writer out = Writer.open(to, id)) {
            try (SingleChronicleQueue queue = DayFiles.chronicle(view).readOnly(true).build();
                    ExcerptTailer tailer = queue.createTailer()) {
                ExcerptCheck check = new ExcerptCheck(id);
                Bytes<byte[]> bytes = Bytes.allocateElasticOnHeap(4096);
                Excerpt previous = null;
                while (true) {
                    long index;
                    int size = -1;
                    try (DocumentContext dc = tailer.readingDocument()) {
                        if (!dc.isPresent()) break;
                        index = dc.index();
                        bytes.clear();
                        // a length in Chronicle's framing that no excerpt has (a flipped bit) is not copied:
                        // the copy would read past the mapped file
                        if (dc.wire().bytes().readRemaining() <= ExcerptReader.LARGEST) {
                            bytes.write(dc.wire().bytes());
                            size = (int) bytes.readRemaining();
                        }
                    }
                    byte[] buf = bytes.underlyingObject();
                    String why = size < 0 ? "is larger than any excerpt the journal writes"
                            : check.check(buf, size, previous, previous == null ? -1 : lastIndex);
                    if (why == null && previous == null && (check.header().ordinal() != 0 || check.header().prevIndex() != -1)) {
                        why = "is not the journal's first excerpt";
                    }
                    if (why != null) {
                        stoppedAt = new JournalDamagedException(from, "the excerpt " + why,
                                DayFiles.name(DayFiles.ROLL.toCycle(index)), index, previous == null ? 0 : previous.ordinal() + 1)
                                .getMessage();
                        break;
                    }
                    previous = check.header();
                    out.copy(buf, size, previous, index);
                    lastIndex = index;
                    entries = previous.nextEntry();
                    copied++;
                }
            } catch (InternalError | RuntimeException e) {
                if (FreeSpace.mappedFault(e) == null) throw e;
                // a fault reading a mapped file cut short; what was copied passed its checksum
                stoppedAt = first(stoppedAt, "reading the day file after index 0x" + Long.toHexString(lastIndex)
                        + " faulted (the file is cut short)");
            }
            out.commit();
            if (stoppedAt == null && tip != null && lastOrdinal(out) < tip.protectedOrdinal()) {
                stoppedAt = new JournalDamagedException(from, "the journal ends at index 0x" + Long.toHexString(lastIndex)
                        + ", before the last excerpt its writer acknowledged: the excerpts after it are missing",
                        DayFiles.name(DayFiles.ROLL.toCycle(tip.protectedIndex())), tip.protectedIndex(),
                        tip.protectedOrdinal()).getMessage();
            }
        } finally {
            Metadata.deleteView(view);
            BackgroundResourceReleaser.releasePendingResources();
        }
        return outcome.of(copied, entries, lastIndex, stoppedAt);
    }

    private static long lastOrdinal(Writer out) {
        return out.nextOrdinal() - 1;
    }

    private static String first(String a, String b) {
        return a != null ? a : b;
    }

    /**
     * A directory of links to the day files that may be read, beside metadata Chronicle writes by
     * listing them: the journal's own may be lost or unwritten, and salvage must not need it.
     */
    private static Path view(Path from, Path to, List<DayFiles.DayFile> readable) {
        try {
            Path parent = to.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            return Metadata.viewIn(Files.createTempDirectory(parent, ".salvage-view"), readable);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare to read " + from, e);
        }
    }

    private static boolean isEmptyDirectory(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }
}
