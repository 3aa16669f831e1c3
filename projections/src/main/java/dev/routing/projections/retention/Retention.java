package dev.routing.projections.retention;

/**
 * Where retention stands: draft entries since the last checkpoint (T3), and the day old message
 * and turn ids were last let go.
 */
public final class Retention {
    /** A retention checkpoint is due after this many draft entries. */
    public static final int CHECKPOINT_EVERY = 500;
    /** Each resident's newest drafts that are always kept. */
    public static final int KEEP_NEWEST = 100;
    /** How long an older draft is kept after anything last happened to it. */
    public static final long KEEP_TOUCHED_MILLIS = 7L * 24 * 3600 * 1000;

    /**
     * Days the ids of public messages forgotten once read, and of turns opened, stay known: a wake,
     * a read or a redo naming such a message after that counts it as unknown, so private (P2, fail
     * closed); a script of such a turn counts as a private turn's (P13). Thirty days, so that no
     * busy week turns an old public message private (docs/decisions/0004).
     */
    public static final int KEEP_IDS_DAYS = 30;

    /** The UTC day (epoch day) of an instant in epoch millis: the unit ids are kept in. */
    public static long day(long epochMillis) {
        return Math.floorDiv(epochMillis, 86_400_000L);
    }

    /**
     * The day an entry is judged on: the newest of the engine's clock and the entry's own time. Its
     * decisions, deciding and folding, and the fact's own fold all use it, so they agree on the day
     * even at the first fact of a day (whose decisions fold before the clock moves).
     */
    public static long today(long clockMillis, java.time.Instant at) {
        return day(Math.max(clockMillis, at.toEpochMilli()));
    }

    /** The first UTC day whose ids are still kept on {@code today}. */
    public static long keptFrom(long today) {
        return today - KEEP_IDS_DAYS;
    }

    public long draftEntries;
    public long checkpoints;
    /**
     * The UTC day (epoch day) at whose first fact old ids were last let go: once a day, so that a
     * journal replayed whole, from a checkpoint or live lets the same ids go at the same fact.
     */
    public long idsSweptDay;
}
