package dev.routing.engine.sealed;

import dev.routing.projections.privacy.SealedIds;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * One agent's forgotten ids of one closed day, in a file beside the journal that is written once
 * ({@link IdDayWriter}) and then only mapped and read (docs/decisions/0011): {@code state/ids-<epoch
 * day>-<agent key>.tbl}. Opening checks the whole file against what the caller expects of it, so a
 * file missing, cut, changed, of another journal, of other rules or covering entries past the
 * checkpoint is refused by name ({@link IdDayFileException}) and never answers.
 *
 * <p>On disk, the header all sealed files share ({@link SealedFileHeader}), little-endian:
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
    static final int FORMAT = 3;
    /** The earlier format this build still reads: every entry live, no log's. */
    static final int FORMAT_ALL_LIVE = 2;
    static final SealedFileHeader.Kind KIND = new SealedFileHeader.Kind("RIDS", "an id day file", FORMAT, List.of(FORMAT_ALL_LIVE, FORMAT), true);
    /** Where the header's fixed part ends and where its checksum lies ({@link SealedFileHeader}'s, named here for the tests that fake a file). */
    static final int FIXED = SealedFileHeader.FIXED;
    static final int CRC_AT = SealedFileHeader.CRC_AT;
    /** The folder beside the journal's own files that holds them. */
    public static final String FOLDER = "state";

    /** What a file must say to be read: of this journal, agent and day, written under these rules, covering nothing past {@code throughIndex}. */
    public record Expected(byte[] journalId, String agent, long epochDay, String label, long throughIndex) {
    }

    /** The header as read. */
    public record Header(byte[] journalId, long epochDay, long coveredIndex, String label, String agent, int crc) {
    }

    private final SealedFileHeader file;
    private final Header header;
    private final SealedIds ids;

    private IdDayFile(SealedFileHeader file) {
        this.file = file;
        this.header = new Header(file.journalId, file.epochDay, file.coveredIndex, file.label, file.agent, file.crc);
        try {
            this.ids = SealedIds.over(header.epochDay(), this);
        } catch (IllegalArgumentException e) {
            throw new IdDayFileException(file.path, "its table is malformed: " + e.getMessage());
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
        SealedFileHeader file = SealedFileHeader.open(path, KIND);
        file.check(expected.journalId(), expected.agent(), expected.epochDay(), expected.label(), expected.throughIndex());
        return new IdDayFile(file);
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
            throw new IdDayFileException(file.path, "its entries are " + ids.entriesLength() + " bytes, shorter than the " + length + " named");
        }
        byte[] out = new byte[(int) length];
        file.map.get((int) (file.bodyAt + ids.entriesAt()), out);
        return out;
    }

    public Path path() {
        return file.path;
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
        return file.bodyLength;
    }

    @Override
    public long longAt(long at) {
        return file.longAt(at);
    }

    @Override
    public byte byteAt(long at) {
        return file.byteAt(at);
    }
}
