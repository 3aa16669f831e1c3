package dev.routing.engine.dayaudit;

import dev.routing.engine.audit.AuditWindow;
import dev.routing.engine.audit.Carried;
import dev.routing.engine.context.RuleSet;
import dev.routing.journal.store.Journal;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * The whole journal's audit carried to the end of a sealed day (docs/decisions/0005), kept in
 * {@code state/audit-whole-DAY.bin}, so that an audit of the whole journal as text reads it and folds
 * only the days after, instead of every entry since the journal's first. A week is not the merge of
 * its days' audits; this is the fold itself ({@link Carried}), made from the day before's file and
 * the day (a chain), or from the journal's first entry when no earlier file reads.
 *
 * <p>It is framed as a day's audit is ({@link DayAudit}): a first line {@code RJCARRY1 <CRC32C>},
 * the header of what it was made from (the journal's id, the day, the rules label, and the seal of
 * every day file from the journal's first to the day), then the fold's bytes. It is read only when
 * each of those is what the journal and this build say now; anything else is a reason, said, and the
 * journal is audited from its first entry.
 */
public final class WholeAudit {
    /** The form of the file and of the fold in it: bump it when the fold's bytes or what an audit says changes. */
    public static final int FORM = 1;
    private static final String MAGIC = "RJCARRY1 ";
    private static final String PREFIX = "audit-whole-";
    private static final String SUFFIX = ".bin";
    /** Under what one array holds: a larger file is not one. */
    private static final long LARGEST = Integer.MAX_VALUE - 64;

    private WholeAudit() {}

    /** What reading a carried file found: the fold, or why it is not read ({@code missing}: there is no file). */
    public record Loaded(int day, DayAudit.Made made, Carried carried, String why, boolean missing) {
    }

    public static Path path(Path dir, int day) {
        return dir.resolve("state").resolve(PREFIX + day + SUFFIX);
    }

    /**
     * Carries the whole journal's audit to the end of the sealed {@code day}, from the newest earlier
     * day's file that reads ({@code said} is told why one does not), else from the first entry.
     *
     * @return why it was not written (a day it reads is not sealed), or null
     * @throws java.io.UncheckedIOException when the disk refuses the file: nothing is left under its name
     * @throws java.util.concurrent.CancellationException when {@code progress} throws it: nothing is written
     */
    public static String write(Journal journal, int day, LongConsumer progress, Consumer<String> said) {
        if (journal.sealedDay(day) == null) return "the day " + day + " is not sealed";
        int first = Journal.cycleOf(journal.firstIndex());
        DayAudit.Seals seals = DayAudit.seals(journal, first, day);
        if (seals.why() != null) return seals.why();
        Carried base = null;
        for (int earlier = day - 1; earlier >= first && base == null; earlier--) {
            if (!Files.exists(path(journal.dir(), earlier))) continue;
            Loaded loaded = read(journal, earlier);
            if (loaded.carried() != null) base = loaded.carried();
            else said.accept("the whole audit carried to day " + earlier + " is not read: " + loaded.why());
        }
        Carried carried = AuditWindow.carry(journal, base, journal.indexAt(DayAudit.start(day + 1)), progress);
        DayAudit.Made made = new DayAudit.Made(FORM, HexFormat.of().formatHex(journal.id()), day, RuleSet.CURRENT.label(), seals.seals());
        byte[] rest;
        try {
            rest = DayAudit.headed(made, carried.pack());
        } catch (IOException e) {
            return "its header does not write (" + e.getMessage() + ")";
        }
        progress.accept(carried.entries()); // once more before the file: a caller that stops by throwing writes nothing
        DayAudit.writeWhole(path(journal.dir(), day), DayAudit.firstLine(MAGIC, rest), ByteBuffer.wrap(rest));
        return null;
    }

    /** Reads {@code day}'s carried file if it is the fold the journal, as it lies, and this build would carry. */
    public static Loaded read(Journal journal, int day) {
        Loaded loaded = load(journal.dir(), day);
        String why = loaded.why() != null ? loaded.why() : check(journal, loaded);
        return why == null ? loaded : new Loaded(day, loaded.made(), null, why, loaded.missing());
    }

    /** Reads {@code day}'s carried file in the journal folder {@code dir} by itself, to {@link #check} against the journal. */
    public static Loaded load(Path dir, int day) {
        DayAudit.Framed f = DayAudit.frame(path(dir, day), MAGIC, LARGEST, day, FORM, "carried audit");
        if (f.why() != null) return new Loaded(day, f.made(), null, f.why(), f.missing());
        try {
            return new Loaded(day, f.made(), Carried.unpack(f.bytes(), f.bodyFrom(), f.bytes().length), null, false);
        } catch (RuntimeException e) {
            return new Loaded(day, f.made(), null, "its fold does not read (" + e.getMessage() + ")", false);
        }
    }

    /** Why a loaded file is not the fold of the journal as it lies (another journal's, other rules, a day file not sealed as it was), or null. */
    public static String check(Journal journal, Loaded loaded) {
        // every day file from the journal's first is named, and each seal must hold as it was
        return DayAudit.check(journal, loaded.made(), loaded.day());
    }

    /** The newest day with a carried file in the journal folder {@code dir}, or -1. */
    public static int newest(Path dir) {
        int newest = -1;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir.resolve("state"), PREFIX + "*" + SUFFIX)) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                try {
                    newest = Math.max(newest, Integer.parseInt(name.substring(PREFIX.length(), name.length() - SUFFIX.length())));
                } catch (NumberFormatException notOurs) {
                    // a file of another name beside them is not one
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return newest;
    }
}
