package dev.routing.projections.retention;

/** Where retention stands: draft entries since the last checkpoint (T3). */
public final class Retention {
    /** A retention checkpoint is due after this many draft entries. */
    public static final int CHECKPOINT_EVERY = 500;
    /** Each resident's newest drafts that are always kept. */
    public static final int KEEP_NEWEST = 100;
    /** How long an older draft is kept after anything last happened to it. */
    public static final long KEEP_TOUCHED_MILLIS = 7L * 24 * 3600 * 1000;

    public long draftEntries;
    public long checkpoints;
}
