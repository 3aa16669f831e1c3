package dev.routing.engine.sealed;

import dev.routing.projections.privacy.SealedIds;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Every agent's kept messages as a day's seal left them, in a file beside the journal that is
 * written once ({@link KeptWriter}) and then only mapped and read: {@code state/kept-<epoch day>.tbl}.
 * Its body is an opaque table whose form is its reader's; this class only makes sure it is the whole
 * body written for this journal, day and rules. Opening checks the whole file against what the caller
 * expects of it, so a file missing, cut, changed, of another journal, of other rules or covering
 * entries past the checkpoint is refused by name ({@link IdDayFileException}) and never answers.
 *
 * <p>On disk, the header all sealed files share ({@link SealedFileHeader}), little-endian:
 *
 * <pre>
 *  0  4 bytes magic         "RKPT": never read as an id day file ("RIDS"), nor one of those as this
 *  4  u32     format        1
 *  8  16 bytes journal id   the id of the journal whose entries kept these messages
 * 24  i64     epoch day     the UTC day sealed
 * 32  i64     covered index the journal index of an entry at or after the last of the day
 * 40  i64     body length
 * 48  u16     label length  the rules label's UTF-8 bytes
 * 50  u16     agent length  0: the file is of all agents
 * 52  u32     crc           CRC32C of bytes [0, 52), the label and the body
 * 56          label, zeros to a multiple of 8
 *             body          the kept messages' table, as its writer gave it
 * </pre>
 *
 * Written as an id day file is ({@link WholeFile}): a file killed or out of space while written is a
 * temporary one, never read.
 */
public final class KeptFile implements SealedIds.Body {
    static final int FORMAT = 1;
    static final SealedFileHeader.Kind KIND = new SealedFileHeader.Kind("RKPT", "a kept file", FORMAT, List.of(FORMAT), false);
    private static final String PREFIX = "kept-";
    private static final String SUFFIX = ".tbl";

    /**
     * What a file must say to be read: of this journal and day, written under these rules, covering
     * nothing past {@code throughIndex}. The label is always checked: a table of other rules may keep
     * other messages.
     */
    public record Expected(byte[] journalId, long epochDay, String label, long throughIndex) {
        public Expected {
            Objects.requireNonNull(label, "the rules label a kept file must have been written under");
        }
    }

    /** The header as read. */
    public record Header(byte[] journalId, long epochDay, long coveredIndex, String label, int crc) {
    }

    private final SealedFileHeader file;
    private final Header header;

    private KeptFile(SealedFileHeader file) {
        this.file = file;
        this.header = new Header(file.journalId, file.epochDay, file.coveredIndex, file.label, file.crc);
    }

    /** Where the kept file of day {@code epochDay} lies beside the journal in {@code journalDir}. */
    public static Path path(Path journalDir, long epochDay) {
        return journalDir.resolve(IdDayFile.FOLDER).resolve(PREFIX + epochDay + SUFFIX);
    }

    /**
     * The epoch day a kept file's name gives ({@code kept-<day>.tbl}, as {@link #path} spells it), or
     * {@link Long#MAX_VALUE} for any other name: an id day file's, a temporary file's, a day spelled
     * otherwise ({@code +5}, {@code 05}).
     */
    static long dayOf(String name) {
        if (!name.startsWith(PREFIX) || !name.endsWith(SUFFIX)) return Long.MAX_VALUE;
        String day = name.substring(PREFIX.length(), name.length() - SUFFIX.length());
        try {
            long parsed = Long.parseLong(day);
            return Long.toString(parsed).equals(day) ? parsed : Long.MAX_VALUE;
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    /**
     * Maps the file and checks all of it: its header, its checksum over header and body, and that it
     * is what {@code expected} says.
     *
     * @throws IdDayFileException naming the file and why it is not read
     */
    public static KeptFile open(Path path, Expected expected) {
        SealedFileHeader file = SealedFileHeader.open(path, KIND);
        file.check(expected.journalId(), null, expected.epochDay(), expected.label(), expected.throughIndex());
        return new KeptFile(file);
    }

    public Path path() {
        return file.path;
    }

    public Header header() {
        return header;
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
