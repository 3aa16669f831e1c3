package dev.routing.engine.sealed;

import dev.routing.projections.privacy.SealedIds;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Every agent's kept messages as a day's seal left them, in a file beside the journal that is
 * written once ({@link KeptWriter}) and then only mapped and read: {@code state/kept-<epoch day>.tbl}
 * (and, of the same shape, its part and a closed day's turns: {@link Of}).
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
    static final SealedFileHeader.Kind KIND = Of.TABLE.kind;
    private static final String PREFIX = "kept-";

    /**
     * What a kept file holds: a seal's table of every kept message ({@code kept-<day>.tbl}), or its part,
     * what changed since the seal before ({@code kept-<day>.part}), or the turns a closed day opened, as
     * the turn ledger kept them ({@code turns-<day>.tbl}; docs/decisions/0014): each its own magic, so
     * none is read as another.
     */
    public enum Of {
        TABLE(new SealedFileHeader.Kind("RKPT", "a kept file", FORMAT, List.of(FORMAT), false), PREFIX, ".tbl"),
        PART(new SealedFileHeader.Kind("RKPP", "a kept part file", FORMAT, List.of(FORMAT), false), PREFIX, ".part"),
        TURNS(new SealedFileHeader.Kind("RTRN", "a sealed turn day file", FORMAT, List.of(FORMAT), false), "turns-", ".tbl");

        final SealedFileHeader.Kind kind;
        final String prefix;
        final String suffix;

        Of(SealedFileHeader.Kind kind, String prefix, String suffix) {
            this.kind = kind;
            this.prefix = prefix;
            this.suffix = suffix;
        }
    }

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
        return path(journalDir, epochDay, Of.TABLE);
    }

    /** Where the kept file of day {@code epochDay} that holds {@code of} lies beside the journal. */
    public static Path path(Path journalDir, long epochDay, Of of) {
        return journalDir.resolve(IdDayFile.FOLDER).resolve(of.prefix + epochDay + of.suffix);
    }

    /**
     * The epoch day a kept file's name gives ({@code kept-<day>.tbl}, as {@link #path} spells it), or
     * {@link Long#MAX_VALUE} for any other name: an id day file's, a temporary file's, a day spelled
     * otherwise ({@code +5}, {@code 05}).
     */
    public static long dayOf(String name) {
        return dayOf(name, Of.TABLE);
    }

    /** As {@link #dayOf(String)}, for a file that holds {@code of}. */
    public static long dayOf(String name, Of of) {
        if (!name.startsWith(of.prefix) || !name.endsWith(of.suffix) || name.length() < of.prefix.length() + of.suffix.length()) return Long.MAX_VALUE;
        String day = name.substring(of.prefix.length(), name.length() - of.suffix.length());
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
        return open(path, expected, Of.TABLE);
    }

    /** As {@link #open(Path, Expected)}, for a file that holds {@code of}. */
    public static KeptFile open(Path path, Expected expected, Of of) {
        SealedFileHeader file = SealedFileHeader.open(path, of.kind);
        file.check(expected.journalId(), null, expected.epochDay(), expected.label(), expected.throughIndex());
        return new KeptFile(file);
    }

    /**
     * As {@link #open(Path, Expected, Of)}, whatever rules wrote it: for a part whose checksum the
     * checkpoint or the part after it names, which pins the very file (the parts before a restart
     * under other rules are the same journal's kept messages).
     */
    public static KeptFile openAnyRules(Path path, byte[] journalId, long epochDay, long throughIndex, Of of) {
        SealedFileHeader file = SealedFileHeader.open(path, of.kind);
        file.check(journalId, null, epochDay, null, throughIndex);
        return new KeptFile(file);
    }

    public Path path() {
        return file.path;
    }

    public Header header() {
        return header;
    }

    /** The body's bytes, copied: a part's, read whole. */
    public byte[] body() {
        byte[] out = new byte[Math.toIntExact(file.bodyLength)];
        for (int i = 0; i < out.length; i++) out[i] = file.byteAt(i);
        return out;
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
