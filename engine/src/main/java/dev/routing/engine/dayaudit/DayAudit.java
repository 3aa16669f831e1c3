package dev.routing.engine.dayaudit;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.routing.engine.audit.AuditReport;
import dev.routing.engine.audit.AuditSummary;
import dev.routing.engine.audit.AuditWindow;
import dev.routing.engine.audit.FindingsWhy;
import dev.routing.engine.context.RuleSet;
import dev.routing.engine.sealed.WholeFile;
import dev.routing.journal.codec.EntryCodec;
import dev.routing.journal.store.Journal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.function.LongConsumer;
import java.util.zip.CRC32C;

/**
 * A sealed day's audit, persisted beside the journal (docs/decisions/0013): what the text report of
 * {@code audit --from DAY --to DAY+1} says ({@link AuditSummary}), kept in {@code state/audit-DAY.json}
 * so that an audit of that day reads a file instead of folding a million entries.
 *
 * <p>A sealed day's audit is as fixed as the day, but it is read from more than the day: from the
 * state checkpoint before the day's start, under this build's rules. So the file names what it was
 * made from: the journal's id, the day, the rules label its privacy reading applied, and the seal
 * of every day file it read (its last index, excerpts and checksum chain). It is read only when each
 * of those is what the journal and this build say now, and its own checksum holds; anything else
 * (missing, cut, changed, another journal's, other rules, a day file that no longer matches the seal
 * it was made from) is a reason, and the day is audited from the journal as if there were no file.
 *
 * <p>On disk: a first line {@code RJAUDIT1 <CRC32C of the rest, 8 hex digits>}, then a line of the
 * header's JSON ({@link Made}), then the summary's JSON.
 */
public final class DayAudit {
    /** The form of the file and of the summary in it: bump it when what an audit of a day says changes. */
    public static final int FORM = 2; // 2: each finding's chain is its own publish request's, not its attempt id's
    private static final String MAGIC = "RJAUDIT1 ";
    private static final ObjectMapper JSON = EntryCodec.mapper();
    /** What every writer of a day's audit holds while it writes ({@link #writeWhole}). */
    private static final String LOCK = "audit.lock";
    /** More than any day's summary (a busy simulated day's is 1 MB): a file larger is not one, and is not read whole. */
    private static final long LARGEST = 64L << 20;

    private DayAudit() {}

    /**
     * What a day's audit was made from: {@code form}, the journal's {@code id} (hex), the {@code day}
     * (days since 1970-01-01, the journal's day file), the {@code rules} label of the privacy reading,
     * and the {@code seals} of the day files it read, oldest first.
     */
    public record Made(int form, String journal, int day, String rules, List<Journal.SealedDay> seals) {
    }

    /** What reading a day's file found: the summary, or why it is not read ({@code missing}: there is no file). */
    public record Reading(AuditSummary summary, String why, boolean missing) {
    }

    /**
     * A day's file as it reads by itself ({@link #load}): what it says it was made from and its
     * summary, or why it does not read. Whether it is the journal's is {@link #check}'s to say.
     */
    public record Loaded(int day, Made made, AuditSummary summary, String why, boolean missing) {
    }

    /** The file of {@code day}'s audit in the journal folder {@code dir}. */
    public static Path path(Path dir, int day) {
        return dir.resolve("state").resolve("audit-" + day + ".json");
    }

    /** The first instant of {@code day} (days since 1970-01-01, UTC: a day file's span). */
    public static Instant start(int day) {
        return Instant.ofEpochSecond(day * 86_400L);
    }

    /**
     * Audits the sealed {@code day} of the journal and writes its file, replacing any.
     *
     * @return why it was not written (the day, or a day the audit reads, is not sealed), or null
     * @throws java.io.UncheckedIOException when the disk refuses the file: nothing is left under its name
     * @throws java.util.concurrent.CancellationException when {@code progress} throws it (it is told once
     *         more before the file is written): nothing is written
     */
    public static String write(Journal journal, int day, LongConsumer progress) {
        if (journal.sealedDay(day) == null) return "the day " + day + " is not sealed";
        AuditReport report = AuditWindow.run(journal, start(day), start(day + 1), null, progress);
        int first = Journal.cycleOf(report.read().checkpointIndex() >= 0 ? report.read().checkpointIndex() : journal.firstIndex());
        Seals seals = seals(journal, first, day);
        if (seals.why() != null) return seals.why();
        FindingsWhy why = report.findings().isEmpty() ? FindingsWhy.none() : FindingsWhy.of(journal, report);
        AuditSummary summary = AuditSummary.of(report, why);
        Made made = new Made(FORM, HexFormat.of().formatHex(journal.id()), day, RuleSet.CURRENT.label(), seals.seals());
        byte[] rest;
        try {
            byte[] body = JSON.writeValueAsBytes(summary);
            // a summary that would not read back as itself (text the codec refuses) is no file to keep
            if (!summary.equals(JSON.readValue(body, AuditSummary.class))) return "its summary does not read back as itself";
            byte[] line = java.util.Arrays.copyOf(body, body.length + 1);
            line[body.length] = '\n';
            rest = headed(made, line);
        } catch (IOException | RuntimeException e) {
            return "its summary does not read back as itself (" + e.getMessage() + ")";
        }
        progress.accept(report.read().entries()); // once more before the file: a caller that stops by throwing writes nothing
        writeWhole(journal.dir(), day, firstLine(MAGIC, rest), ByteBuffer.wrap(rest));
        return null;
    }

    /** The seals of the day files from {@code first} to {@code day} that an audit read, or why one is not sealed. */
    record Seals(List<Journal.SealedDay> seals, String why) {
    }

    static Seals seals(Journal journal, int first, int day) {
        List<Journal.SealedDay> seals = new ArrayList<>();
        for (int d = first; d <= day; d++) {
            Journal.SealedDay seal = journal.sealedDay(d);
            // a day with no file (no traffic) is no part of the reading; one not trusted is
            if (seal == null && journal.indexAt(start(d)) != journal.indexAt(start(d + 1))) {
                return new Seals(null, "the day " + d + ", which the audit of day " + day + " reads, is not sealed");
            }
            if (seal != null) seals.add(seal);
        }
        return new Seals(List.copyOf(seals), null);
    }

    /**
     * Writes the file whole ({@link WholeFile}), one writer at a time: a sidecar's auditor and an
     * operator's {@code audit-days} may write the same day at once, and two writers of one temporary
     * file would rename half of it into place. One at a time in this process (the monitor), and
     * across processes (an OS lock on {@code state/audit.lock}, which the monitor keeps this process
     * from taking twice).
     */
    static void writeWhole(Path dir, int day, ByteBuffer header, ByteBuffer body) {
        writeWhole(path(dir, day), header, body);
    }

    static void writeWhole(Path target, ByteBuffer header, ByteBuffer body) {
        synchronized (DayAudit.class) {
            try {
                Files.createDirectories(target.getParent());
                try (FileChannel lock = FileChannel.open(target.resolveSibling(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                        FileLock held = lock.lock()) {
                    WholeFile.write(target, header, body);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
            }
        }
    }

    /** The first line of a file of the audit's persisted forms, for {@code rest}: {@code magic} and its CRC32C. */
    static ByteBuffer firstLine(String magic, byte[] rest) {
        return ByteBuffer.wrap((magic + hex(crc(rest, 0, rest.length)) + "\n").getBytes(StandardCharsets.US_ASCII));
    }

    /** The header's line and the body after it. */
    static byte[] headed(Made made, byte[] body) throws IOException {
        byte[] header = JSON.writeValueAsBytes(made);
        byte[] rest = new byte[header.length + 1 + body.length];
        System.arraycopy(header, 0, rest, 0, header.length);
        rest[header.length] = '\n';
        System.arraycopy(body, 0, rest, header.length + 1, body.length);
        return rest;
    }

    /** Reads {@code day}'s file if it is the audit the journal, as it lies, and this build would make now. */
    public static Reading read(Journal journal, int day) {
        Loaded loaded = load(journal.dir(), day);
        String why = loaded.why() != null ? loaded.why() : check(journal, loaded);
        return new Reading(why == null ? loaded.summary() : null, why, loaded.missing());
    }

    /**
     * Reads {@code day}'s file in the journal folder {@code dir} by itself, without the journal: its
     * checksum, form, day and summary. A command may do it while the journal opens, then
     * {@link #check} it against the journal before it uses anything of it.
     */
    public static Loaded load(Path dir, int day) {
        Framed f = frame(path(dir, day), MAGIC, LARGEST, day, FORM, "day's audit");
        if (f.why() != null) return new Loaded(day, f.made(), null, f.why(), f.missing());
        AuditSummary summary;
        try {
            summary = JSON.readValue(f.bytes(), f.bodyFrom(), f.bytes().length - f.bodyFrom(), AuditSummary.class);
        } catch (IOException | RuntimeException e) {
            return new Loaded(day, f.made(), null, "its summary does not read (" + e.getMessage() + ")", false);
        }
        if (summary == null) return new Loaded(day, f.made(), null, "it holds no summary", false);
        return new Loaded(day, f.made(), summary, null, false);
    }

    /**
     * A file of one of the audit's persisted forms read whole: its first line ({@code magic} and the
     * CRC32C of the rest), its header ({@link Made}, of {@code form} and {@code day}), and where its
     * body starts; or why it does not read ({@code missing}: there is no file).
     */
    record Framed(Made made, byte[] bytes, int bodyFrom, String why, boolean missing) {
        static Framed not(Made made, String why) {
            return new Framed(made, null, -1, why, false);
        }
    }

    static Framed frame(Path file, String magic, long largest, int day, int form, String what) {
        int firstLine = magic.length() + 8 + 1;
        byte[] bytes;
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            if (!attributes.isRegularFile()) return Framed.not(null, "it is not a regular file");
            if (attributes.size() > largest) return Framed.not(null, "it is " + attributes.size() + " bytes, more than any " + what);
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return new Framed(null, null, -1, "there is none", true);
        } catch (IOException e) {
            return Framed.not(null, "it cannot be read (" + e.getMessage() + ")");
        }
        String first = new String(bytes, 0, Math.min(bytes.length, firstLine), StandardCharsets.US_ASCII);
        if (bytes.length < firstLine || !first.startsWith(magic) || first.charAt(firstLine - 1) != '\n') {
            return Framed.not(null, "it is cut or not a " + what + " (" + bytes.length + " bytes)");
        }
        // compared as written, lowercase: a digit's case flipped is a changed byte too
        if (!first.substring(magic.length(), firstLine - 1).equals(hex(crc(bytes, firstLine, bytes.length - firstLine)))) {
            return Framed.not(null, "its checksum does not hold: it was cut or changed");
        }
        int headerEnd = indexOf(bytes, (byte) '\n', firstLine);
        Made made;
        try {
            made = JSON.readValue(bytes, firstLine, headerEnd - firstLine, Made.class);
        } catch (IOException | RuntimeException e) {
            return Framed.not(null, "its header does not read (" + e.getMessage() + ")");
        }
        if (made == null || made.journal() == null || made.rules() == null || made.seals() == null || made.seals().contains(null)) {
            return Framed.not(null, "its header does not say what it was made from");
        }
        if (made.form() != form) return Framed.not(made, "it is of form " + made.form() + ", and this build makes form " + form);
        if (made.day() != day) return Framed.not(made, "it is the audit of day " + made.day());
        return new Framed(made, bytes, Math.min(bytes.length, headerEnd + 1), null, false);
    }

    /**
     * Why a file that {@link #load} read whole is not the audit this build would make of the journal
     * as it lies (another journal's, other rules, a day file not sealed as it was), or null.
     */
    public static String check(Journal journal, Loaded loaded) {
        return check(journal, loaded.made(), loaded.day());
    }

    /** As above, for a header {@code made} of what {@code day}'s file was made from. */
    static String check(Journal journal, Made made, int day) {
        if (journal.id() == null || !made.journal().equals(HexFormat.of().formatHex(journal.id()))) {
            return "it is another journal's (" + made.journal() + ")";
        }
        if (!made.rules().equals(RuleSet.CURRENT.label())) {
            return "it read private input under the " + made.rules() + " rules, and this build's are " + RuleSet.CURRENT.label();
        }
        for (Journal.SealedDay then : made.seals()) {
            Journal.SealedDay now = journal.sealedDay(then.day());
            if (!then.equals(now)) {
                return "the day file of day " + then.day() + (now == null ? " is not sealed now" : " is not the one it was made from");
            }
        }
        if (made.seals().isEmpty() || made.seals().get(made.seals().size() - 1).day() != day) return "it names no seal of its day";
        return null;
    }

    private static long crc(byte[] bytes, int from, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, from, length);
        return crc.getValue();
    }

    private static String hex(long crc) {
        return String.format(Locale.ROOT, "%08x", crc);
    }

    private static int indexOf(byte[] bytes, byte b, int from) {
        for (int i = from; i < bytes.length; i++) if (bytes[i] == b) return i;
        return bytes.length;
    }
}
