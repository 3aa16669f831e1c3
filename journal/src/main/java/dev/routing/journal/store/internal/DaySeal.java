package dev.routing.journal.store.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.CRC32C;

/**
 * A day file's seal, {@code DAYF.seal} beside {@code DAYF.cq4}: what the file held when its day
 * rolled, so that an open need not read it again. It is written whole or not at all (a temporary
 * file, forced, then renamed over the old one): a kill at any step leaves the old seal, none, or the
 * new one, and a day file without a seal is checked whole, as before seals.
 *
 * <p>On disk (little-endian), 96 bytes:
 *
 * <pre>
 *  0  8 bytes  magic          "RJSEAL01"
 *  8  16 bytes id             the journal's id: a seal of another journal never matches
 * 24  i32      cycle          the day (Chronicle's cycle) of the file
 * 28  u32      chain          CRC32C over the checksums of the file's excerpts, in order (little-endian u32 each)
 * 32  i64      size           the file's size in bytes
 * 40  i64      first ordinal  of its first excerpt
 * 48  i64      last ordinal   of its last excerpt
 * 56  i64      last index     of its last excerpt
 * 64  u32      last crc       its last excerpt's checksum
 * 68  u32      (zero)
 * 72  i64      excerpts       in the file
 * 80  u32      seal crc       CRC32C of bytes [0, 80)
 * </pre>
 */
record DaySeal(int cycle, int chain, long size, long firstOrdinal, long lastOrdinal, long lastIndex, int lastCrc, long excerpts) {
    static final String SUFFIX = "F.seal";
    private static final byte[] MAGIC = "RJSEAL01".getBytes(StandardCharsets.US_ASCII);
    private static final int BYTES = 96;
    private static final int CRC_AT = 80;

    /** The seal of the day {@code cycle} in {@code dir}. */
    static Path path(Path dir, int cycle) {
        String day = DayFiles.name(cycle);
        return dir.resolve(day.substring(0, day.length() - DayFiles.SUFFIX.length()) + SUFFIX);
    }

    /**
     * Writes the seal for the journal {@code id}, replacing any before it ({@link WholeFile}). Returns why it could not
     * (a full or read-only disk), or null: a seal not written costs the next open a full check of the
     * file, nothing else.
     */
    String write(Path dir, JournalId id) {
        ByteBuffer b = ByteBuffer.allocate(BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.put(MAGIC).put(id.bytes()).putInt(cycle).putInt(chain).putLong(size).putLong(firstOrdinal).putLong(lastOrdinal)
                .putLong(lastIndex).putInt(lastCrc).putInt(0).putLong(excerpts);
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, CRC_AT);
        b.putInt(CRC_AT, (int) crc.getValue());
        b.clear();
        return WholeFile.write(path(dir, cycle), b);
    }

    /** What reading a seal found: the seal, or why there is none to trust ({@code missing} when there is no file at all). */
    record Reading(DaySeal seal, String why, boolean missing) {
    }

    /** Reads the seal of the day {@code cycle}, checked: its own checksum, its magic, the journal's id and the day. */
    static Reading read(Path dir, int cycle, JournalId id) {
        Path p = path(dir, cycle);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(p);
        } catch (NoSuchFileException e) {
            return new Reading(null, "it has no seal", true);
        } catch (IOException e) {
            return new Reading(null, "its seal cannot be read (" + e.getMessage() + ")", false);
        }
        if (bytes.length != BYTES) return new Reading(null, "its seal is " + bytes.length + " bytes, not " + BYTES + " (cut)", false);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, CRC_AT);
        if (b.getInt(CRC_AT) != (int) crc.getValue()) return new Reading(null, "its seal fails its checksum", false);
        if (!Arrays.equals(Arrays.copyOf(bytes, MAGIC.length), MAGIC)) return new Reading(null, "its seal is no seal (magic)", false);
        byte[] sealedId = Arrays.copyOfRange(bytes, 8, 8 + JournalId.BYTES);
        if (id == null || !Arrays.equals(sealedId, id.bytes())) return new Reading(null, "its seal is another journal's", false);
        DaySeal seal = new DaySeal(b.getInt(24), b.getInt(28), b.getLong(32), b.getLong(40), b.getLong(48), b.getLong(56),
                b.getInt(64), b.getLong(72));
        if (seal.cycle != cycle) return new Reading(null, "its seal is of another day's file", false);
        return new Reading(seal, null, false);
    }

    /**
     * Why this seal does not describe {@code file} as it lies, followed by {@code next}; null when it
     * does: the same size, the same first excerpt, and a next file that goes on from the sealed last
     * excerpt. The excerpts between are not read: their checksum is {@code verify}'s.
     */
    String mismatch(DayFiles.DayFile file, DayFiles.DayFile next) {
        if (file.size() != size) {
            return String.format(Locale.ROOT, "it is %,d bytes, its seal says %,d", file.size(), size);
        }
        if (file.first() == null || file.first().ordinal() != firstOrdinal) {
            return "its first excerpt is not ordinal " + firstOrdinal + " as its seal says";
        }
        if (next == null || next.first() == null) return "no day file follows it";
        if (next.first().ordinal() != lastOrdinal + 1 || next.first().prevIndex() != lastIndex) {
            return "its seal ends at ordinal " + lastOrdinal + " (index 0x" + Long.toHexString(lastIndex) + "), the next day file"
                    + " goes on from ordinal " + (next.first().ordinal() - 1) + " (index 0x" + Long.toHexString(next.first().prevIndex()) + ")";
        }
        return null;
    }

    /** A seal's excerpts as a walk or the writer meets them, in order, from the file's first. */
    static final class Chain {
        final int cycle;
        private final long firstOrdinal;
        private final CRC32C crc = new CRC32C();
        private final ByteBuffer word = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
        private long lastOrdinal;
        private long lastIndex;
        private int lastCrc;
        private long excerpts;
        /** Where the day's checkpoints and standing facts lie, as far as its excerpts were marked. */
        final DayMarks.Running marks = new DayMarks.Running();

        Chain(int cycle, long firstOrdinal) {
            this.cycle = cycle;
            this.firstOrdinal = firstOrdinal;
        }

        void add(long index, long ordinal, int excerptCrc) {
            word.clear();
            word.putInt(excerptCrc).flip();
            crc.update(word);
            lastOrdinal = ordinal;
            lastIndex = index;
            lastCrc = excerptCrc;
            excerpts++;
        }

        /** The seal of the file, {@code size} bytes, once its last excerpt was added. */
        DaySeal seal(long size) {
            return new DaySeal(cycle, (int) crc.getValue(), size, firstOrdinal, lastOrdinal, lastIndex, lastCrc, excerpts);
        }
    }
}
