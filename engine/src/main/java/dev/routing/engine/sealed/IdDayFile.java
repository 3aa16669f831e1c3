package dev.routing.engine.sealed;

import dev.routing.projections.privacy.SealedIds;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.zip.CRC32C;

/**
 * One agent's forgotten ids of one closed day, in a file beside the journal that is written once
 * ({@link IdDayWriter}) and then only mapped and read (docs/decisions/0011): {@code state/ids-<epoch
 * day>-<agent key>.tbl}. Opening checks the whole file against what the caller expects of it, so a
 * file missing, cut, changed, of another journal, of other rules or covering entries past the
 * checkpoint is refused by name ({@link IdDayFileException}) and never answers.
 *
 * <p>On disk, little-endian:
 *
 * <pre>
 *  0  4 bytes magic         "RIDS"
 *  4  u32     format        3; 2 is read as well (its entries are all live, a case of 3's); 1 (a table
 *                          of a power of two slots, untagged) is refused, and rebuilt from the journal
 *  8  16 bytes journal id   the id of the journal whose entries let these ids go
 * 24  i64     epoch day     the UTC day the ids were let go on
 * 32  i64     covered index the journal index of an entry at or after the last that let one go
 * 40  i64     body length
 * 48  u16     label length  the rules label's UTF-8 bytes
 * 50  u16     agent length  the agent's UTF-8 bytes
 * 52  u32     crc           CRC32C of bytes [0, 52), the label, the agent and the body
 * 56          label, agent, zeros to a multiple of 8
 *             body          the table ({@link SealedIds}); from format 3, a day the engine logged
 *                          ({@link IdDayLog}) holds its log's entries byte for byte
 * </pre>
 *
 * The header is written after the body has been forced to disk, and the file renamed into place
 * after the header has: a file killed or out of space while written is a temporary one, never read.
 */
public final class IdDayFile implements SealedIds.Body {
    static final byte[] MAGIC = "RIDS".getBytes(StandardCharsets.US_ASCII);
    static final int FORMAT = 3;
    /** The earlier format this build still reads: every entry live, no log's. */
    static final int FORMAT_ALL_LIVE = 2;
    static final int FIXED = 56;
    static final int CRC_AT = 52;
    /** The folder beside the journal's own files that holds them. */
    public static final String FOLDER = "state";

    /** What a file must say to be read: of this journal, agent and day, written under these rules, covering nothing past {@code throughIndex}. */
    public record Expected(byte[] journalId, String agent, long epochDay, String label, long throughIndex) {
    }

    /** The header as read. */
    public record Header(byte[] journalId, long epochDay, long coveredIndex, String label, String agent, int crc) {
    }

    private final Path path;
    private final MappedByteBuffer map;
    private final long bodyAt;
    private final long bodyLength;
    private final Header header;
    private final SealedIds ids;

    private IdDayFile(Path path, MappedByteBuffer map, long bodyAt, long bodyLength, Header header) {
        this.path = path;
        this.map = map;
        this.bodyAt = bodyAt;
        this.bodyLength = bodyLength;
        this.header = header;
        try {
            this.ids = SealedIds.over(header.epochDay(), this);
        } catch (IllegalArgumentException e) {
            throw new IdDayFileException(path, "its table is malformed: " + e.getMessage());
        }
    }

    /** Where the file of {@code agent}'s day {@code epochDay} lies beside the journal in {@code journalDir}. */
    public static Path path(Path journalDir, String agent, long epochDay) {
        return journalDir.resolve(FOLDER).resolve("ids-" + epochDay + "-" + agentKey(agent) + ".tbl");
    }

    /** The epoch day a file's name gives ({@code ids-<day>-...}), or {@link Long#MAX_VALUE} for a name of no day file. */
    static long dayOf(String name) {
        if (!name.startsWith("ids-")) return Long.MAX_VALUE;
        int dash = name.indexOf('-', 4);
        try {
            return dash < 0 ? Long.MAX_VALUE : Long.parseLong(name.substring(4, dash));
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    /** A name for the agent fit for any file system: the first 16 hex digits of its UTF-8's SHA-256 (the header holds it whole). */
    static String agentKey(String agent) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(agent.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is in every JVM", e);
        }
    }

    /**
     * Maps the file and checks all of it: its header, its checksum over header and body, and that it
     * is what {@code expected} says.
     *
     * @throws IdDayFileException naming the file and why it is not read
     */
    public static IdDayFile open(Path path, Expected expected) {
        MappedByteBuffer map;
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size < FIXED) throw new IdDayFileException(path, "cut short: " + size + " bytes, its header alone is " + FIXED);
            if (size > Integer.MAX_VALUE) throw new IdDayFileException(path, "of " + size + " bytes, more than a day's table can be");
            map = channel.map(FileChannel.MapMode.READ_ONLY, 0, size);
        } catch (NoSuchFileException e) {
            throw new IdDayFileException(path, "missing");
        } catch (IOException e) {
            throw new IdDayFileException(path, "unreadable: " + e.getMessage());
        }
        map.order(ByteOrder.LITTLE_ENDIAN);
        IdDayFile file = read(path, map);
        file.check(expected);
        return file;
    }

    private static IdDayFile read(Path path, MappedByteBuffer map) {
        int size = map.capacity();
        byte[] magic = new byte[MAGIC.length];
        map.get(0, magic);
        if (!Arrays.equals(magic, MAGIC)) throw new IdDayFileException(path, "not an id day file (its magic is not \"RIDS\")");
        int format = map.getInt(4);
        if (format != FORMAT && format != FORMAT_ALL_LIVE) {
            throw new IdDayFileException(path, "of format " + format + ", this build reads " + FORMAT_ALL_LIVE + " and " + FORMAT);
        }
        long bodyLength = map.getLong(40);
        int labelLength = Short.toUnsignedInt(map.getShort(48));
        int agentLength = Short.toUnsignedInt(map.getShort(50));
        long bodyAt = bodyStart(labelLength, agentLength);
        if (bodyLength < 0 || bodyAt + bodyLength != size) {
            throw new IdDayFileException(path, (bodyLength >= 0 && bodyAt + bodyLength > size ? "cut short: " : "not of its header's length: ")
                    + size + " bytes, its header says " + (bodyLength < 0 ? "a body of " + bodyLength : bodyAt + bodyLength));
        }
        CRC32C crc = new CRC32C();
        crc.update(map.slice(0, CRC_AT));
        crc.update(map.slice(FIXED, size - FIXED));
        int stored = map.getInt(CRC_AT);
        if ((int) crc.getValue() != stored) throw new IdDayFileException(path, "its checksum fails: a byte changed since it was written");
        byte[] id = new byte[16];
        map.get(8, id);
        byte[] label = new byte[labelLength];
        map.get(FIXED, label);
        byte[] agent = new byte[agentLength];
        map.get(FIXED + labelLength, agent);
        Header header = new Header(id, map.getLong(24), map.getLong(32), new String(label, StandardCharsets.UTF_8),
                new String(agent, StandardCharsets.UTF_8), stored);
        return new IdDayFile(path, map, bodyAt, bodyLength, header);
    }

    static long bodyStart(int labelLength, int agentLength) {
        return (FIXED + labelLength + agentLength + 7L) & ~7L;
    }

    /**
     * Maps the file and checks all of it, and that it is of this journal, agent and day, whatever
     * rules wrote it and however far it covers: for the prefix of its entries that a checkpoint named
     * as a log ({@link IdDayLog#entries}), which that checkpoint's checksum checks.
     *
     * @throws IdDayFileException naming the file and why it is not read
     */
    static IdDayFile openAny(Path path, byte[] journalId, String agent, long epochDay) {
        return open(path, new Expected(journalId, agent, epochDay, null, Long.MAX_VALUE));
    }

    /** The first {@code length} bytes of the table's entries. */
    byte[] entriesPrefix(long length) {
        if (length > ids.entriesLength()) {
            throw new IdDayFileException(path, "its entries are " + ids.entriesLength() + " bytes, shorter than the " + length + " named");
        }
        byte[] out = new byte[(int) length];
        map.get((int) (bodyAt + ids.entriesAt()), out);
        return out;
    }

    private void check(Expected expected) {
        if (!Arrays.equals(header.journalId(), expected.journalId())) {
            throw new IdDayFileException(path, "of another journal (its journal id " + HexFormat.of().formatHex(header.journalId())
                    + ", this journal's " + (expected.journalId() == null ? "none" : HexFormat.of().formatHex(expected.journalId())) + ")");
        }
        if (!header.agent().equals(expected.agent())) throw new IdDayFileException(path, "of agent " + header.agent() + ", not " + expected.agent());
        if (header.epochDay() != expected.epochDay()) {
            throw new IdDayFileException(path, "of epoch day " + header.epochDay() + ", not " + expected.epochDay());
        }
        if (expected.label() != null && !header.label().equals(expected.label())) {
            throw new IdDayFileException(path, "stale: written under the rules " + header.label() + ", not " + expected.label());
        }
        if (header.coveredIndex() > expected.throughIndex()) {
            throw new IdDayFileException(path, "stale: it covers the journal to index 0x" + Long.toHexString(header.coveredIndex())
                    + ", past the checkpoint's 0x" + Long.toHexString(expected.throughIndex()));
        }
    }

    public Path path() {
        return path;
    }

    public Header header() {
        return header;
    }

    /** The day's ids, read in place. */
    public SealedIds ids() {
        return ids;
    }

    @Override
    public long length() {
        return bodyLength;
    }

    @Override
    public long longAt(long at) {
        return map.getLong((int) (bodyAt + at));
    }

    @Override
    public byte byteAt(long at) {
        return map.get((int) (bodyAt + at));
    }

    /** The header's bytes for a body of {@code bodyLength} and its checksum over {@code body}: {@link IdDayWriter}'s. */
    static ByteBuffer header(byte[] journalId, String agent, long epochDay, long coveredIndex, String label, ByteBuffer body) {
        byte[] labelBytes = label.getBytes(StandardCharsets.UTF_8);
        byte[] agentBytes = agent.getBytes(StandardCharsets.UTF_8);
        if (labelBytes.length > 0xFFFF || agentBytes.length > 0xFFFF) throw new IllegalArgumentException("a label or agent over 65535 bytes");
        if (journalId == null || journalId.length != 16) throw new IllegalArgumentException("a journal id of 16 bytes is needed");
        int length = (int) bodyStart(labelBytes.length, agentBytes.length);
        ByteBuffer h = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        h.put(0, MAGIC).putInt(4, FORMAT).put(8, journalId).putLong(24, epochDay).putLong(32, coveredIndex)
                .putLong(40, body.remaining()).putShort(48, (short) labelBytes.length).putShort(50, (short) agentBytes.length)
                .put(FIXED, labelBytes).put(FIXED + labelBytes.length, agentBytes);
        CRC32C crc = new CRC32C();
        crc.update(h.slice(0, CRC_AT));
        crc.update(h.slice(FIXED, length - FIXED));
        crc.update(body.duplicate());
        h.putInt(CRC_AT, (int) crc.getValue());
        return h;
    }
}
