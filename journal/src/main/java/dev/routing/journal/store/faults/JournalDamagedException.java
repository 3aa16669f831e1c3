package dev.routing.journal.store.faults;

import java.nio.file.Path;

/**
 * The journal is not what its writer acknowledged: an excerpt fails its checksum, an ordinal is
 * missing or out of order, a day file is missing, empty or cut. Every reader refuses with this one
 * message, naming the file, the index and the ordinal where the damage is, and the writer refuses to
 * append to it; {@code salvage} copies what comes before the damage into a new journal.
 */
public final class JournalDamagedException extends RuntimeException {
    private final Path dir;
    private final String file;
    private final long index;
    private final long ordinal;

    /**
     * @param file the day file (its name), or null when none is to blame
     * @param index the Chronicle index where the damage is, or -1
     * @param ordinal the excerpt ordinal expected there, or -1
     */
    public JournalDamagedException(Path dir, String what, String file, long index, long ordinal) {
        super("journal " + dir + " is damaged: " + what + where(file, index, ordinal)
                + ". Nothing was read past it; `replay-cli salvage --journal " + dir
                + " --to NEW_DIR` copies every whole, checked entry before it into a new journal");
        this.dir = dir;
        this.file = file;
        this.index = index;
        this.ordinal = ordinal;
    }

    private static String where(String file, long index, long ordinal) {
        StringBuilder s = new StringBuilder();
        if (file != null) s.append("file ").append(file);
        if (index >= 0) s.append(s.isEmpty() ? "" : ", ").append("index 0x").append(Long.toHexString(index));
        if (ordinal >= 0) s.append(s.isEmpty() ? "" : ", ").append("ordinal ").append(ordinal);
        return s.isEmpty() ? "" : " (" + s + ")";
    }

    public Path dir() {
        return dir;
    }

    /** The day file at fault, or null. */
    public String file() {
        return file;
    }

    public long index() {
        return index;
    }

    public long ordinal() {
        return ordinal;
    }
}
