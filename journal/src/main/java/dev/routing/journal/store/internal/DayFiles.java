package dev.routing.journal.store.internal;

import dev.routing.journal.store.faults.JournalDamagedException;
import dev.routing.journal.store.faults.JournalFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

/**
 * The journal's day files as they lie in the directory, inspected before Chronicle touches them:
 * Chronicle waits without end on an empty day file and faults (SIGBUS) on one cut short, so both are
 * found here first, by a few positional reads per file, and named.
 *
 * <p>What is read is Chronicle's excerpt framing: a 4-byte little-endian header per excerpt (30 bits
 * of length, a metadata bit, a not-complete bit), 4-byte aligned. A day file opens with metadata
 * excerpts (Chronicle's store header and index), then the data excerpts; the first data excerpt's
 * own header (ours, {@link Excerpt}) says which ordinal the file begins with and which index came
 * before it, so a missing or misplaced file is found without reading the files themselves.
 * {@code DayFilesTest} pins that framing and the file sizes below on the Chronicle version in use.
 */
public final class DayFiles {
    /** One file per UTC day; an index is the day (Chronicle's cycle) in its high 32 bits and the excerpt's number in that day below. */
    public static final RollCycle ROLL = RollCycles.FAST_DAILY;
    static final long DAY_MILLIS = 86_400_000L;
    static final String SUFFIX = "F.cq4";
    /** Chronicle grows a day file in whole blocks plus an overlap, so any other size means the file was cut. */
    public static final long BLOCK = 64L << 20;
    public static final long OVERLAP = BLOCK / 4;

    private static final int NOT_COMPLETE = 0x80000000;
    private static final int META_DATA = 0x40000000;
    private static final int LENGTH_MASK = 0x3FFFFFFF;
    /** Chronicle's end-of-file marker: a metadata header, not complete, of no length. */
    private static final int END_OF_FILE = NOT_COMPLETE | META_DATA;
    /** Metadata excerpts before the first data excerpt: Chronicle writes three; more means this is no day file we know. */
    private static final int MAX_METADATA = 16;
    private static final DateTimeFormatter NAME = DateTimeFormatter.BASIC_ISO_DATE;

    /**
     * One day file. {@code first} is the header of its first data excerpt; null when the file holds
     * none yet. {@code headerless} when not even Chronicle's store header was written (a file being
     * created when the writer died or the disk filled). {@code format1} when its first excerpt is in
     * the format before checksums.
     */
    record DayFile(int cycle, Path path, long size, Excerpt first, boolean headerless, boolean format1,
            JournalDamagedException problem) {
        String name() {
            return path.getFileName().toString();
        }

        /** Created and never begun: empty, or zeros where Chronicle's header belongs. Nothing was ever written to it. */
        boolean unbegun() {
            return headerless;
        }

        /** What a reader or the writer says of it, as the last day file after everything acknowledged. */
        String unbegunWhy() {
            return size == 0 ? "is empty (0 bytes)" : "has no header";
        }
    }

    private DayFiles() {}

    /** Chronicle's builder for the day files in {@code dir}, as every queue on a journal (or a view of one) opens them. */
    static SingleChronicleQueueBuilder chronicle(Path dir) {
        return SingleChronicleQueueBuilder.binary(dir.toFile()).rollCycle(ROLL).blockSize(BLOCK);
    }

    public static String name(int cycle) {
        return LocalDate.ofEpochDay(cycle).format(NAME) + SUFFIX;
    }

    /** Damage at {@code index} (or -1 for none), named with the day file that holds it. */
    public static JournalDamagedException damage(Path dir, String what, long index, long ordinal) {
        return new JournalDamagedException(dir, what, index < 0 ? null : name(ROLL.toCycle(index)), index, ordinal);
    }

    /** The cycle a day file's name stands for, or -1 for a name that is none. */
    static int cycleOf(String name) {
        if (name.length() != 8 + SUFFIX.length() || !name.endsWith(SUFFIX)) return -1;
        try {
            return (int) LocalDate.parse(name.substring(0, 8), NAME).toEpochDay();
        } catch (DateTimeParseException e) {
            return -1;
        }
    }

    /**
     * Every day file, oldest first, each checked for what makes Chronicle hang or fault: an empty
     * file, one that cannot be read, one whose size Chronicle would never give it. Throws the first
     * problem found, but for an empty last file: it is returned {@link DayFile#unbegun() unbegun},
     * with its problem, for the open to judge against the tip (a day roll that failed leaves one).
     */
    static List<DayFile> inspect(Path dir) {
        List<DayFile> files = inspectEach(dir);
        for (int i = 0; i < files.size(); i++) {
            DayFile f = files.get(i);
            if (f.problem() != null && !(i == files.size() - 1 && f.unbegun())) throw f.problem();
        }
        return files;
    }

    /** Every day file, oldest first, each with the problem found in it (or none). */
    static List<DayFile> inspectEach(Path dir) {
        List<Path> paths;
        try (Stream<Path> s = Files.list(dir)) {
            paths = s.filter(p -> cycleOf(p.getFileName().toString()) >= 0).sorted().toList();
        } catch (IOException e) {
            throw new JournalDamagedException(dir, "cannot list the journal's directory: " + e.getMessage(), null, -1, -1);
        }
        List<DayFile> files = new ArrayList<>(paths.size());
        ByteBuffer b = ByteBuffer.allocate(Excerpt.HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        // A missing tip is named by the open; the last day file's excerpts are checked from the last
        // acknowledged one on by every open (TailCheck), where one that fails is a torn tail, not damage.
        boolean tip = Files.isRegularFile(dir.resolve(Tip.FILE));
        JournalId id = paths.size() < 2 || !tip ? null : Tip.readId(dir);
        for (int i = 0; i < paths.size(); i++) {
            Path p = paths.get(i);
            try {
                files.add(inspect(dir, p, b, tip && i < paths.size() - 1, id));
            } catch (JournalDamagedException e) {
                files.add(new DayFile(cycleOf(p.getFileName().toString()), p, -1, null, false, false, e));
            }
        }
        return files;
    }

    private static DayFile inspect(Path dir, Path path, ByteBuffer b, boolean checkBound, JournalId id) {
        String name = path.getFileName().toString();
        int cycle = cycleOf(name);
        if (!Files.isRegularFile(path)) {
            throw new JournalDamagedException(dir, "cannot read the day file: it is not a regular file", name, -1, -1);
        }
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size == 0) {
                return new DayFile(cycle, path, 0, null, true, false, new JournalDamagedException(dir, "the day file is empty"
                        + " (0 bytes): its entries, if it had any, are gone", name, -1, -1));
            }
            if (size < BLOCK + OVERLAP || (size - OVERLAP) % BLOCK != 0) {
                throw new JournalDamagedException(dir, String.format(Locale.ROOT, "the day file is %,d bytes, a size Chronicle never"
                        + " gives one (it grows them %d MiB at a time, from %d MiB): it was cut short", size, BLOCK >> 20,
                        (BLOCK + OVERLAP) >> 20), name, -1, -1);
            }
            long pos = 0;
            for (int hop = 0; hop <= MAX_METADATA; hop++) {
                int header = readInt(ch, b, pos);
                if (header == 0) return new DayFile(cycle, path, size, null, hop == 0, false, null);
                if ((header & NOT_COMPLETE) != 0) return new DayFile(cycle, path, size, null, hop == 0, false, null);
                int length = header & LENGTH_MASK;
                if ((header & META_DATA) == 0) {
                    b.clear().limit(Math.min(length, Excerpt.HEADER_BYTES));
                    read(ch, b, pos + 4);
                    byte[] bytes = new byte[b.position()];
                    b.get(0, bytes);
                    if (Excerpt.isFormat1(bytes, bytes.length)) return new DayFile(cycle, path, size, null, false, true, null);
                    Excerpt first = Excerpt.read(bytes, length);
                    if (first == null) {
                        throw new JournalDamagedException(dir, "the first excerpt of the day file is no journal excerpt"
                                + " (its header is unreadable)", name, ((long) cycle << 32), -1);
                    }
                    if (first.bound() && checkBound) checkBound(dir, ch, pos + 4, first, id, name, cycle);
                    return new DayFile(cycle, path, size, first, false, false, null);
                }
                pos = (pos + 4 + length + 3) & ~3L;
                if (pos >= size) break;
            }
            throw new JournalDamagedException(dir, "the day file does not have the layout of a Chronicle day file", name, -1, -1);
        } catch (java.nio.channels.ClosedByInterruptException e) {
            // the reading thread was interrupted (NIO closed its channel): a stop asked for, not damage
            throw new IllegalStateException("interrupted while reading the day file " + name + " of journal " + dir, e);
        } catch (IOException e) {
            throw new JournalDamagedException(dir, "cannot read the day file: " + e.getMessage(), name, -1, -1);
        }
    }

    /**
     * Checks a bound first excerpt (at {@code at}) under the journal's {@code id}: a day file of another
     * journal, however alike, fails here, at every open, by one read of its first excerpt.
     */
    private static void checkBound(Path dir, FileChannel ch, long at, Excerpt first, JournalId id, String name, int cycle)
            throws IOException {
        long index = (long) cycle << 32;
        if (id == null) {
            throw new JournalDamagedException(dir, "the day file is bound to a journal id, but " + Tip.FILE + " names none:"
                    + " it is another journal's, or the tip is one from before journal ids", name, index, first.ordinal());
        }
        if (first.length() > ExcerptReader.LARGEST) {
            throw new JournalDamagedException(dir, "the first excerpt of the day file is larger than any excerpt the journal"
                    + " writes", name, index, first.ordinal());
        }
        ByteBuffer whole = ByteBuffer.allocate(Excerpt.HEADER_BYTES + first.length());
        read(ch, whole, at);
        if (whole.hasRemaining() || !first.intact(whole.array(), new java.util.zip.CRC32C(), id)) {
            throw new JournalDamagedException(dir, "the day file is not this journal's: its first excerpt fails its checksum"
                    + " under this journal's id " + id + " (a day file of another journal put in its place, or a byte of"
                    + " its first excerpt changed)", name, index, first.ordinal());
        }
    }

    private static int readInt(FileChannel ch, ByteBuffer b, long pos) throws IOException {
        b.clear().limit(4);
        read(ch, b, pos);
        return b.position() < 4 ? 0 : b.getInt(0);
    }

    private static void read(FileChannel ch, ByteBuffer b, long pos) throws IOException {
        while (b.hasRemaining()) {
            int n = ch.read(b, pos + b.position());
            if (n < 0) return;
        }
    }

    /**
     * The day files a reader finds. A live writer creating a new day file leaves it empty, then
     * without a header, for a moment; one still so a second later is returned {@link DayFile#unbegun()
     * unbegun}: it was being created when its writer stopped, or a day roll failed.
     */
    static List<DayFile> inspectBesideAWriter(Path dir) {
        List<DayFile> files = inspect(dir);
        for (int tries = 0; tries < 20 && !files.isEmpty() && files.get(files.size() - 1).unbegun(); tries++) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            files = inspect(dir);
        }
        return files;
    }

    /**
     * Whether Chronicle closed the day file (its end-of-file marker) right after {@code end}, where its
     * last excerpt ends: it takes no more excerpts. A day roll that failed leaves the day before so
     * (Chronicle marks it before it creates the next day's file).
     */
    static boolean sealedAfter(Path file, long end) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            return readInt(ch, b, (end + 3) & ~3L) == END_OF_FILE;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Removes {@code file} if it was created and never begun (empty, or zeros where Chronicle's header
     * belongs): what a day roll that failed leaves. Returns whether it did. Only the writer, under its
     * lock, calls this.
     */
    static boolean removeUnbegun(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            if (ch.size() > 0 && readInt(ch, ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN), 0) != 0) return false;
        } catch (IOException e) {
            return false;
        }
        try {
            return Files.deleteIfExists(file);
        } catch (IOException e) {
            return false;
        }
    }

    /** Refuses a journal with a day file in journal format 1. */
    static void refuseFormat1(Path dir, List<DayFile> files) {
        for (DayFile f : files) {
            if (f.format1()) {
                throw new JournalFormatException(dir, "written in journal format 1 (before checksums; " + f.name()
                        + "), which this build does not read: it reads formats 2 and 3 only. No release wrote format 1, so no"
                        + " converter exists; replay the journal's facts into a new journal with `run`");
            }
        }
    }

    /** Throws the problem of the first day file that is damaged or out of the chain, if any. */
    static void checkChain(Path dir, List<DayFile> files) {
        int broken = firstBreak(dir, files);
        if (broken >= 0) throw problem(dir, files, broken);
    }

    /**
     * The position in {@code files} of the first day file that is damaged or out of the chain, or -1.
     * Each day file's first excerpt names the index before it: a file whose predecessor is not the
     * file before it in the directory follows a missing (or misplaced) one; the first must start the
     * journal at ordinal 0.
     */
    static int firstBreak(Path dir, List<DayFile> files) {
        for (int i = 0; i < files.size(); i++) {
            if (files.get(i).problem() != null || chainProblem(dir, files, i) != null) return i;
        }
        return -1;
    }

    /** What is wrong with day file {@code i}: its own problem, or how it breaks the chain (null when nothing). */
    static JournalDamagedException problem(Path dir, List<DayFile> files, int i) {
        return files.get(i).problem() != null ? files.get(i).problem() : chainProblem(dir, files, i);
    }

    /** Why day file {@code i} breaks the chain, or null. */
    private static JournalDamagedException chainProblem(Path dir, List<DayFile> files, int i) {
        DayFile f = files.get(i);
        if (f.headerless()) return new JournalDamagedException(dir, "the day file has no header", f.name(), -1, -1);
        Excerpt first = f.first();
        if (first == null) return null;
        DayFile before = null;
        for (int j = i - 1; j >= 0 && before == null; j--) {
            if (files.get(j).first() != null) before = files.get(j);
        }
        long firstIndex = ROLL.toIndex(f.cycle(), 0);
        if (before == null) {
            if (first.ordinal() == 0 && first.prevIndex() == -1) return null;
            return new JournalDamagedException(dir, "the journal's first day file begins at ordinal " + first.ordinal()
                    + ", after index 0x" + Long.toHexString(first.prevIndex()) + ": the day file(s) before it, "
                    + name(ROLL.toCycle(first.prevIndex())) + " the last of them, are missing", f.name(),
                    firstIndex, first.ordinal());
        }
        int previousCycle = first.prevIndex() < 0 ? -1 : ROLL.toCycle(first.prevIndex());
        if (before.first().bound() && !first.bound()) {
            return new JournalDamagedException(dir, "the day file is not this journal's: its excerpts are bound to no journal"
                    + " id, after day files bound to this journal's (a day file of another journal, from before journal"
                    + " ids, put in its place)", f.name(), firstIndex, first.ordinal());
        }
        if (previousCycle == before.cycle() && first.ordinal() > before.first().ordinal()) return null;
        boolean listed = false;
        for (DayFile g : files) listed |= g.cycle() == previousCycle;
        String what = listed || previousCycle < 0
                ? "the day files are out of order: " + f.name() + " begins at ordinal " + first.ordinal()
                        + " after index 0x" + Long.toHexString(first.prevIndex()) + ", not after " + before.name()
                : "the day file " + name(previousCycle) + " is missing: " + f.name()
                        + " begins at ordinal " + first.ordinal() + ", after index 0x"
                        + Long.toHexString(first.prevIndex()) + " in it";
        return listed
                ? new JournalDamagedException(dir, what, f.name(), firstIndex, first.ordinal())
                : new JournalDamagedException(dir, what, name(previousCycle), first.prevIndex(), first.ordinal() - 1);
    }
}
